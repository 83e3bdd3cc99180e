import { folderName, MESSAGES, NEW_FOLDER_PLACEHOLDER, normalizePath, parentPath } from "@boxyard/domain";
import type { Folder } from "../../api/queries/folders.ts";

export type FolderNode = {
  path: string;
  name: string;
  children: FolderNode[];
  /** The pending 'new folder' row ('__NEW__'): it shows an input and never reaches the server. */
  placeholder?: boolean;
};

/**
 * The nested tree of the workspace's folders, children sorted by name; the root is '/'. With
 * `pendingIn`, a '__NEW__' placeholder leads that folder's children while a new folder is named.
 */
export function buildFolderTree(
  folders: readonly Pick<Folder, "path">[],
  pendingIn: string | null = null,
): FolderNode {
  const root: FolderNode = { path: "/", name: MESSAGES.allFolders, children: [] };
  const nodes = new Map<string, FolderNode>([["/", root]]);
  const paths = [...new Set(folders.map((folder) => normalizePath(folder.path)))].sort(
    (a, b) => a.split("/").length - b.split("/").length,
  );
  for (const path of paths) {
    if (path === "/" || folderName(path) === NEW_FOLDER_PLACEHOLDER) continue;
    const node: FolderNode = { path, name: folderName(path), children: [] };
    nodes.set(path, node);
    (nodes.get(parentPath(path)) ?? root).children.push(node);
  }
  for (const node of nodes.values()) {
    node.children.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
  }
  const pending = pendingIn === null ? undefined : nodes.get(normalizePath(pendingIn));
  if (pending) {
    const base = pending.path === "/" ? "" : pending.path;
    pending.children.unshift({
      path: `${base}/${NEW_FOLDER_PLACEHOLDER}`,
      name: "",
      children: [],
      placeholder: true,
    });
  }
  return root;
}

/** '/a b/c' → '/dashboard/sandboxes/a%20b/c'. */
export function folderUrl(path: string): string {
  const normal = normalizePath(path);
  return normal === "/"
    ? "/dashboard/sandboxes"
    : `/dashboard/sandboxes${normal.split("/").map(encodeURIComponent).join("/")}`;
}

/** The folder path of the open sandboxes page, or null on other pages. */
export function openFolderPath(pathname: string): string | null {
  const match = /^\/dashboard\/sandboxes(\/.*)?$/.exec(pathname);
  if (!match) return null;
  return normalizePath((match[1] ?? "").split("/").map(safeDecode).join("/"));
}

function safeDecode(part: string) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Where a folder hover-expands while something is dragged over it: at once at the root, else after 500 ms (spec 1 §9). */
export function hoverExpandDelay(path: string): number {
  return normalizePath(path) === "/" ? 0 : 500;
}
