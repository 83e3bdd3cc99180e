import { ApiError } from "../../../api/errors.ts";
import { staleModules } from "../../../api/queries/sandbox-files.ts";
import type { SandboxFileModule } from "../../../api/rest-types.ts";
import { type Draft, type DraftStorage, textHash } from "./drafts.ts";

/** A file whose unsaved text meets a newer version saved by someone else (`theirs`), or its deletion (null). */
export type Conflict = { theirs: SandboxFileModule | null };

export type SessionSnapshot = {
  /** Files with unsaved changes. */
  dirty: ReadonlySet<string>;
  saving: ReadonlySet<string>;
  /** Files whose last save failed, with why; they are tried again. */
  failed: ReadonlyMap<string, string>;
  conflicts: ReadonlyMap<string, Conflict>;
  /** The server refused a save: this person may not change the files (any more). */
  refused: string | null;
};

export type FileSessionOptions = {
  storage: DraftStorage;
  /** The file as the server last told it (the page's cache). */
  server: (shortid: string) => SandboxFileModule | undefined;
  save: (shortid: string, code: string, baseVersion: number) => Promise<SandboxFileModule>;
  /** A saved file, or the current one a refused save brought back: into the page's cache. */
  onSaved: (module: SandboxFileModule) => void;
  /** 'Keep mine' of a file someone deleted: made again where it was. */
  recreate: (draft: Draft) => Promise<SandboxFileModule>;
  errorText: (error: unknown) => string;
  /** The pause after the last keystroke before saving by itself. */
  autosaveMs?: number;
  /** The first wait before trying a failed save again; it doubles up to a minute. */
  retryMs?: number;
};

const PERSIST_MS = 250;
const MAX_RETRY_MS = 60_000;

/**
 * The files being edited in one sandbox: their unsaved text (kept in the browser), the saves
 * (each names the version it was based on; one at a time per file, the next waits), and the
 * conflicts with what others saved meanwhile. A file with unsaved text is never overwritten by a
 * newer version: that is a conflict the person resolves ('Keep mine' or 'Take theirs'), unless the
 * newer version has the same text as the draft's base (a rename, a move), which is no conflict.
 */
export class FileSession {
  private readonly drafts: Map<string, Draft>;
  private readonly saving = new Set<string>();
  private readonly failed = new Map<string, string>();
  private readonly conflicts = new Map<string, Conflict>();
  private refused: string | null = null;
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly retries = new Map<string, number>();
  private persistTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();
  private snapshot: SessionSnapshot;
  private disposed = false;

