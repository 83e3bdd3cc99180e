/** A sandbox's files as a tree (spec 1 §3 zip export: modules point at their directory's shortid). */

export type SandboxDirectory = { shortid: string; title: string; directoryShortid: string | null };
export type SandboxModule = {
  shortid: string;
  title: string;
  code: string;
  directoryShortid: string | null;
  isBinary: boolean;
};

/** `parentId` is the tree id of the folder a node is shown in, null at the top. */
export type TreeNode<M extends SandboxModule = SandboxModule> =
  | {
      kind: "directory";
      id: string;
      name: string;
      path: string;
      depth: number;
      parentId: string | null;
      children: TreeNode<M>[];
    }
  | {
      kind: "file";
      id: string;
      name: string;
      path: string;
      depth: number;
      parentId: string | null;
      module: M;
    };

const byName = (a: TreeNode, b: TreeNode) =>
  a.kind !== b.kind
    ? a.kind === "directory"
      ? -1
      : 1
    : a.name.localeCompare(b.name, "en", { numeric: true });

/**
 * The tree of directories and modules: directories first, then files, each by name. A module or
 * directory whose parent is missing (or whose chain loops) sits at the top rather than vanishing.
 */
export function buildFileTree<M extends SandboxModule>(
  directories: readonly SandboxDirectory[],
  modules: readonly M[],
): TreeNode<M>[] {
  const dirs = new Map(directories.map((d) => [d.shortid, d]));
  const children = new Map<string | null, (SandboxDirectory | M)[]>();
  const parentOf = (item: SandboxDirectory | M, isDir: boolean): string | null => {
    const parent = item.directoryShortid;
    if (!parent || !dirs.has(parent)) return null;
    if (isDir) {
      // A loop (a directory inside itself, directly or not) is broken at the top.
      const seen = new Set([item.shortid]);
      for (let at: string | null = parent; at; at = dirs.get(at)?.directoryShortid ?? null) {
        if (seen.has(at)) return null;
        seen.add(at);
      }
    }
    return parent;
  };
  for (const d of directories) {
    const key = parentOf(d, true);
    children.set(key, [...(children.get(key) ?? []), d]);
  }
  for (const m of modules) {
    const key = parentOf(m, false);
    children.set(key, [...(children.get(key) ?? []), m]);
  }
  const build = (parent: string | null, prefix: string, depth: number): TreeNode<M>[] =>
    (children.get(parent) ?? [])
      .map((item): TreeNode<M> => {
        const path = `${prefix}${item.title}`;
        const parentId = parent === null ? null : `d:${parent}`;
        if ("code" in item)
          return {
            kind: "file",
            id: `m:${item.shortid}`,
            name: item.title,
            path,
            depth,
            parentId,
            module: item,
          };
        return {
          kind: "directory",
          id: `d:${item.shortid}`,
          name: item.title,
          path,
          depth,
          parentId,
          children: build(item.shortid, `${path}/`, depth + 1),
        };
      })
      .sort(byName);
  return build(null, "", 0);
}

/** The nodes a reader sees, in order: the top level and the contents of expanded directories. */
export function visibleNodes<M extends SandboxModule>(
  tree: readonly TreeNode<M>[],
  expanded: ReadonlySet<string>,
): TreeNode<M>[] {
  const out: TreeNode<M>[] = [];
  const walk = (nodes: readonly TreeNode<M>[]) => {
    for (const node of nodes) {
      out.push(node);
      if (node.kind === "directory" && expanded.has(node.id)) walk(node.children);
    }
  };
  walk(tree);
  return out;
}

/** Every file, depth first in tree order. */
export function allFiles<M extends SandboxModule>(
  tree: readonly TreeNode<M>[],
): Extract<TreeNode<M>, { kind: "file" }>[] {
  return visibleNodes(tree, new Set(allDirectoryIds(tree))).filter((n) => n.kind === "file");
}

export function allDirectoryIds(tree: readonly TreeNode[]): string[] {
  const ids: string[] = [];
  const walk = (nodes: readonly TreeNode[]) => {
    for (const n of nodes) {
      if (n.kind === "directory") {
        ids.push(n.id);
        walk(n.children);
      }
    }
  };
  walk(tree);
  return ids;
}

/** The directories that hold a node, outermost first (to expand the way to a selected file). */
export function ancestorIds(tree: readonly TreeNode[], id: string): string[] {
  const trail: string[] = [];
  const find = (nodes: readonly TreeNode[]): boolean => {
    for (const n of nodes) {
      if (n.id === id) return true;
      if (n.kind === "directory") {
        trail.push(n.id);
        if (find(n.children)) return true;
        trail.pop();
      }
    }
    return false;
  };
  return find(tree) ? trail : [];
}

const ENTRY_FILES = [
  "README.md",
  "src/App.jsx",
  "src/App.tsx",
  "src/App.vue",
  "src/App.svelte",
  "src/main.js",
  "src/index.js",
  "app/page.js",
  "index.js",
  "index.html",
  "app.py",
  "Dockerfile",
  "package.json",
];

/** The file to show first: a README or a well-known entry file, else the first file. */
export function defaultFile<M extends SandboxModule>(tree: readonly TreeNode<M>[]) {
  const files = allFiles(tree);
  for (const path of ENTRY_FILES) {
    const found = files.find((f) => f.path === path);
    if (found) return found;
  }
  return files[0] ?? null;
}
