import {
  alreadyAt,
  canDrop,
  type DropTarget,
  folderName,
  joinFolderPath,
  MESSAGES,
  normalizePath,
  type TeamMemberAuthorization,
} from "@boxyard/domain";
import type { ListPage } from "../sandbox-actions/actions.ts";
import type { DragItem } from "./dragTypes.ts";

/**
 * Pages whose items can be dragged: dropping works only from the sandboxes page, the folder
 * browser where sandboxes, templates and folders sit (spec 1 §5).
 */
export const DRAG_SOURCE_PAGES: readonly ListPage[] = ["ALL"];

/** Drag is disabled for READ members and in a frozen workspace (spec 1 §5, §6), and off other pages. */
export function dragEnabled({
  page,
  role,
  frozen,
}: {
  page: ListPage;
  role: TeamMemberAuthorization;
  frozen: boolean;
}): boolean {
  return role !== "READ" && !frozen && DRAG_SOURCE_PAGES.includes(page);
}

/** Whether the dragged items may be dropped on the target (the domain rules of spec 1 §5). */
export function dropAllowed(
  items: readonly DragItem[],
  target: DropTarget,
  role: TeamMemberAuthorization,
): boolean {
  return canDrop(items, target, role);
}

/** The name of a folder target as the success toast says it: 'Successfully moved to Designs'. */
export function folderLabel(path: string): string {
  const normal = normalizePath(path);
  return normal === "/" ? MESSAGES.allFolders : folderName(normal);
}

/** What a drop does on the server (spec 1 §5): one plan per drop, run as optimistic changes. */
export type DropPlan =
  | { kind: "trash"; sandboxIds: string[]; folderPaths: string[] }
  | { kind: "make-template"; sandboxIds: string[] }
  | {
      kind: "move";
      /** null: the drafts. */
      path: string | null;
      destination: string;
      sandboxIds: string[];
      folders: { from: string; to: string }[];
    };

/**
 * Turns a drop into server changes: onto Recently deleted deletes (folders with their
 * sandboxes), onto Templates makes templates, onto Drafts or a folder moves (sandboxes with
 * addToCollectionOrTeam, folders by renaming their path). Items already there are left out.
 * Null when the drop is not allowed.
 */
export function planDrop(
  items: readonly DragItem[],
  target: DropTarget,
  role: TeamMemberAuthorization,
  label: string,
): DropPlan | null {
  if (!dropAllowed(items, target, role)) return null;
  const moving = items.filter((item) => !alreadyAt(item, target));
  const sandboxIds = moving.flatMap((item) =>
    item.kind !== "folder" && item.sandbox ? [item.sandbox.id] : [],
  );
  const folderPaths = moving.flatMap((item) => (item.kind === "folder" && item.folder ? [item.folder] : []));
  if (target === "DELETED") return { kind: "trash", sandboxIds, folderPaths };
  if (target === "TEMPLATES") return { kind: "make-template", sandboxIds };
  if (target === "DRAFTS") return { kind: "move", path: null, destination: label, sandboxIds, folders: [] };
  if (target === "RECENT") return null;
  const path = normalizePath(target.folder);
  return {
    kind: "move",
    path,
    destination: label,
    sandboxIds,
    folders: folderPaths.map((from) => ({ from, to: joinFolderPath(path, folderName(from)) ?? from })),
  };
}