  constructor(private readonly options: FileSessionOptions) {
    this.drafts = options.storage.load();
    this.snapshot = this.makeSnapshot();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;

  draft(shortid: string): Draft | undefined {
    return this.drafts.get(shortid);
  }

  /** The text to show: the unsaved one, else the server's. */
  text(shortid: string): string | undefined {
    return this.drafts.get(shortid)?.code ?? this.options.server(shortid)?.code;
  }

  get hasUnsaved() {
    return this.drafts.size > 0;
  }

  /** The editor's text changed (every keystroke: cheap unless the file turns dirty or clean). */
  edit(shortid: string, code: string) {
    const server = this.options.server(shortid);
    if (!server || server.isBinary) return;
    const existing = this.drafts.get(shortid);
    if (code === server.code && !this.conflicts.has(shortid)) {
      if (!existing) return;
      this.drafts.delete(shortid);
      this.clearTimer(shortid);
      this.failed.delete(shortid);
      this.persistSoon();
      this.emit();
      return;
    }
    if (existing) {
      existing.code = code;
    } else {
      this.drafts.set(shortid, {
        code,
        baseVersion: server.version,
        baseHash: textHash(server.code),
        title: server.title,
        directoryShortid: server.directoryShortid,
      });
      this.emit();
    }
    this.persistSoon();
    if (!this.conflicts.has(shortid) && !this.refused)
      this.schedule(shortid, this.options.autosaveMs ?? 1500);
  }

  /** Saves one file now (Ctrl/Cmd+S, a pause, leaving the editor). Answers whether it is saved. */
  async save(shortid: string): Promise<boolean> {
    this.clearTimer(shortid);
    if (this.conflicts.has(shortid) || this.refused || this.disposed) return !this.drafts.has(shortid);
    const running = this.inFlight.get(shortid);
    if (running) {
      this.again.add(shortid);
      await running;
      // The follow-up save (if any) started when the running one ended.
      await this.inFlight.get(shortid);
      return !this.drafts.has(shortid);
    }
    const draft = this.drafts.get(shortid);
    if (!draft) return true;
    const run = this.send(shortid, draft);
    this.inFlight.set(shortid, run);
    await run;
    return !this.drafts.has(shortid);
  }

  /** Saves every file with unsaved text that is not in conflict. */
  async saveAll(): Promise<boolean> {
    const results = await Promise.all([...this.drafts.keys()].map((shortid) => this.save(shortid)));
    return results.every(Boolean);
  }

  private async send(shortid: string, draft: Draft) {
    const code = draft.code;
    const baseVersion = draft.baseVersion;
    this.saving.add(shortid);
    this.emit();
    try {
      const module = await this.options.save(shortid, code, baseVersion);
      this.retries.delete(shortid);
      this.failed.delete(shortid);
      this.options.onSaved(module);
      const now = this.drafts.get(shortid);
      if (now && now.code === code) this.drafts.delete(shortid);
      else if (now) {
        // Typed on while it saved: the rest is based on what was just saved.
        now.baseVersion = module.version;
        now.baseHash = textHash(code);
        this.schedule(shortid, this.options.autosaveMs ?? 1500);
      }
    } catch (error) {
      this.failedSave(shortid, error);
    } finally {
      this.saving.delete(shortid);
      this.inFlight.delete(shortid);
      this.persistSoon();
      this.emit();
      const next = this.again.delete(shortid) && !this.conflicts.has(shortid) && !this.refused;
      if (next && this.drafts.has(shortid) && !this.disposed) {
        this.inFlight.set(shortid, this.send(shortid, this.drafts.get(shortid)!));
      }
    }
  }

  private failedSave(shortid: string, error: unknown) {
    const stale = staleModules(error)?.find((m) => m.shortid === shortid);
    if (stale) {
      this.options.onSaved(stale);
      // The same text as the draft's base (a rename, say): saved again on the newer version.
      if (this.reconcile(shortid) === "rebased") this.again.add(shortid);
      return;
    }
    if (error instanceof ApiError && error.status === 404) {
      this.conflicts.set(shortid, { theirs: null });
      return;
    }
    if (error instanceof ApiError && error.status === 403) {
      this.refused = this.options.errorText(error);
      this.failed.set(shortid, this.refused);
      for (const id of [...this.timers.keys()]) this.clearTimer(id);
      return;
    }
    this.failed.set(shortid, this.options.errorText(error));
    const wait = Math.min(this.retries.get(shortid) ?? this.options.retryMs ?? 5000, MAX_RETRY_MS);
    this.retries.set(shortid, wait * 2);
    this.schedule(shortid, wait);
  }

  /**
   * Compares a draft with the server's file after it changed: the same text drops the draft, the
   * base text under a newer version moves the base, other text is a conflict, no file is a deletion.
   */
  private reconcile(shortid: string): "clean" | "rebased" | "conflict" | "unchanged" {
    const draft = this.drafts.get(shortid);
    if (!draft) return "clean";
    const server = this.options.server(shortid);
    if (!server) {
      if (!this.conflicts.has(shortid)) this.conflicts.set(shortid, { theirs: null });
      return "conflict";
    }
    if (server.code === draft.code) {
      this.drafts.delete(shortid);
      this.conflicts.delete(shortid);
      this.failed.delete(shortid);
      return "clean";
    }
    const conflict = this.conflicts.get(shortid);
    if (conflict) {
      if (conflict.theirs?.version !== server.version) this.conflicts.set(shortid, { theirs: server });
      return "conflict";
    }
    if (server.version <= draft.baseVersion) return "unchanged";
    if (textHash(server.code) === draft.baseHash) {
      draft.baseVersion = server.version;
      draft.title = server.title;
      draft.directoryShortid = server.directoryShortid;
      return "rebased";
    }
    this.conflicts.set(shortid, { theirs: server });
    this.clearTimer(shortid);
    return "conflict";
  }

  /** The server's files changed (a save, a live event, a reload): drafts are compared with them. */
  serverChanged() {
    let changed = false;
    for (const shortid of [...this.drafts.keys()]) {
      const before = this.conflicts.get(shortid);
      const outcome = this.reconcile(shortid);
      if (outcome !== "unchanged" && (outcome !== "conflict" || before !== this.conflicts.get(shortid))) {
        changed = true;
      }
    }
    if (changed) {
      this.persistSoon();
      this.emit();
    }
  }

  /** Starts saving the drafts found in the browser (the editor opened for someone who may edit). */
  resume() {
    this.serverChanged();
    for (const shortid of this.drafts.keys()) {
      if (!this.conflicts.has(shortid)) this.schedule(shortid, this.options.autosaveMs ?? 1500);
    }
  }

  /** 'Keep mine': the (possibly merged) text is saved over their version, or the deleted file made again. */
  async keepMine(shortid: string, code: string): Promise<string> {
    const conflict = this.conflicts.get(shortid);
    const draft = this.drafts.get(shortid);
    if (!conflict || !draft) return shortid;
    if (conflict.theirs === null) {
      const module = await this.options.recreate({ ...draft, code });
      this.options.onSaved(module);
      this.drafts.delete(shortid);
      this.conflicts.delete(shortid);
      this.failed.delete(shortid);
      this.persistSoon();
      this.emit();
      return module.shortid;
    }
    draft.code = code;
    draft.baseVersion = conflict.theirs.version;
    draft.baseHash = textHash(conflict.theirs.code);
    this.conflicts.delete(shortid);
    this.persistSoon();
    this.emit();
    await this.save(shortid);
    return shortid;
  }

  /** 'Take theirs' (or 'Discard changes'): the unsaved text is dropped for the server's. */
  discard(shortid: string) {
    if (!this.drafts.delete(shortid) && !this.conflicts.has(shortid)) return;
    this.conflicts.delete(shortid);
    this.failed.delete(shortid);
    this.clearTimer(shortid);
    this.persistSoon();
    this.emit();
  }

  /** A file deleted here: its draft goes with it. */
  forget(shortids: readonly string[]) {
    let changed = false;
    for (const shortid of shortids) {
      changed = this.drafts.delete(shortid) || changed;
      changed = this.conflicts.delete(shortid) || changed;
      this.failed.delete(shortid);
      this.clearTimer(shortid);
    }
    if (changed) {
      this.persistSoon();
      this.emit();
    }
  }

  /** Writes the drafts to the browser now (the page is being left). */
  persistNow() {
    if (this.persistTimer) clearTimeout(this.persistTimer);
    this.persistTimer = null;
    this.options.storage.save(this.drafts);
  }

  /** The page opened (again): saves go on. */
  start() {
    this.disposed = false;
  }

  /** The page closed: what is unsaved is sent once more and kept in the browser; nothing else is started. */
  stop() {
    if (!this.refused) {
      for (const shortid of this.drafts.keys()) {
        if (!this.conflicts.has(shortid) && !this.inFlight.has(shortid)) void this.save(shortid);
      }
    }
    this.persistNow();
    this.disposed = true;
    for (const id of [...this.timers.keys()]) this.clearTimer(id);
  }

  private schedule(shortid: string, ms: number) {
    this.clearTimer(shortid);
    if (this.disposed) return;
    this.timers.set(
      shortid,
      setTimeout(() => {
        this.timers.delete(shortid);
        void this.save(shortid);
      }, ms),
    );
  }

  private clearTimer(shortid: string) {
    const timer = this.timers.get(shortid);
    if (timer) clearTimeout(timer);
    this.timers.delete(shortid);
  }

  private persistSoon() {
    if (this.disposed) {
      this.persistNow();
      return;
    }
    if (this.persistTimer) return;
    this.persistTimer = setTimeout(() => this.persistNow(), PERSIST_MS);
  }

  private makeSnapshot(): SessionSnapshot {
    return {
      dirty: new Set(this.drafts.keys()),
      saving: new Set(this.saving),
      failed: new Map(this.failed),
      conflicts: new Map(this.conflicts),
      refused: this.refused,
    };
  }

  private emit() {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }
}
