import { useState } from "react";
import styles from "./Avatar.module.css";

export function initials(name: string): string {
  const parts = name
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : (parts[0]?.slice(0, 1) ?? "?");
  return letters.toUpperCase();
}

/** A person's avatar: the picture when it loads, otherwise their initials. */
export function Avatar({
  name,
  src,
  size = 24,
  square,
}: {
  name: string;
  src?: string | null;
  size?: number;
  square?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <span
      className={styles.avatar}
      style={{
        width: size,
        height: size,
        fontSize: Math.max(10, Math.round(size * 0.42)),
        borderRadius: square ? 4 : undefined,
      }}
      aria-hidden="true"
    >
      {src && !failed ? <img src={src} alt="" onError={() => setFailed(true)} /> : initials(name)}
    </span>
  );
}
