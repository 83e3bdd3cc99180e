import { formatDistanceToNowStrict } from "date-fns";
import type { DashboardSandbox } from "../../api/queries/sandboxes.ts";

const TILE_COLOURS = ["#3b82f6", "#14b8a6", "#a855f7", "#f97316", "#ec4899", "#22c55e", "#eab308", "#6366f1"];

/** The tile colour of a sandbox: its template's colour, else one picked from the template name. */
export function tileColour(sandbox: DashboardSandbox): string {
  const own = sandbox.template?.color ?? sandbox.forkedTemplate?.color;
  if (own) return own;
  const name = sandbox.source?.template ?? "";
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return TILE_COLOURS[hash % TILE_COLOURS.length]!;
}

/** '3 minutes ago'; null for a missing or unreadable date. */
export function ago(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : formatDistanceToNowStrict(date, { addSuffix: true });
}

/** 'Updated 3 minutes ago', or 'Deleted ...' for a deleted item that has no update time. */
export function updatedText(sandbox: DashboardSandbox): string | null {
  const when = ago(sandbox.updatedAt ?? sandbox.removedAt ?? sandbox.lastAccessedAt);
  if (!when) return null;
  return `${sandbox.removedAt && !sandbox.updatedAt ? "Deleted" : "Updated"} ${when}`;
}
