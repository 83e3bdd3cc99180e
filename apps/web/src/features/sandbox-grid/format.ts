import type { DashboardSandbox } from "../../api/queries/sandbox-fragments.ts";

const relative = new Intl.RelativeTimeFormat("en", { numeric: "always" });
const UNITS: [Intl.RelativeTimeFormatUnit, number, number][] = [
  // unit, its length in ms, the distance below which it is used
  ["second", 1000, 60_000],
  ["minute", 60_000, 3_600_000],
  ["hour", 3_600_000, 86_400_000],
  ["day", 86_400_000, 30 * 86_400_000],
  // months while they round below 12
  ["month", 30 * 86_400_000, 345 * 86_400_000],
  ["year", 365 * 86_400_000, Number.POSITIVE_INFINITY],
];

/**
 * '3 minutes ago', 'in 2 hours': one unit, rounded (as date-fns' formatDistanceToNowStrict says it,
 * with the browser's Intl instead of a date library on the dashboard's first load).
 */
export function relativeTime(date: Date, now = Date.now()): string {
  const distance = date.getTime() - now;
  const [unit, length] = UNITS.find(([, , below]) => Math.abs(distance) < below)!;
  const amount = Math.round(Math.abs(distance) / length);
  return relative.format(distance <= 0 ? -amount : amount, unit);
}

/** '3 minutes ago'; null for a missing or unreadable date. */
export function ago(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : relativeTime(date);
}

/** Which time a sandbox's card states: when it last changed, or when the user last opened it (Recent). */
export type CardDate = "updated" | "opened";

/**
 * The card's time, labelled with what it is: 'Deleted 3 minutes ago' for a deleted item, 'Opened ...'
 * from `lastAccessedAt` where the list is about what the user opened, else 'Updated ...' from
 * `updatedAt`. A time the list did not fetch is left out rather than shown under another label.
 */
export function updatedText(sandbox: DashboardSandbox, date: CardDate = "updated"): string | null {
  if (sandbox.removedAt) return labelled("Deleted", sandbox.removedAt);
  if (date === "opened") return labelled("Opened", sandbox.lastAccessedAt);
  return labelled("Updated", sandbox.updatedAt);
}

function labelled(label: string, value: string | null): string | null {
  const when = ago(value);
  return when ? `${label} ${when}` : null;
}
