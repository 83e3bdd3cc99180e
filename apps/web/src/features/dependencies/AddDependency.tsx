import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { getErrorMessage } from "../../api/errors.ts";
import { packageSearchQuery } from "../../api/queries/packages.ts";
import type { PackageSearchResult } from "../../api/rest-types.ts";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { useDebounced } from "../import-repo/useDebounced.ts";
import styles from "./DependenciesPanel.module.css";
import type { DependencyKind } from "./packageJson.ts";

/** The pause after the last key before the registry is asked. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * 'Add dependency': a search of the upstream registry (through the server) as a combobox. The
 * arrows move through the results, Enter picks one, Escape closes; a pick names the package and
 * whether it is a dev dependency.
 */
export function AddDependency({
  installed,
  busy,
  onPick,
  onClose,
}: {
  /** Names already in package.json (a pick of one updates its range). */
  installed: ReadonlySet<string>;
  busy: boolean;
  onPick: (name: string, kind: DependencyKind) => void;
  onClose: () => void;
}) {
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [dev, setDev] = useState(false);
  const [index, setIndex] = useState(0);
  const query = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery(packageSearchQuery(query));
  const results = query === "" ? [] : (search.data ?? []);
  const chosen: PackageSearchResult | undefined = results[Math.min(index, results.length - 1)];

  useEffect(() => input.current?.focus(), []);

  const pick = (result: PackageSearchResult | undefined) => {
    if (!result || busy) return;
    onPick(result.name, dev ? "devDependencies" : "dependencies");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") setIndex((i) => Math.min(i + 1, results.length - 1));
    else if (event.key === "ArrowUp") setIndex((i) => Math.max(i - 1, 0));
    else if (event.key === "Enter") pick(chosen);
    else if (event.key === "Escape") onClose();
    else return;
    event.preventDefault();
  };

  const optionId = (name: string) => `${listId}-${name.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
  const status =
    query === ""
      ? "Type a package name."
      : search.isError
        ? `Could not search packages: ${getErrorMessage(search.error)}`
        : search.isFetching && results.length === 0
          ? "Searching…"
          : results.length === 0
            ? "No package matches."
            : "";

  return (
    <div className={styles.add}>
      <div className={styles.searchField}>
        <input
          ref={input}
          type="search"
          className={styles.searchInput}
          role="combobox"
          aria-label="Search packages"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={chosen ? optionId(chosen.name) : undefined}
          placeholder="Search packages"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setIndex(0);
          }}
          onKeyDown={onKeyDown}
        />
        {(search.isFetching || busy) && <Spinner size={12} />}
      </div>
      <Checkbox label="Dev dependency" checked={dev} onChange={(event) => setDev(event.target.checked)} />
      <p className={styles.hint} role="status">
        {status}
      </p>
      <div id={listId} role="listbox" aria-label="Packages" className={styles.results}>
        {results.map((result) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input takes the keys (aria-activedescendant).
          <div
            key={result.name}
            id={optionId(result.name)}
            role="option"
            tabIndex={-1}
            aria-selected={result === chosen}
            aria-disabled={busy}
            className={styles.result}
            onMouseMove={() => setIndex(results.indexOf(result))}
            onClick={() => pick(result)}
          >
            <span className={styles.resultHead}>
              <span className={styles.resultName}>{result.name}</span>
              <span className={styles.resultVersion}>
                {installed.has(result.name) ? `${result.version} · in package.json` : result.version}
              </span>
            </span>
            {result.description && <span className={styles.resultDescription}>{result.description}</span>}
          </div>
        ))}
      </div>
    </div>
  );
}
