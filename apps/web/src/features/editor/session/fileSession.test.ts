import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../api/errors.ts";
import type { SandboxFileModule } from "../../../api/rest-types.ts";
import { fileModule } from "../testing.ts";
import { memoryDraftStorage, textHash } from "./drafts.ts";
import { FileSession } from "./fileSession.ts";

/** A session over an in-memory "server": `save` answers as the API would (409 with the current file when stale). */
function setup(
  initial: SandboxFileModule[] = [fileModule("a", "a.js", "one")],
  storage = memoryDraftStorage(),
) {
  const server = new Map(initial.map((m) => [m.shortid, m]));
  const saves: { shortid: string; code: string; baseVersion: number }[] = [];
  let gate: Promise<void> | null = null;
  let failWith: unknown = null;
  const session = new FileSession({
    storage,
    server: (shortid) => server.get(shortid),
    save: async (shortid, code, baseVersion) => {
      saves.push({ shortid, code, baseVersion });
      if (gate) await gate;
      if (failWith) throw failWith;
      const current = server.get(shortid)!;
      if (current.version !== baseVersion) {
        throw new ApiError("Request failed with status code 409", {
          status: 409,
          body: { errors: { detail: ["stale"] }, current: { module: current } },
        });
      }
      const saved = { ...current, code, version: current.version + 1 };
      server.set(shortid, saved);
      return saved;
    },
    onSaved: (module) => {
      const known = server.get(module.shortid);
      if (!known || known.version <= module.version) server.set(module.shortid, module);
    },
    recreate: async (draft) => {
      const module = fileModule("again", draft.title, draft.code);
      server.set(module.shortid, module);
      return module;
    },
    errorText: (error) => (error instanceof Error ? error.message : String(error)),
    autosaveMs: 1000,
    retryMs: 500,
  });
  session.start();
  return {
    session,
    server,
    saves,
    storage,
    hold: () => {
      let release!: () => void;
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        gate = null;
        release();
      };
    },
    fail: (error: unknown) => {
      failWith = error;
    },
    someoneSaves: (shortid: string, code: string) => {
      const current = server.get(shortid)!;
      server.set(shortid, { ...current, code, version: current.version + 1 });
      session.serverChanged();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the editing session", () => {
  it("an edit makes a draft based on the server's version; going back to the saved text drops it", () => {
    const { session } = setup();
    session.edit("a", "one two");
    expect(session.getSnapshot().dirty.has("a")).toBe(true);
    expect(session.draft("a")).toMatchObject({ code: "one two", baseVersion: 1, baseHash: textHash("one") });
    session.edit("a", "one");
    expect(session.getSnapshot().dirty.size).toBe(0);
  });

  it("saves by itself after a pause, naming the base version; the draft goes once saved", async () => {
    const { session, saves } = setup();
    session.edit("a", "one two");
    await vi.advanceTimersByTimeAsync(999);
    expect(saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves).toEqual([{ shortid: "a", code: "one two", baseVersion: 1 }]);
    expect(session.getSnapshot().dirty.size).toBe(0);
  });

  it("text typed while a save is on its way stays a draft, based on the version that save made", async () => {
    const { session, saves, hold } = setup();
    const release = hold();
    session.edit("a", "one two");
    const saving = session.save("a");
    expect(session.getSnapshot().saving.has("a")).toBe(true);
    session.edit("a", "one two three");
    release();
    await saving;
    expect(session.draft("a")).toMatchObject({ code: "one two three", baseVersion: 2 });
    await session.save("a");
    expect(saves.map((s) => [s.code, s.baseVersion])).toEqual([
      ["one two", 1],
      ["one two three", 2],
    ]);
  });

  it("one save at a time per file: a save asked for during another follows it, with the newest text", async () => {
    const { session, saves, hold } = setup();
    const release = hold();
    session.edit("a", "x");
    const first = session.save("a");
    session.edit("a", "xy");
    const second = session.save("a");
    release();
    await Promise.all([first, second]);
    expect(saves.map((s) => [s.code, s.baseVersion])).toEqual([
      ["x", 1],
      ["xy", 2],
    ]);
  });

  it("someone else's newer version of a file with unsaved text is a conflict, never an overwrite; keep mine saves over theirs", async () => {
    const { session, server, someoneSaves, saves } = setup();
    session.edit("a", "mine");
    someoneSaves("a", "theirs");
    const conflict = session.getSnapshot().conflicts.get("a");
    expect(conflict?.theirs).toMatchObject({ code: "theirs", version: 2 });
    expect(session.text("a")).toBe("mine");
    // No autosave while in conflict.
    await vi.advanceTimersByTimeAsync(5000);
    expect(saves).toEqual([]);
    await session.keepMine("a", "mine, merged");
    expect(server.get("a")).toMatchObject({ code: "mine, merged", version: 3 });
    expect(session.getSnapshot().conflicts.size).toBe(0);
  });

  it("take theirs drops the draft; a newer version with the draft's own text is no conflict either", () => {
    const { session, someoneSaves } = setup();
    session.edit("a", "mine");
    someoneSaves("a", "theirs");
    session.discard("a");
    expect(session.text("a")).toBe("theirs");
    expect(session.getSnapshot()).toMatchObject({ dirty: new Set(), conflicts: new Map() });
    session.edit("a", "same");
    someoneSaves("a", "same");
    expect(session.getSnapshot().dirty.size).toBe(0);
    expect(session.getSnapshot().conflicts.size).toBe(0);
  });

  it("a rename (a new version with the same text) moves the draft's base instead of raising a conflict", async () => {
    const { session, server, saves } = setup();
    session.edit("a", "one two");
    const current = server.get("a")!;
    server.set("a", { ...current, title: "b.js", version: 2 });
    session.serverChanged();
    expect(session.getSnapshot().conflicts.size).toBe(0);
    await session.save("a");
    expect(saves).toEqual([{ shortid: "a", code: "one two", baseVersion: 2 }]);
  });

  it("a save refused as stale (409) whose current text is the draft's base is sent again on the new version", async () => {
    const { session, server, saves } = setup();
    session.edit("a", "one two");
    // The server moved on (a rename) without the session hearing of it.
    server.set("a", { ...server.get("a")!, title: "renamed.js", version: 5 });
    await session.save("a");
    await vi.runAllTimersAsync();
    expect(saves.map((s) => s.baseVersion)).toEqual([1, 5]);
    expect(server.get("a")).toMatchObject({ code: "one two", version: 6 });
  });

  it("a file deleted by someone else while it has unsaved text: keep mine makes it again", async () => {
    const { session, server } = setup();
    session.edit("a", "mine");
    server.delete("a");
    session.serverChanged();
    expect(session.getSnapshot().conflicts.get("a")).toEqual({ theirs: null });
    expect(await session.keepMine("a", "mine")).toBe("again");
    expect(server.get("again")).toMatchObject({ title: "a.js", code: "mine" });
    expect(session.getSnapshot().dirty.size).toBe(0);
  });

  it("a failed save keeps the text and tries again later, waiting longer each time; 403 stops saving", async () => {
    const { session, saves, fail } = setup();
    fail(new ApiError("Network Error: offline"));
    session.edit("a", "one two");
    await session.save("a");
    expect(session.getSnapshot().failed.get("a")).toBe("Network Error: offline");
    expect(session.text("a")).toBe("one two");
    await vi.advanceTimersByTimeAsync(500);
    expect(saves).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(saves).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves).toHaveLength(3);
    fail(null);
    await vi.advanceTimersByTimeAsync(2000);
    expect(session.getSnapshot().dirty.size).toBe(0);

    fail(new ApiError("You may not", { status: 403, body: { errors: { detail: ["You may not"] } } }));
    session.edit("a", "more");
    await session.save("a");
    expect(session.getSnapshot().refused).toBe("You may not");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saves).toHaveLength(5);
    expect(session.text("a")).toBe("more");
  });

  it("S1-3.051 / drafts are kept in the browser and read back by the next session", async () => {
    const storage = memoryDraftStorage();
    const first = setup(undefined, storage);
    first.session.edit("a", "typed");
    await vi.advanceTimersByTimeAsync(300);
    expect(storage.stored.get("a")).toMatchObject({ code: "typed", baseVersion: 1 });
    first.session.stop();
    const second = setup(undefined, storage);
    expect(second.session.text("a")).toBe("typed");
    expect(second.session.getSnapshot().dirty.has("a")).toBe(true);
  });
});
