import { CREATE_MESSAGES } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { getErrorMessage } from "../../api/errors.ts";
import { recentTemplatesQuery, teamTemplatesQuery } from "../../api/queries/create.ts";
import { officialTemplatesQuery } from "../../api/queries/templates.ts";
import { Button } from "../../ui/Button.tsx";
import { CloseIcon, SearchIcon } from "../../ui/Icon.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import styles from "./CreateScreen.module.css";
import {
  badgesFor,
  type CatalogTemplate,
  catalogView,
  communitySearchPath,
  DEFAULT_BADGES,
  fromEntry,
  fromOfficial,
  isDefaultSelection,
  toggleBadge,
} from "./catalog.ts";
import { TemplateCard } from "./TemplateCard.tsx";

/** The catalogue of the create screen: official templates, the workspace's own, and the user's recent ones. */
function useCatalog(teamId: string | null, signedIn: boolean) {
  const officialQuery = useQuery({ ...officialTemplatesQuery(), meta: { silent: true } });
  const recentQuery = useQuery({ ...recentTemplatesQuery(teamId), enabled: signedIn });
  const teamQuery = useQuery({ ...teamTemplatesQuery(teamId ?? ""), enabled: signedIn && teamId !== null });
  return useMemo(() => {
    const official = (officialQuery.data ?? []).map(fromOfficial);
    const byId = new Map(official.map((t) => [t.id, t]));
    const workspace = (teamQuery.data ?? []).flatMap(
      (entry) => fromEntry(entry, { workspace: true, official: byId.get(entry.sandbox?.id ?? "") }) ?? [],
    );
    const recent = (recentQuery.data ?? []).flatMap(
      (entry) =>
        fromEntry(entry, {
          workspace: workspace.some((w) => w.id === entry.sandbox?.id),
          official: byId.get(entry.sandbox?.id ?? ""),
        }) ?? [],
    );
    return {
      official,
      workspace,
      recent,
      status: officialQuery.status,
      error: officialQuery.error,
      refetch: () => void officialQuery.refetch(),
    };
  }, [
    officialQuery.data,
    officialQuery.status,
    officialQuery.error,
    officialQuery.refetch,
    teamQuery.data,
    recentQuery.data,
  ]);
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * Picking a template (spec 2 §2.3): filter badges that accumulate, 'Search templates' ('/' focuses
 * it, Esc blurs it), 'Recently used' and 'Popular', 'No results' with a hint to community search.
 */
export function TemplatePicker({
  teamId,
  signedIn,
  initialBadges = DEFAULT_BADGES,
  notice,
  onSelect,
  onLeave,
}: {
  teamId: string | null;
  signedIn: boolean;
  initialBadges?: readonly string[];
  notice?: ReactNode;
  onSelect: (template: CatalogTemplate) => void;
  /** Called when a link takes the user elsewhere (the dialog closes). */
  onLeave?: () => void;
}) {
  const catalog = useCatalog(teamId, signedIn);
  const [selected, setSelected] = useState<readonly string[]>(initialBadges);
  const [query, setQuery] = useState("");
  const search = useRef<HTMLInputElement>(null);

  // '/' anywhere in the screen focuses the search box (a document shortcut, outside React's tree).
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "/" || event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target))
        return;
      event.preventDefault();
      search.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.currentTarget.blur();
    }
  };

  const badges = useMemo(
    () => badgesFor([...catalog.official, ...catalog.workspace]),
    [catalog.official, catalog.workspace],
  );
  const view = catalogView({ ...catalog, signedIn, selected, query });
  const changed = !isDefaultSelection(selected);

  return (
    <div className={styles.picker}>
      <div className={styles.pickerHead}>
        <div className={styles.searchBox}>
          <SearchIcon size={14} aria-hidden="true" />
          <input
            ref={search}
            type="search"
            className={styles.searchInput}
            placeholder={CREATE_MESSAGES.searchPlaceholder}
            aria-label={CREATE_MESSAGES.searchPlaceholder}
            aria-keyshortcuts="/"
            data-create-search=""
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onSearchKey}
          />
          <span className={styles.kbd} aria-hidden="true">
            /
          </span>
        </div>
        <fieldset className={styles.badges}>
          <legend className="visually-hidden">Filter templates</legend>
          {badges.map((badge) => (
            <button
              key={badge}
              type="button"
              className={styles.badge}
              aria-pressed={selected.includes(badge)}
              onClick={() => setSelected((current) => toggleBadge(current, badge))}
            >
              {badge}
            </button>
          ))}
          {changed && (
            <Button
              variant="ghost"
              size="sm"
              icon={<CloseIcon size={12} />}
              onClick={() => setSelected(DEFAULT_BADGES)}
            >
              Clear filters
            </Button>
          )}
        </fieldset>
      </div>
      {notice}
      <div className={styles.pickerBody}>
        {catalog.status === "pending" ? (
          <ul className={styles.grid} aria-busy="true" aria-label="Loading templates">
            {Array.from({ length: 8 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              <li key={index}>
                <Skeleton height={132} radius={8} />
              </li>
            ))}
          </ul>
        ) : catalog.status === "error" ? (
          <div className={styles.empty} role="alert">
            <p>We couldn't load the templates. {getErrorMessage(catalog.error)}</p>
            <Button onClick={catalog.refetch}>Try again</Button>
          </div>
        ) : view.kind === "sections" ? (
          <>
            {view.recent.length > 0 && (
              <Section title={CREATE_MESSAGES.recentlyUsed} templates={view.recent} onSelect={onSelect} />
            )}
            <Section title={CREATE_MESSAGES.popular} templates={view.popular} onSelect={onSelect} />
          </>
        ) : view.results.length > 0 ? (
          <Section
            title={selected.length === 0 && !query.trim() ? "All templates" : "Results"}
            templates={view.results}
            onSelect={onSelect}
          />
        ) : (
          <div className={styles.empty}>
            <h3>{CREATE_MESSAGES.noResults}</h3>
            <p>
              {CREATE_MESSAGES.notFinding}{" "}
              <Link to={communitySearchPath(query)} onClick={onLeave}>
                Search the community's sandboxes
              </Link>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}

function Section({
  title,
  templates,
  onSelect,
}: {
  title: string;
  templates: CatalogTemplate[];
  onSelect: (template: CatalogTemplate) => void;
}) {
  return (
    <section className={styles.section} aria-label={title}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      <ul className={styles.grid}>
        {templates.map((template) => (
          <li key={template.id}>
            <TemplateCard template={template} onSelect={onSelect} />
          </li>
        ))}
      </ul>
    </section>
  );
}
