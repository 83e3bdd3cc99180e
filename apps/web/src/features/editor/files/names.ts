import { fileNameProblem } from "@boxyard/domain";
import type { SandboxFileModule } from "../../../api/rest-types.ts";
import type { TreeNode } from "../../file-tree/fileTree.ts";

/** The editor's tree: its files carry their version. */
export type FileTreeNode = TreeNode<SandboxFileModule>;
export type FileTreeFile = Extract<FileTreeNode, { kind: "file" }>;

/** Why a file or folder name is refused (the server's rules and words), or null when it is fine. */
export const nameProblem = fileNameProblem;

/** The nodes directly in a folder (`null`: the top). */
export function childrenOf(tree: readonly TreeNode[], directoryShortid: string | null): readonly TreeNode[] {
  if (directoryShortid === null) return tree;
  const find = (nodes: readonly TreeNode[]): readonly TreeNode[] | null => {
    for (const node of nodes) {
      if (node.kind !== "directory") continue;
      if (node.id === `d:${directoryShortid}`) return node.children;
      const inner = find(node.children);
      if (inner) return inner;
    }
    return null;
  };
  return find(tree) ?? [];
}

/** Whether a folder already holds something of that name (other than `except`). */
export function nameTaken(
  tree: readonly TreeNode[],
  directoryShortid: string | null,
  name: string,
  except?: string,
): boolean {
  return childrenOf(tree, directoryShortid).some((node) => node.name === name && node.id !== except);
}

export function findNode(tree: readonly TreeNode[], id: string): TreeNode | null {
  for (const node of tree) {
    if (node.id === id) return node;
    if (node.kind === "directory") {
      const inner = findNode(node.children, id);
      if (inner) return inner;
    }
  }
  return null;
}

/** The shortid behind a tree id (`m:abc` or `d:abc`). */
export const shortidOf = (id: string) => id.slice(2);

/** The folder a node sits in, or null at the top. */
export function parentOf(node: TreeNode): string | null {
  return node.parentId === null ? null : shortidOf(node.parentId);
}

/** Whether `node` may move into folder `target` (a folder never into itself or what it holds). */
export function canMoveInto(node: TreeNode, target: string | null): boolean {
  if (target === null || node.kind === "file") return true;
  const inside = (dir: TreeNode): boolean =>
    dir.id === `d:${target}` || (dir.kind === "directory" && dir.children.some(inside));
  return !inside(node);
}

/** Every folder with its path, for 'Move to folder' and uploads. */
export function allFolders(tree: readonly TreeNode[]): { shortid: string; path: string }[] {
  const out: { shortid: string; path: string }[] = [];
  const walk = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      if (node.kind !== "directory") continue;
      out.push({ shortid: shortidOf(node.id), path: node.path });
      walk(node.children);
    }
  };
  walk(tree);
  return out;
}

/** A name not yet used in the folder: `name`, then `name 2`, `name 3`… before the extension. */
export function freeName(tree: readonly TreeNode[], directoryShortid: string | null, name: string): string {
  if (!nameTaken(tree, directoryShortid, name)) return name;
  const dot = name.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  for (let n = 2; ; n++) {
    const candidate = `${stem} ${n}${ext}`;
    if (!nameTaken(tree, directoryShortid, candidate)) return candidate;
  }
}
