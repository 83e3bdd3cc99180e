import { RECENT_LIMIT } from "@boxyard/domain";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sandboxAccesses } from "../../db/schema/index.ts";
import { invalid } from "../../http/errors.ts";
import {
  iso,
  rowsOf,
  type SandboxSummary,
  SUMMARY_COLUMNS,
  SUMMARY_JOINS,
  type SummaryRow,
  toSandboxSummary,
} from "../search/search.service.ts";

/** api-contract §3 RecentSandbox. */
export type RecentSandbox = {
  id: string;
  alias: string | null;
  title: string | null;
  lastAccessedAt: string;
  privacy: number;
  restricted: boolean;
  draft: boolean;
  isV2: boolean;
  screenshotUrl: string | null;
  teamId: string;
  source: { template: string | null };
  customTemplate: { id: string; iconUrl: string | null } | null;
  forkedTemplate: { id: string; color: string | null; iconUrl: string | null } | null;
  collection: { path: string; id: string } | null;
  author: { username: string } | null;
};

export type SharedSandbox = SandboxSummary & {
  authorization: "COMMENT" | "READ" | "WRITE_CODE" | "WRITE_PROJECT";
};

/** Opening a sandbox records it for the Recent page (the sandbox's GET route calls this). */
export async function recordAccess(db: Db | Tx, userId: string, sandboxId: string, at = new Date()) {
  await db
    .insert(sandboxAccesses)
    .values({ userId, sandboxId, lastAccessedAt: at })
    .onConflictDoUpdate({
      target: [sandboxAccesses.userId, sandboxAccesses.sandboxId],
      set: { lastAccessedAt: at },
    });
}

/**
 * Who may still see a sandbox (`s`) as user `$user`: not deleted; a draft only by its author;
 * otherwise a member of its workspace, a collaborator, or anyone when it is public or unlisted.
 */
const visibleTo = (userId: string) => sql`s.removed_at is null
  and (s.collection_id is not null or s.author_id = ${userId})
  and (
    s.privacy < 2
    or exists (select 1 from workspace_members wm where wm.workspace_id = s.workspace_id and wm.user_id = ${userId})
    or exists (select 1 from sandbox_collaborators sc where sc.sandbox_id = s.id and sc.user_id = ${userId})
  )`;

/**
 * 'Pick up where you left off' (spec 1 §2, §9): the sandboxes the user opened, newest first, at
 * most 18 whatever the client asks, only those they may still see, optionally of one workspace.
 */
export async function recentlyAccessed(
  db: Db,
  userId: string,
  options: { limit: number; teamId?: string | null | undefined },
): Promise<RecentSandbox[]> {
  if (!Number.isInteger(options.limit) || options.limit < 1) {
    throw invalid("The limit must be a positive whole number.", "limit");
  }
  const limit = Math.min(options.limit, RECENT_LIMIT);
  const team = options.teamId ? sql`and s.workspace_id = ${options.teamId}` : sql``;
  const rows = await rowsOf<
    SummaryRow & {
      last_accessed_at: Date | string;
      forked_template_id: string | null;
      forked_template_color: string | null;
      forked_template_icon_url: string | null;
    }
  >(
    db,
    sql`select ${SUMMARY_COLUMNS}, a.last_accessed_at,
        ft.id as forked_template_id, ft.color as forked_template_color, ft.icon_url as forked_template_icon_url
      from sandbox_accesses a
      join sandboxes s on s.id = a.sandbox_id
      ${SUMMARY_JOINS}
      left join templates ft on ft.sandbox_id = s.forked_from_id
      where a.user_id = ${userId} ${team} and ${visibleTo(userId)}
      order by a.last_accessed_at desc, s.id
      limit ${limit}`,
  );
  return rows.map((row) => {
    const summary = toSandboxSummary(row);
    return {
      id: summary.id,
      alias: summary.alias,
      title: summary.title,
      lastAccessedAt: iso(row.last_accessed_at),
      privacy: summary.privacy,
      restricted: summary.restricted,
      draft: summary.draft,
      isV2: summary.isV2,
      screenshotUrl: summary.screenshotUrl,
      teamId: summary.teamId,
      source: summary.source,
      customTemplate: summary.customTemplate,
      forkedTemplate: row.forked_template_id
        ? {
            id: row.forked_template_id,
            color: row.forked_template_color,
            iconUrl: row.forked_template_icon_url,
          }
        : null,
      collection: summary.collection,
      author: summary.author,
    };
  });
}

/** 'Sandboxes shared with me' (spec 1 §2): where the user is a collaborator, with their authorization. */
export async function sharedWithMe(db: Db, userId: string): Promise<SharedSandbox[]> {
  const rows = await rowsOf<SummaryRow & { authorization: SharedSandbox["authorization"] }>(
    db,
    sql`select ${SUMMARY_COLUMNS}, c.authorization
      from sandbox_collaborators c
      join sandboxes s on s.id = c.sandbox_id
      ${SUMMARY_JOINS}
      where c.user_id = ${userId} and s.removed_at is null
      order by s.updated_at desc, s.id`,
  );
  return rows.map((row) => ({ ...toSandboxSummary(row), authorization: row.authorization }));
}
