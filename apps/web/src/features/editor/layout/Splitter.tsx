import { type KeyboardEvent, type PointerEvent, useRef } from "react";
import styles from "./Workbench.module.css";

/**
 * The edge between two panes (a WAI-ARIA window splitter): drag it, or focus it and use the
 * arrow keys (Shift for bigger steps), Home and End; Enter or a double click closes the pane.
 * `direction` says which way a positive drag grows the pane.
 */
export function Splitter({
  label,
  orientation,
  size,
  min,
  max,
  direction,
  onResize,
  onCollapse,
  controls,
}: {
  label: string;
  orientation: "vertical" | "horizontal";
  size: number;
  min: number;
  max: number;
  direction: 1 | -1;
  onResize: (size: number) => void;
  onCollapse: () => void;
  controls: string;
}) {
  const drag = useRef<{ start: number; size: number } | null>(null);
  const position = (event: PointerEvent) => (orientation === "vertical" ? event.clientX : event.clientY);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { start: position(event), size };
    document.body.dataset.resizing = orientation;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    onResize(drag.current.size + (position(event) - drag.current.start) * direction);
  };
  const end = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture(event.pointerId);
    delete document.body.dataset.resizing;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 64 : 16;
    const grow = orientation === "vertical" ? ["ArrowRight", "ArrowLeft"] : ["ArrowDown", "ArrowUp"];
    if (event.key === grow[0]) onResize(size + step * direction);
    else if (event.key === grow[1]) onResize(size - step * direction);
    else if (event.key === "Home") onResize(min);
    else if (event.key === "End") onResize(max);
    else if (event.key === "Enter") onCollapse();
    else return;
    event.preventDefault();
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable window splitter has no native element.
    <div
      role="separator"
      aria-label={label}
      aria-orientation={orientation}
      aria-controls={controls}
      aria-valuenow={size}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      className={orientation === "vertical" ? styles.splitterV : styles.splitterH}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      onDoubleClick={onCollapse}
      onKeyDown={onKeyDown}
    />
  );
}
