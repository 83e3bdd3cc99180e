/** Dashboard rules shared by the web app and the server (spec 1 §2, §4, §5, §9). */

import { isWithin, normalizePath, parentPath } from "./folder-paths.ts";

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
/** A dragged item: for sandboxes and templates `folder` is the folder they are in (null: drafts), for folders their own path. */
export type DraggedItem = { kind: DragKind; folder: string | null };

/**
 * Whether dragged items may be dropped on a target (spec 1 §5): sandboxes and templates not on
 * Recent; folders not on Recent, Drafts or Templates; no folder into itself; nothing at all for
 * the READ role. A drop must change something: items already there (in that folder, in the
 * drafts, already a template) are left alone, and a drop of only such items is refused.
 */
export function canDrop(
  items: readonly DraggedItem[],
  target: DropTarget,
  role: "ADMIN" | "WRITE" | "READ",
): boolean {
  if (role === "READ" || items.length === 0) return false;
  if (target === "RECENT") return false;
  if ((target === "DRAFTS" || target === "TEMPLATES") && items.some((i) => i.kind === "folder")) return false;
  if (
    typeof target === "object" &&
    items.some((i) => i.kind === "folder" && i.folder !== null && isWithin(target.folder, i.folder))
  ) {
    return false;
  }
  return items.some((i) => !alreadyAt(i, target));
}

/** True when dropping the item on the target would change nothing: it is already there. */
export function alreadyAt(item: DraggedItem, target: DropTarget): boolean {
  if (target === "DRAFTS") return item.folder === null;
  if (target === "TEMPLATES") return item.kind === "template";
  if (target === "DELETED" || target === "RECENT") return false;
  const path = normalizePath(target.folder);
  if (item.kind === "folder") return item.folder !== null && parentPath(item.folder) === path;
  return item.folder !== null && normalizePath(item.folder) === path;
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
