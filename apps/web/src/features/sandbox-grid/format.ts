import { formatDistanceToNowStrict } from "date-fns";
import type { DashboardSandbox } from "../../api/queries/sandbox-fragments.ts";

/** '3 minutes ago'; null for a missing or unreadable date. */
export function ago(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : formatDistanceToNowStrict(date, { addSuffix: true });
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
