import { FILE_MESSAGES } from "@boxyard/domain";
import { type AppError, conflict, invalid, notFound } from "../../http/errors.ts";

/** A file or folder as the tree rules see it: where it is and what it is called. */
export type TreeEntry = {
  kind: "module" | "directory";
  shortid: string;
  title: string;
  directoryShortid: string | null;
};

const nameKey = (parent: string | null, title: string) => `${parent ?? ""}/${title}`;

/**
 * A sandbox's tree (names and places, no code) that a command changes in memory before it writes:
 * every change is applied here first, then `problem` judges the entries it touched in the tree as
 * it would be. All or nothing: a command writes only when no entry has a problem.
 */
export class FileTree {
  private readonly modules = new Map<string, TreeEntry>();
  private readonly directories = new Map<string, TreeEntry>();
  /** Entries by folder and name: more than one under a key is a duplicate. */
  private readonly byName = new Map<string, Set<TreeEntry>>();
  private readonly touched = new Set<TreeEntry>();

  constructor(entries: readonly TreeEntry[]) {
    for (const entry of entries) this.insert({ ...entry });
    this.touched.clear();
  }

  module(shortid: string) {
    return this.modules.get(shortid) ?? null;
  }

  directory(shortid: string) {
    return this.directories.get(shortid) ?? null;
  }

  /** Whether a shortid is taken by a file or a folder of the sandbox. */
  hasShortid(shortid: string) {
    return this.modules.has(shortid) || this.directories.has(shortid);
  }

  insert(entry: TreeEntry) {
    (entry.kind === "module" ? this.modules : this.directories).set(entry.shortid, entry);
    this.index(entry);
    this.touched.add(entry);
    return entry;
  }

  /** Renames and/or moves an entry (`directoryShortid` undefined keeps its folder). */
  change(entry: TreeEntry, change: { title?: string; directoryShortid?: string | null }) {
    this.unindex(entry);
    if (change.title !== undefined) entry.title = change.title;
    if (change.directoryShortid !== undefined) entry.directoryShortid = change.directoryShortid;
    this.index(entry);
    this.touched.add(entry);
  }

  /** Removes an entry and, for a folder, all it holds; answers what was removed. */
  remove(entry: TreeEntry): TreeEntry[] {
    const children = new Map<string, TreeEntry[]>();
    if (entry.kind === "directory") {
      for (const e of [...this.modules.values(), ...this.directories.values()]) {
        if (e.directoryShortid === null) continue;
        const list = children.get(e.directoryShortid);
        if (list) list.push(e);
        else children.set(e.directoryShortid, [e]);
      }
    }
    const removed: TreeEntry[] = [];
    const stack = [entry];
    while (stack.length > 0) {
      const item = stack.pop()!;
      const map = item.kind === "module" ? this.modules : this.directories;
      if (map.get(item.shortid) !== item) continue;
      map.delete(item.shortid);
      this.unindex(item);
      this.touched.delete(item);
      removed.push(item);
      if (item.kind === "directory") stack.push(...(children.get(item.shortid) ?? []));
    }
    return removed;
  }

  /**
   * The first problem of the touched entries in the tree as it now is: a folder that does not
   * exist, a folder inside itself, two entries of one name in one folder. Null when there is none.
   */
  problem(): AppError | null {
    for (const entry of this.touched) {
      const parent = entry.directoryShortid;
      if (parent !== null && !this.directories.has(parent)) return notFound(FILE_MESSAGES.folderNotFound);
      if (entry.kind === "directory" && this.isWithin(parent, entry.shortid)) {
        return invalid(FILE_MESSAGES.intoItself, "directoryShortid");
      }
    }
    for (const entry of this.touched) {
      if ((this.byName.get(nameKey(entry.directoryShortid, entry.title))?.size ?? 0) > 1) {
        return conflict(FILE_MESSAGES.nameTaken(entry.title), "title");
      }
    }
    return null;
  }

  /** Whether folder `from` is folder `ancestor` or inside it (walking up; a cycle stops the walk). */
  private isWithin(from: string | null, ancestor: string): boolean {
    let current = from;
    for (let steps = 0; current !== null && steps <= this.directories.size; steps++) {
      if (current === ancestor) return true;
      current = this.directories.get(current)?.directoryShortid ?? null;
    }
    return false;
  }

  private index(entry: TreeEntry) {
    const key = nameKey(entry.directoryShortid, entry.title);
    let set = this.byName.get(key);
    if (!set) {
      set = new Set();
      this.byName.set(key, set);
    }
    set.add(entry);
  }

  private unindex(entry: TreeEntry) {
    const key = nameKey(entry.directoryShortid, entry.title);
    const set = this.byName.get(key);
    set?.delete(entry);
    if (set?.size === 0) this.byName.delete(key);
  }
}
