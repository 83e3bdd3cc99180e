/** Dashboard rules shared by the web app and the server (spec 1 §2, §4, §5, §9). */

export const DASHBOARD_PAGES = [
  "DRAFTS",
  "TEMPLATES",
  "DELETED",
  "RECENT",
  "SHARED",
  "TEMPLATE_HOME",
  "ALL",
  "SEARCH",
  "REPOS",
] as const;
export type DashboardPage = (typeof DASHBOARD_PAGES)[number];

export const SORT_FIELDS = [
  { field: "insertedAt", label: "Last Created" },
  { field: "updatedAt", label: "Last Modified" },
  { field: "title", label: "Name" },
  { field: "views", label: "Views" },
] as const;
export type SortField = (typeof SORT_FIELDS)[number]["field"];
export type SortOrder = { field: SortField; order: "asc" | "desc" };
export const DEFAULT_SORT: SortOrder = { field: "updatedAt", order: "desc" };

export type DragKind = "sandbox" | "template" | "folder";
export type DropTarget = "RECENT" | "DRAFTS" | "TEMPLATES" | "DELETED" | { folder: string };

/**
 * Whether dragged items may be dropped on a target (spec 1 §5): sandboxes and templates not on
 * Recent; folders not on Recent, Drafts or Templates; nothing onto the folder it is already in;
 * nothing at all for the READ role.
 */
export function canDrop(
  items: readonly { kind: DragKind; folder: string | null }[],
  target: DropTarget,
  role: "ADMIN" | "WRITE" | "READ",
): boolean {
  if (role === "READ" || items.length === 0) return false;
  if (target === "RECENT") return false;
  if ((target === "DRAFTS" || target === "TEMPLATES") && items.some((i) => i.kind === "folder")) return false;
  if (typeof target === "object") {
    return items.every(
      (i) => i.folder !== target.folder && !(i.kind === "folder" && isInside(target.folder, i.folder)),
    );
  }
  return true;
}

function isInside(path: string, ancestor: string | null): boolean {
  return ancestor !== null && (path === ancestor || path.startsWith(`${ancestor}/`));
}

/** The Monday 00:00 (local time) that starts the calendar week of `now`. */
export function startOfCalendarWeek(now: Date): Date {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
  return start;
}

/** 'Deleted this week' and 'Deleted earlier' (spec 1 §2), split by calendar week. */
export function groupDeleted<T extends { removedAt: string | null }>(items: readonly T[], now = new Date()) {
  const weekStart = startOfCalendarWeek(now).getTime();
  const thisWeek: T[] = [];
  const earlier: T[] = [];
  for (const item of items) {
    if (item.removedAt && new Date(item.removedAt).getTime() >= weekStart) thisWeek.push(item);
    else earlier.push(item);
  }
  return { thisWeek, earlier };
}

/** Deleted items are purged after this many days. */
export const PURGE_AFTER_DAYS = 30;
export const RECENT_LIMIT = 18;
export const SIDEBAR_SANDBOXES_LIMIT = 10;

export const GRID = {
  cardHeight: 154,
  rowHeight: 64,
  gap: 16,
  minCardWidth: 260,
  maxWidth: 3840,
  maxColumns: 10,
  overscanRows: 2,
} as const;

/** How many grid columns fit a width (at least 1, at most 10). */
export function gridColumns(width: number): number {
  const fit = Math.floor((Math.min(width, GRID.maxWidth) + GRID.gap) / (GRID.minCardWidth + GRID.gap));
  return Math.max(1, Math.min(GRID.maxColumns, fit));
}
