import { ACCOUNT_MESSAGES, folderName, normalizePath, parentPath } from "@boxyard/domain";
import type { ProfileSandbox } from "../../api/rest-types.ts";

export type PickerFolder = { path: string; name: string; children: PickerFolder[] };

/** The picker's folder tree (spec 2 §2.6): rooted at 'All Sandboxes', the folders the sandboxes are in. */
export function pickerTree(sandboxes: readonly Pick<ProfileSandbox, "collection">[]): PickerFolder {
  const root: PickerFolder = { path: "/", name: ACCOUNT_MESSAGES.pickerRoot, children: [] };
  const nodes = new Map<string, PickerFolder>([["/", root]]);
  const ensure = (path: string): PickerFolder => {
    const existing = nodes.get(path);
    if (existing) return existing;
    const node: PickerFolder = { path, name: folderName(path), children: [] };
    nodes.set(path, node);
    ensure(parentPath(path)).children.push(node);
    return node;
  };
  for (const s of sandboxes) if (s.collection) ensure(normalizePath(s.collection.path));
  for (const node of nodes.values()) node.children.sort((a, b) => a.name.localeCompare(b.name));
  return root;
}

/** The sandboxes shown for a folder: every one at the root ('All Sandboxes'), else those directly in it. */
export function sandboxesIn<T extends Pick<ProfileSandbox, "collection">>(
  sandboxes: readonly T[],
  path: string,
): T[] {
  if (path === "/") return [...sandboxes];
  return sandboxes.filter((s) => s.collection && normalizePath(s.collection.path) === path);
}
