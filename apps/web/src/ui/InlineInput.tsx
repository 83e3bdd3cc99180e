import { useEffect, useRef } from "react";
import styles from "./InlineInput.module.css";

/**
 * An inline name field (new folder, rename): Enter or blur commits, Escape cancels (spec 1 §4).
 * It takes the focus once a closing menu has given it back, and keeps its keys and clicks to itself.
 */
export function InlineInput({
  label,
  initial,
  onCommit,
  onCancel,
  className,
}: {
  label: string;
  initial: string;
  onCommit: (value: string) => void;
  onCancel: () => void;
  className?: string;
}) {
  const done = useRef(false);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const id = setTimeout(() => {
      ref.current?.focus();
      ref.current?.select();
    }, 0);
    return () => clearTimeout(id);
  }, []);
  return (
    <input
      ref={ref}
      aria-label={label}
      className={[styles.input, className].filter(Boolean).join(" ")}
      defaultValue={initial}
      onPointerDown={(event) => event.stopPropagation()}
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === "Enter") {
          done.current = true;
          onCommit(event.currentTarget.value);
        } else if (event.key === "Escape") {
          done.current = true;
          onCancel();
        }
      }}
      onBlur={(event) => {
        if (done.current) return;
        done.current = true;
        onCommit(event.currentTarget.value);
      }}
    />
  );
}
