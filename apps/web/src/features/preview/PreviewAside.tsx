import { type ReactNode, useState } from "react";
import styles from "./PreviewAside.module.css";

/** The right pane of a browser sandbox: the preview, and the sandbox's info one tab away. */
export function PreviewAside({ preview, info }: { preview: ReactNode; info: ReactNode }) {
  const [tab, setTab] = useState<"preview" | "info">("preview");
  return (
    <div className={styles.aside}>
      <div role="tablist" aria-label="Right pane" className={styles.tabs}>
        {(
          [
            ["preview", "Preview"],
            ["info", "Info"],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`aside-tab-${id}`}
            aria-controls={`aside-panel-${id}`}
            aria-selected={tab === id}
            className={styles.tab}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      {/* The preview stays mounted behind the info: the app keeps running. */}
      <div
        role="tabpanel"
        id="aside-panel-preview"
        aria-labelledby="aside-tab-preview"
        hidden={tab !== "preview"}
        className={styles.panel}
      >
        {preview}
      </div>
      <div
        role="tabpanel"
        id="aside-panel-info"
        aria-labelledby="aside-tab-info"
        hidden={tab !== "info"}
        className={styles.panel}
      >
        {info}
      </div>
    </div>
  );
}
