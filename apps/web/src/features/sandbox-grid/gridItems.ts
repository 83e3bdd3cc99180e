import { folderName } from "@boxyard/domain";
import type { Folder } from "../../api/queries/folders.ts";
import type { Branch } from "../../api/queries/repositories.ts";
import { type DashboardSandbox, sandboxTitle } from "../../api/queries/sandbox-fragments.ts";
import type { CardDate } from "./format.ts";

/**
 * One cell of a dashboard grid or list: a folder, a sandbox, a branch (Recent lists the branches
 * the user opened), or the inline 'new folder' row.
 */
export type GridItem =
  | { kind: "folder"; key: string; folder: Folder }
  | { kind: "sandbox"; key: string; sandbox: DashboardSandbox; date?: CardDate }
  | { kind: "branch"; key: string; branch: Branch }
  | { kind: "new-folder"; key: string };

/** An item the user can select and open (everything but the inline 'new folder' row). */
export type SelectableItem = Extract<GridItem, { kind: "folder" | "sandbox" | "branch" }>;

/** What can be dragged, trashed and moved: folders and sandboxes (branches live in their repository). */
export type DraggableItem = Extract<GridItem, { kind: "folder" | "sandbox" }>;

export const isDraggable = (item: SelectableItem): item is DraggableItem => item.kind !== "branch";

/** A titled group of items, e.g. 'Deleted this week'. */
export type GridSection = { title?: string; items: GridItem[] };

export const sandboxItem = (sandbox: DashboardSandbox): GridItem => ({
  kind: "sandbox",
  key: `sandbox:${sandbox.id}`,
  sandbox,
});

/** A sandbox in a list of what the user opened (Recent): its card says when they last opened it. */
export const openedSandboxItem = (sandbox: DashboardSandbox): GridItem => ({
  kind: "sandbox",
  key: `sandbox:${sandbox.id}`,
  sandbox,
  date: "opened" satisfies CardDate,
});

export const folderItem = (folder: Folder): GridItem => ({
  kind: "folder",
  key: `folder:${folder.path}`,
  folder,
});

export const branchItem = (branch: Branch): GridItem => ({
  kind: "branch",
  key: `branch:${branch.id}`,
  branch,
});

export const NEW_FOLDER_ITEM: GridItem = { kind: "new-folder", key: "new-folder" };

export function isSelectable(item: GridItem | undefined): item is SelectableItem {
  return item !== undefined && item.kind !== "new-folder";
}

export function itemTitle(item: SelectableItem): string {
  if (item.kind === "folder") return folderName(item.folder.path);
  if (item.kind === "branch") return item.branch.name;
  return sandboxTitle(item.sandbox);
}

/** The DOM id of an item's element (aria-activedescendant points at it). */
export function itemDomId(key: string): string {
  return `grid-item-${key.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
}
