import { useInfiniteQuery } from "@tanstack/react-query";
import { formatDistanceToNowStrict } from "date-fns";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { getErrorMessage } from "../../api/errors.ts";
import { type CommunitySandbox, communitySearchQuery } from "../../api/queries/search.ts";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { Button } from "../../ui/Button.tsx";
import { counted } from "../../ui/counted.ts";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { BoxIcon, SearchIcon, TerminalIcon } from "../../ui/Icon.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";

// The cards are the templates page's: its classes are used here rather than composed from its file
// in CSS (which injects that file's rules without their origin, and twice into the bundle).
import templateStyles from "../templates/TemplatesPage.module.css";
import styles from "./CommunitySearchPage.module.css";

/** Typing settles before the address (and the search) follows (spec 1 §9 search debounce). */
const DEBOUNCE_MS = 200;

/** /search?query=: the community's public sandboxes, open to everyone (spec 1 §2). */
export function CommunitySearchPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get("query")?.trim() ?? "";
  const [value, setValue] = useState(query);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const search = (next: string) => setParams(next.trim() ? { query: next.trim() } : {}, { replace: true });

  return (
    <PublicPage title="Search">
      <div className={templateStyles.page}>
        <search className={styles.form}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (timer.current) clearTimeout(timer.current);
              search(value);
            }}
          >
            <SearchIcon size={16} className={styles.icon} />
            <input
              type="search"
              className={styles.input}
              placeholder="Search public sandboxes"
              aria-label="Search public sandboxes"
              // biome-ignore lint/a11y/noAutofocus: the page exists to type a query.
              autoFocus
              value={value}
              onChange={(event) => {
                const next = event.target.value;
                setValue(next);
                if (timer.current) clearTimeout(timer.current);
                timer.current = setTimeout(() => search(next), DEBOUNCE_MS);
              }}
            />
          </form>
        </search>
        {query ? (
          <Results query={query} />
        ) : (
          <EmptyState icon={<SearchIcon />} title="Search the community">
            Find public sandboxes and devboxes by title, description or template.
          </EmptyState>
        )}
      </div>
    </PublicPage>
  );
}

function Results({ query }: { query: string }) {
  const results = useInfiniteQuery(communitySearchQuery(query));
  if (results.isPending) {
    return (
      <ul className={templateStyles.grid} aria-busy="true" aria-label="Searching">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <li key={index}>
            <Skeleton height={154} radius={8} />
          </li>
        ))}
      </ul>
    );
  }
  if (results.isError) {
    return (
      <EmptyState
        icon={<SearchIcon />}
        title="The search failed"
        actions={<Button onClick={() => void results.refetch()}>Try again</Button>}
      >
        {getErrorMessage(results.error)}
      </EmptyState>
    );
  }
  const sandboxes = results.data.pages.flatMap((page) => page.sandboxes);
  if (sandboxes.length === 0) {
    return (
      <EmptyState icon={<SearchIcon />} title={`No public sandboxes match '${query}'`}>
        Try fewer or other words.
      </EmptyState>
    );
  }
  return (
    <>
      <ul className={templateStyles.grid} aria-label={`Public sandboxes matching ${query}`}>
        {sandboxes.map((sandbox) => (
          <li key={sandbox.id}>
            <ResultCard sandbox={sandbox} />
          </li>
        ))}
      </ul>
      {results.hasNextPage && (
        <div className={styles.more}>
          <Button onClick={() => void results.fetchNextPage()} loading={results.isFetchingNextPage}>
            Show more
          </Button>
        </div>
      )}
    </>
  );
}

function ResultCard({ sandbox }: { sandbox: CommunitySandbox }) {
  const Icon = sandbox.isV2 ? TerminalIcon : BoxIcon;
  return (
    <Link to={`/s/${encodeURIComponent(sandbox.alias || sandbox.id)}`} className={templateStyles.card}>
      <div className={templateStyles.top}>
        <span className={templateStyles.icon} aria-hidden="true">
          <Icon size={16} />
        </span>
        <span className={templateStyles.title}>{sandbox.title || sandbox.alias || sandbox.id}</span>
      </div>
      <p className={templateStyles.description}>{sandbox.description || "No description."}</p>
      <div className={templateStyles.meta}>
        <span className={templateStyles.badge}>{sandbox.isV2 ? "Devbox" : "Sandbox"}</span>
        {sandbox.source.template && <span>{sandbox.source.template}</span>}
        {sandbox.author && <span>{sandbox.author.username}</span>}
        <span>{counted(sandbox.viewCount, "view")}</span>
        <span>Updated {formatDistanceToNowStrict(new Date(sandbox.updatedAt), { addSuffix: true })}</span>
      </div>
    </Link>
  );
}
