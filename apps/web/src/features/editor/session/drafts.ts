/**
 * Unsaved text, kept in this browser per sandbox (local storage) so that a reload, a crash or a
 * dropped connection loses nothing: the editor puts it back when the sandbox opens again.
 */
export type Draft = {
  code: string;
  /** The version of the file the text was based on: a save names it. */
  baseVersion: number;
  /** A hash of the file's text at that version: a newer version with the same text is no conflict. */
  baseHash: string;
  /** Where the file was, to put it back if someone deletes it meanwhile. */
  title: string;
  directoryShortid: string | null;
};

const PREFIX = "boxyard:drafts:";

/** FNV-1a over the UTF-16 code units, with the length: cheap, and enough to tell texts apart. */
export function textHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length.toString(36)}.${(hash >>> 0).toString(36)}`;
}

function isDraft(value: unknown): value is Draft {
  if (typeof value !== "object" || value === null) return false;
  const d = value as Record<string, unknown>;
  return (
    typeof d.code === "string" &&
    typeof d.baseVersion === "number" &&
    typeof d.baseHash === "string" &&
    typeof d.title === "string" &&
    (d.directoryShortid === null || typeof d.directoryShortid === "string")
  );
}

export type DraftStorage = {
  load(): Map<string, Draft>;
  save(drafts: ReadonlyMap<string, Draft>): void;
};

/** Drafts of one sandbox in local storage; unreadable entries are dropped, a full storage is logged. */
export function localDraftStorage(sandboxId: string, storage: Storage = window.localStorage): DraftStorage {
  const key = `${PREFIX}${sandboxId}`;
  return {
    load() {
      const drafts = new Map<string, Draft>();
      try {
        const raw = storage.getItem(key);
        if (!raw) return drafts;
        const parsed: unknown = JSON.parse(raw);
        if (typeof parsed !== "object" || parsed === null) return drafts;
        for (const [shortid, draft] of Object.entries(parsed)) {
          if (isDraft(draft)) drafts.set(shortid, draft);
        }
      } catch (error) {
        console.warn("Could not read the unsaved changes kept in this browser", error);
      }
      return drafts;
    },
    save(drafts) {
      try {
        if (drafts.size === 0) storage.removeItem(key);
        else storage.setItem(key, JSON.stringify(Object.fromEntries(drafts)));
      } catch (error) {
        console.warn("Could not keep the unsaved changes in this browser", error);
      }
    },
  };
}

/** Drafts held in memory only (tests, and browsers that refuse storage). */
export function memoryDraftStorage(initial: Record<string, Draft> = {}): DraftStorage & {
  stored: Map<string, Draft>;
} {
  const stored = new Map(Object.entries(initial));
  return {
    stored,
    load: () => new Map(stored),
    save(drafts) {
      stored.clear();
      for (const [k, v] of drafts) stored.set(k, v);
    },
  };
}
