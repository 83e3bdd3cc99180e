import { useEffect, useRef } from "react";
import { TrashIcon } from "../../ui/Icon.tsx";
import { PanelHeader } from "../editor/PanelHeader.tsx";
import styles from "./PreviewConsole.module.css";
import type { SourceLocation } from "./protocol.ts";
import type { ConsoleEntry } from "./usePreview.ts";

/**
 * The preview's console in the bottom pane: the app's console output and its uncaught errors,
 * each with the file and line it came from; a click on that opens the line in the editor.
 */
export function PreviewConsole({
  entries,
  onClear,
  onOpenSource,
}: {
  entries: readonly ConsoleEntry[];
  onClear: () => void;
  onOpenSource: (source: SourceLocation) => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  const last = entries.at(-1)?.id;
  // The newest entry stays in view unless the person scrolled up to read older ones.
  useEffect(() => {
    const element = list.current;
    if (!element || last === undefined) return;
    const nearBottom = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
    if (nearBottom) element.scrollTop = element.scrollHeight;
  }, [last]);

  return (
    <section className={styles.console} aria-label="Console">
      <PanelHeader title="Console">
        <button
          type="button"
          className={styles.action}
          aria-label="Clear console"
          title="Clear console"
          onClick={onClear}
          disabled={entries.length === 0}
        >
          <TrashIcon size={14} />
        </button>
      </PanelHeader>
      {entries.length === 0 ? (
        <p className={styles.empty}>The app's console output and errors show here.</p>
      ) : (
        <ol ref={list} className={styles.entries} aria-live="polite">
          {entries.map((entry) => (
            <li key={entry.id} className={styles.entry} data-level={entry.level}>
              <span className={styles.text}>
                {entry.error && (
                  <strong className={styles.kind}>
                    {entry.error === "build" ? "Build error" : "Uncaught"}
                  </strong>
                )}
                {entry.text}
              </span>
              {entry.source && (
                <button
                  type="button"
                  className={styles.source}
                  title={`Open ${entry.source.path} at line ${entry.source.line}`}
                  onClick={() => onOpenSource(entry.source!)}
                >
                  {entry.source.path}:{entry.source.line}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
