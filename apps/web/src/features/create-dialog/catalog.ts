import { POPULAR_TEMPLATE_IDS } from "@boxyard/domain";
import type { CreateTemplateEntry } from "../../api/queries/create.ts";
import type { OfficialTemplate } from "../../api/rest-types.ts";

/** One card of the create screen: an official template or one of the workspace's. */
export type CatalogTemplate = {
  /** The template sandbox's id: forking it, /s/{id}. */
  id: string;
  title: string;
  description: string | null;
  /** Lowercase. */
  tags: string[];
  runtime: "browser" | "server";
  iconUrl: string | null;
  color: string | null;
  /** The team that publishes it, or the default author. */
  author: string;
  forkCount: number;
  viewCount: number;
  official: boolean;
  /** One of the workspace's own templates (the 'Workspace' badge). */
  workspace: boolean;
};

export const DEFAULT_AUTHOR = "Boxyard";

export function fromOfficial(t: OfficialTemplate): CatalogTemplate {
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    tags: t.tags,
    runtime: t.isV2 ? "server" : "browser",
    iconUrl: t.iconUrl,
    color: t.color,
    author: t.author || DEFAULT_AUTHOR,
    forkCount: t.forkCount,
    viewCount: t.viewCount,
    official: true,
    workspace: false,
  };
}

/** A CreateTemplate entry (recently used, or the workspace's); null when its sandbox is not visible. */
export function fromEntry(
  entry: CreateTemplateEntry,
  { workspace, official }: { workspace: boolean; official?: CatalogTemplate | undefined },
): CatalogTemplate | null {
  const s = entry.sandbox;
  if (!s) return null;
  // An official template answered through GraphQL keeps the catalogue's colour and author.
  if (official) return official;
  return {
    id: s.id,
    title: s.title || s.alias || s.id,
    description: s.description,
    tags: (entry.tags ?? []).map((tag) => tag.toLowerCase()),
    runtime: s.isV2 ? "server" : "browser",
    iconUrl: entry.iconUrl,
    color: entry.color ?? null,
    author: s.team?.name || DEFAULT_AUTHOR,
    forkCount: s.forkCount,
    viewCount: s.viewCount,
    official: false,
    workspace,
  };
}

/* ---------------------------------------------------------------------------------------------
 * Badges (spec 2 §2.3): Popular (the default), Browser, Server, Frontend, Backend, Workspace, then
 * the tags that occur more than once.
 * ------------------------------------------------------------------------------------------- */

export const BASE_BADGES = ["Popular", "Browser", "Server", "Frontend", "Backend", "Workspace"] as const;
export const DEFAULT_BADGES: readonly string[] = ["Popular"];

const BASE_LOWER = new Set(BASE_BADGES.map((b) => b.toLowerCase()));
const POPULAR = new Set<string>(POPULAR_TEMPLATE_IDS);

/** The base badges, then every tag used by more than one template, most used first, then by name. */
export function badgesFor(templates: readonly CatalogTemplate[]): string[] {
  const counts = new Map<string, number>();
  for (const t of templates) {
    for (const tag of new Set(t.tags)) {
      if (!BASE_LOWER.has(tag)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
  }
  const tags = [...counts]
    .filter(([, n]) => n > 1)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([tag]) => tag);
  return [...BASE_BADGES, ...tags];
}

export function matchesBadge(t: CatalogTemplate, badge: string): boolean {
  switch (badge) {
    case "Popular":
      return t.official && POPULAR.has(t.id);
    case "Browser":
      return t.runtime === "browser";
    case "Server":
      return t.runtime === "server";
    case "Workspace":
      return t.workspace;
    default:
      return t.tags.includes(badge.toLowerCase());
  }
}

/** A substring of the title or of a tag, ignoring case (spec 2 §2.3). */
export function matchesSearch(t: CatalogTemplate, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return t.title.toLowerCase().includes(q) || t.tags.some((tag) => tag.includes(q));
}

export function isDefaultSelection(selected: readonly string[]): boolean {
  return selected.length === DEFAULT_BADGES.length && DEFAULT_BADGES.every((b) => selected.includes(b));
}

/**
 * Selected badges accumulate: a badge toggles in or out (spec 2 §2.3). The default 'Popular' is a
 * starting point, not a filter the user chose: the first other badge replaces it.
 */
export function toggleBadge(selected: readonly string[], badge: string): string[] {
  if (selected.includes(badge)) return selected.filter((b) => b !== badge);
  if (isDefaultSelection(selected)) return [badge];
  return [...selected, badge];
}

/** The templates matching every selected badge and the search, each once, in catalogue order. */
export function filterTemplates(
  templates: readonly CatalogTemplate[],
  selected: readonly string[],
  query: string,
): CatalogTemplate[] {
  const seen = new Set<string>();
  return templates.filter((t) => {
    if (seen.has(t.id)) return false;
    seen.add(t.id);
    return selected.every((badge) => matchesBadge(t, badge)) && matchesSearch(t, query);
  });
}

/** 'Recently used' shows at most 4, to signed-in users only (spec 2 §2.3, §9). */
export const RECENT_SHOWN = 4;

export function recentList(recent: readonly CatalogTemplate[], signedIn: boolean): CatalogTemplate[] {
  return signedIn ? recent.slice(0, RECENT_SHOWN) : [];
}

/**
 * 'Popular': 8 when recently used templates are shown, otherwise 12 (spec 2 §2.3, §9), taken from
 * the fixed list of 9 official ids in its order, then the other official templates, most forked
 * first.
 */
export function popularList(official: readonly CatalogTemplate[], hasRecent: boolean): CatalogTemplate[] {
  const size = hasRecent ? 8 : 12;
  const byId = new Map(official.map((t) => [t.id, t]));
  const fixed = POPULAR_TEMPLATE_IDS.flatMap((id) => byId.get(id) ?? []);
  const others = official
    .filter((t) => !POPULAR.has(t.id))
    .sort((a, b) => b.forkCount - a.forkCount || a.title.localeCompare(b.title));
  return [...fixed, ...others].slice(0, size);
}

/** What the list shows: the two default sections, or the filtered results. */
export type CatalogView =
  | { kind: "sections"; recent: CatalogTemplate[]; popular: CatalogTemplate[] }
  | { kind: "results"; results: CatalogTemplate[] };

export function catalogView(input: {
  official: readonly CatalogTemplate[];
  workspace: readonly CatalogTemplate[];
  recent: readonly CatalogTemplate[];
  signedIn: boolean;
  selected: readonly string[];
  query: string;
}): CatalogView {
  const untouched = isDefaultSelection(input.selected);
  if (untouched && input.query.trim() === "") {
    const recent = recentList(input.recent, input.signedIn);
    return { kind: "sections", recent, popular: popularList(input.official, recent.length > 0) };
  }
  // A search from the default view looks through every template; chosen badges narrow it.
  return {
    kind: "results",
    results: filterTemplates(
      [...input.workspace, ...input.official],
      untouched ? [] : input.selected,
      input.query,
    ),
  };
}

/** Community search for what the templates do not cover (spec 2 §2.3 'Not finding what you need?'). */
export function communitySearchPath(query: string): string {
  const q = query.trim();
  return q ? `/search?query=${encodeURIComponent(q)}` : "/search";
}
