import type { DragKind, DropTarget } from "@boxyard/domain";
import type { DashboardSandbox } from "../../api/queries/sandbox-fragments.ts";

/** What is being dragged: one item of the selection. */
export type DragItem = {
  key: string;
  kind: DragKind;
  title: string;
  /** Sandboxes and templates: the folder they are in (null: drafts). Folders: their own path. */
  folder: string | null;
  /** The sandbox of a sandbox or template (the preview shows its tile). */
  sandbox: DashboardSandbox | null;
};

/** The data a drag source hands to dnd-kit; filled in just before the drag starts. */
export type DragData = { items: DragItem[] };

/**
 * The data of a drop target: where it drops, its name for toasts and screen readers, and its
 * region (the keyboard visits the sidebar's targets before the grid's).
 */
export type DropData = { target: DropTarget; label: string; region: "sidebar" | "grid" };

export function dragItemsOf(data: unknown): DragItem[] | null {
  const items = (data as Partial<DragData> | null | undefined)?.items;
  return Array.isArray(items) && items.length > 0 ? items : null;
}

export function dropDataOf(data: unknown): DropData | null {
  const value = data as Partial<DropData> | null | undefined;
  return value?.target !== undefined && typeof value.label === "string" ? (value as DropData) : null;
}
