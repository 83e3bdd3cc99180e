import { type RefObject, useDeferredValue, useLayoutEffect, useMemo, useState } from "react";
import { FileTypeIcon } from "../files/FileTypeIcon.tsx";
import { PanelHeader } from "../PanelHeader.tsx";
import styles from "./SearchPanel.module.css";
import {
  MAX_MATCHES,
  type SearchMatch,
  type SearchOptions,
  searchFiles,
  searchPattern,
} from "./searchFiles.ts";

export type SearchableFile = { shortid: string; path: string; name: string; text: string };

/**
 * Find across files (Ctrl/Cmd+Shift+F): every match of the query in the sandbox's text files,
 * unsaved text included, grouped by file; a match opens its file at that place.
 */
export function SearchPanel({
  files,
  inputRef,
  focusRequest,
  onReveal,
}: {
  files: readonly SearchableFile[];
  inputRef: RefObject<HTMLInputElement | null>;
  /** Grows with each Ctrl/Cmd+Shift+F: the field takes the focus (with its text selected). */
  focusRequest: number;
  onReveal: (match: SearchMatch) => void;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: each request focuses once.
  useLayoutEffect(() => {
    if (focusRequest === 0) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [focusRequest]);
  const [query, setQuery] = useState("");
  const [options, setOptions] = useState<SearchOptions>({
    caseSensitive: false,
    wholeWord: false,
    regexp: false,
  });
  const deferred = useDeferredValue(query);

  const outcome = useMemo(() => {
    if (deferred === "") return null;
    const pattern = searchPattern(deferred, options);
    if (typeof pattern === "string") return { error: pattern } as const;
    return searchFiles(files, pattern);
  }, [deferred, options, files]);

  const groups = useMemo(() => {
    if (!outcome || "error" in outcome) return [];
    const byFile = new Map<string, SearchMatch[]>();
    for (const match of outcome.matches)
      byFile.set(match.shortid, [...(byFile.get(match.shortid) ?? []), match]);
    return [...byFile].map(([shortid, matches]) => ({
      file: files.find((f) => f.shortid === shortid)!,
      matches,
    }));
  }, [outcome, files]);

  const toggle = (key: keyof SearchOptions, label: string, text: string) => (
    <button
      type="button"
      className={styles.toggle}
      aria-pressed={options[key]}
      aria-label={label}
      title={label}
      onClick={() => setOptions((o) => ({ ...o, [key]: !o[key] }))}
    >
      {text}
    </button>
  );

  const count = outcome && !("error" in outcome) ? outcome.matches.length : 0;
  return (
    <section className={styles.panel} aria-label="Find in files">
      <PanelHeader title="Find in files" />
      <div className={styles.form}>
        <div className={styles.field}>
          <input
            ref={inputRef}
            type="search"
            className={styles.input}
            aria-label="Find in files"
            placeholder="Search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && groups[0]) onReveal(groups[0].matches[0]!);
            }}
          />
          {toggle("caseSensitive", "Match case", "Aa")}
          {toggle("wholeWord", "Match whole word", "ab")}
          {toggle("regexp", "Use regular expression", ".*")}
        </div>
        <p className={styles.summary} role="status">
          {outcome === null
            ? ""
            : "error" in outcome
              ? outcome.error
              : count === 0
                ? "No results."
                : `${outcome.truncated ? `First ${MAX_MATCHES}` : count} ${count === 1 ? "result" : "results"} in ${groups.length} ${groups.length === 1 ? "file" : "files"}`}
        </p>
      </div>
      <div className={styles.results}>
        {groups.map(({ file, matches }) => (
          <div key={file.shortid} className={styles.group}>
            <div className={styles.file} title={file.path}>
              <FileTypeIcon name={file.name} />
              <span className={styles.fileName}>{file.name}</span>
              <span className={styles.filePath}>{file.path}</span>
              <span className={styles.badge}>{matches.length}</span>
            </div>
            <ul className={styles.matches}>
              {matches.map((match) => (
                <li key={`${match.from}`}>
                  <button type="button" className={styles.match} onClick={() => onReveal(match)}>
                    <span className={styles.line}>{match.line}</span>
                    <MatchText match={match} />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

/** The line around the match, trimmed so the match shows in a narrow panel. */
function MatchText({ match }: { match: SearchMatch }) {
  const start = Math.max(0, match.column - 24);
  const before = (start > 0 ? "…" : "") + match.lineText.slice(start, match.column).trimStart();
  const found = match.lineText.slice(match.column, match.column + match.length);
  const after = match.lineText.slice(match.column + match.length, match.column + match.length + 120);
  return (
    <span className={styles.text}>
      {before}
      <mark className={styles.mark}>{found}</mark>
      {after}
    </span>
  );
}
