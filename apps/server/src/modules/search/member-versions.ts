import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";

/** A member's view of a workspace's search version: null when it has none, undefined for a non-member. */
export type MemberVersion = number | null | undefined;

type Waiting = {
  userId: string;
  workspaceId: string;
  promise: Promise<MemberVersion>;
  resolve: (version: MemberVersion) => void;
  reject: (error: unknown) => void;
};

/** The database writes ids in lower case; a request may not. */
const keyOf = (userId: string, workspaceId: string) => `${userId}\n${workspaceId}`.toLowerCase();

/**
 * Reads the search version of workspaces as their members ask (the key of a kept search answer),
 * one query for all the searches that arrive together. A search joins a batch only while its query
 * has not been sent, so every search still reads the database after it was asked: a change its
 * user made before is seen.
 */
export class MemberVersions {
  #batch: Map<string, Waiting> | null = null;

  constructor(private readonly db: Db) {}

  read(userId: string, workspaceId: string): Promise<MemberVersion> {
    if (!this.#batch) {
      this.#batch = new Map();
      // After the requests read in this turn of the event loop have asked.
      setImmediate(() => void this.#send());
    }
    const key = keyOf(userId, workspaceId);
    let waiting = this.#batch.get(key);
    if (!waiting) {
      let resolve!: Waiting["resolve"];
      let reject!: Waiting["reject"];
      const promise = new Promise<MemberVersion>((done, fail) => {
        resolve = done;
        reject = fail;
      });
      waiting = { userId, workspaceId, promise, resolve, reject };
      this.#batch.set(key, waiting);
    }
    return waiting.promise;
  }

  async #send() {
    const batch = [...this.#batch!.values()];
    this.#batch = null;
    try {
      const rows = await rowsOf<{ user_id: string; workspace_id: string; version: number | string | null }>(
        this.db,
        sql`select m.user_id, m.workspace_id, v.version from workspace_members m
          left join search_versions v on v.workspace_id = m.workspace_id
          where (m.user_id, m.workspace_id) in (${sql.join(
            batch.map((w) => sql`(${w.userId}::uuid, ${w.workspaceId}::uuid)`),
            sql`, `,
          )})`,
      );
      const found = new Map(
        rows.map((r) => [keyOf(r.user_id, r.workspace_id), r.version === null ? null : Number(r.version)]),
      );
      for (const waiting of batch) waiting.resolve(found.get(keyOf(waiting.userId, waiting.workspaceId)));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}
