import type { KeyboardEvent } from "react";
import { CloseIcon } from "../../../ui/Icon.tsx";
import { FileTypeIcon } from "../files/FileTypeIcon.tsx";
import styles from "./EditorTabs.module.css";

export type EditorTab = { shortid: string; name: string; path: string; dirty: boolean; conflict: boolean };

/**
 * The open files as tabs: a dot marks unsaved changes (the close button shows over it on hover).
 * Arrow keys move between tabs, Delete or a middle click closes one.
 */
export function EditorTabs({
  tabs,
  active,
  onSelect,
  onClose,
}: {
  tabs: readonly EditorTab[];
  active: string | null;
  onSelect: (shortid: string) => void;
  onClose: (shortid: string) => void;
}) {
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const to = (i: number) => {
      const tab = tabs[(i + tabs.length) % tabs.length];
      if (!tab) return;
      onSelect(tab.shortid);
      document.getElementById(`editor-tab-${tab.shortid}`)?.focus();
    };
    if (event.key === "ArrowRight") to(index + 1);
    else if (event.key === "ArrowLeft") to(index - 1);
    else if (event.key === "Home") to(0);
    else if (event.key === "End") to(tabs.length - 1);
    else if (event.key === "Delete") onClose(tabs[index]!.shortid);
    else return;
    event.preventDefault();
  };
  return (
    <div role="tablist" aria-label="Open files" className={styles.tabs}>
      {tabs.map((tab, index) => {
        const selected = tab.shortid === active;
        return (
          // The tab list holds tabs only: each tab's box is presentation, and its close button is for the
          // pointer (the keyboard closes the tab with Delete, which the tab announces).
          <div
            key={tab.shortid}
            role="presentation"
            className={[styles.tab, selected && styles.selected, tab.dirty && styles.dirty]
              .filter(Boolean)
              .join(" ")}
            title={tab.path}
            onAuxClick={(event) => {
              if (event.button === 1) onClose(tab.shortid);
            }}
          >
            <button
              type="button"
              role="tab"
              id={`editor-tab-${tab.shortid}`}
              aria-selected={selected}
              aria-controls="editor-panel"
              aria-describedby={
                tab.conflict ? "editor-tab-conflict" : tab.dirty ? "editor-tab-unsaved" : undefined
              }
              aria-keyshortcuts="Delete"
              tabIndex={selected ? 0 : -1}
              className={styles.label}
              onClick={() => onSelect(tab.shortid)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <FileTypeIcon name={tab.name} />
              <span className={tab.conflict ? styles.conflictName : undefined}>{tab.name}</span>
            </button>
            <button
              type="button"
              className={styles.close}
              aria-hidden="true"
              title={`Close ${tab.name}`}
              tabIndex={-1}
              onClick={() => onClose(tab.shortid)}
            >
              <span className={styles.dot} aria-hidden="true" />
              <CloseIcon size={12} className={styles.x} />
            </button>
          </div>
        );
      })}
      <span id="editor-tab-unsaved" hidden>
        Unsaved changes
      </span>
      <span id="editor-tab-conflict" hidden>
        In conflict with a newer version
      </span>
    </div>
  );
}
