import * as Dialog from "@radix-ui/react-dialog";
import { type KeyboardEvent, useId, useMemo, useState } from "react";
import { FileTypeIcon } from "../files/FileTypeIcon.tsx";
import { rankPaths } from "./fuzzy.ts";
import styles from "./QuickOpen.module.css";

export type QuickOpenFile = { shortid: string; path: string; name: string };

/**
 * Quick open (Ctrl/Cmd+P): type part of a file's path and press Enter to open it. A query that
 * starts with ':' goes to that line of the file shown (`:42`).
 */
export function QuickOpen({
  open,
  files,
  onOpenChange,
  onOpenFile,
  onGoToLine,
}: {
  open: boolean;
  files: readonly QuickOpenFile[];
  onOpenChange: (open: boolean) => void;
  onOpenFile: (shortid: string) => void;
  onGoToLine: (line: number) => void;
}) {
  const [query, setQuery] = useState("");
  const [index, setIndex] = useState(0);
  const listId = useId();
  const line = /^:(\d+)$/.exec(query.trim());
  const results = useMemo(() => (line ? [] : rankPaths(files, query)), [files, query, line]);
  const chosen = results[Math.min(index, results.length - 1)];

  const close = () => {
    onOpenChange(false);
    setQuery("");
    setIndex(0);
  };
  const pick = (file: QuickOpenFile | undefined) => {
    if (!file) return;
    close();
    onOpenFile(file.shortid);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown") setIndex((i) => Math.min(i + 1, results.length - 1));
    else if (event.key === "ArrowUp") setIndex((i) => Math.max(i - 1, 0));
    else if (event.key === "Enter") {
      if (line) {
        close();
        onGoToLine(Number(line[1]));
      } else pick(chosen);
    } else return;
    event.preventDefault();
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.palette} aria-describedby={undefined}>
          <Dialog.Title className="visually-hidden">Quick open</Dialog.Title>
          <input
            className={styles.input}
            role="combobox"
            aria-label="File name"
            aria-expanded="true"
            aria-controls={listId}
            aria-activedescendant={chosen ? `${listId}-${chosen.shortid}` : undefined}
            placeholder="Search files by name (type : and a number to go to a line)"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setIndex(0);
            }}
            onKeyDown={onKeyDown}
          />
          <div id={listId} role="listbox" aria-label="Files" className={styles.list}>
            {line ? (
              <p className={styles.hint}>Go to line {line[1]}</p>
            ) : results.length === 0 ? (
              <p className={styles.hint}>No file matches.</p>
            ) : (
              results.map((file) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input takes the keys (aria-activedescendant).
                <div
                  key={file.shortid}
                  id={`${listId}-${file.shortid}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={file === chosen}
                  className={styles.option}
                  onMouseMove={() => setIndex(results.indexOf(file))}
                  onClick={() => pick(file)}
                >
                  <FileTypeIcon name={file.name} />
                  <span className={styles.name}>{file.name}</span>
                  <span className={styles.path}>{file.path}</span>
                </div>
              ))
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
