import type { TeamMemberAuthorization } from "@boxyard/domain";
import type { Announcements } from "@dnd-kit/core";
import { dragItemsOf, dropDataOf } from "./dragTypes.ts";
import { dropAllowed } from "./dropRules.ts";

export const DRAG_INSTRUCTIONS =
  "To move the selected items, press Space. Use the arrow keys to choose a folder, Drafts, Templates or Recently deleted, then press Space or Enter to drop them there, or Escape to cancel.";

function itemsText(data: unknown): string {
  const items = dragItemsOf(data) ?? [];
  return items.length === 1 ? items[0]!.title : `${items.length} items`;
}

/** What a screen reader hears while dragging (dnd-kit's live region). */
export function announcements(role: () => TeamMemberAuthorization): Announcements {
  const overText = (active: { data: { current: unknown } }, over: { data: { current: unknown } } | null) => {
    const target = over ? dropDataOf(over.data.current) : null;
    const items = dragItemsOf(active.data.current) ?? [];
    if (!target) return `${itemsText(active.data.current)} is not over a drop target.`;
    return dropAllowed(items, target.target, role())
      ? `${itemsText(active.data.current)} is over ${target.label}.`
      : `${target.label} does not take ${itemsText(active.data.current)}.`;
  };
  return {
    onDragStart: ({ active }) => `Picked up ${itemsText(active.data.current)}.`,
    onDragOver: ({ active, over }) => overText(active, over),
    onDragMove: () => undefined,
    onDragEnd: ({ active, over }) => {
      const target = over ? dropDataOf(over.data.current) : null;
      const items = dragItemsOf(active.data.current) ?? [];
      return target && dropAllowed(items, target.target, role())
        ? `Dropped ${itemsText(active.data.current)} on ${target.label}.`
        : `${itemsText(active.data.current)} stayed where it was.`;
    },
    onDragCancel: ({ active }) => `Moving ${itemsText(active.data.current)} was cancelled.`,
  };
}
