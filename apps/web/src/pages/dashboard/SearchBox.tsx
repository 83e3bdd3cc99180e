import { MESSAGES } from "@boxyard/domain";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { SearchIcon } from "../../ui/Icon.tsx";
import styles from "./SearchBox.module.css";

/** Search debounce (spec 1 §9). */
export const SEARCH_DEBOUNCE_MS = 200;

/** 'Search in workspace': debounced, goes to /dashboard/search?query=; an empty query goes back to Recent. */
export function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const [value, setValue] = useState(() =>
    location.pathname === "/dashboard/search"
      ? (new URLSearchParams(location.search).get("query") ?? "")
      : "",
  );
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onSearchPage = location.pathname === "/dashboard/search";
  const onSearchPageRef = useRef(onSearchPage);
  onSearchPageRef.current = onSearchPage;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function schedule(next: string) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const query = next.trim();
      if (query)
        navigate(`/dashboard/search?query=${encodeURIComponent(query)}`, {
          replace: onSearchPageRef.current,
        });
      else if (onSearchPageRef.current) navigate("/dashboard/recent");
    }, SEARCH_DEBOUNCE_MS);
  }

  return (
    <search className={styles.box}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const query = value.trim();
          if (timer.current) clearTimeout(timer.current);
          if (query) navigate(`/dashboard/search?query=${encodeURIComponent(query)}`);
        }}
      >
        <SearchIcon size={14} className={styles.icon} />
        <input
          type="search"
          className={styles.input}
          placeholder={MESSAGES.searchInWorkspace}
          aria-label={MESSAGES.searchInWorkspace}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            schedule(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              setValue("");
              schedule("");
              event.currentTarget.blur();
            }
          }}
        />
      </form>
    </search>
  );
}
