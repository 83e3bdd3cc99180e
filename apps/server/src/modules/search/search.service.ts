import {
  minimumSimilarity,
  SEARCH_RESULT_LIMIT,
  type SearchField,
  searchRule,
  WORKSPACE_MESSAGES,
} from "@boxyard/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { notFound } from "../../http/errors.ts";
import { requireWorkspace } from "../workspaces/workspace.policy.ts";
import type { SearchCache } from "./search-cache.ts";

/** A sandbox as search, workspace samples and shared-with-me answer it (api-contract §3 SandboxSummary). */
export type SandboxSummary = {
  id: string;
  alias: string | null;
  title: string | null;
  description: string | null;
  updatedAt: string;
  viewCount: number;
  isV2: boolean;
  draft: boolean;
  restricted: boolean;
  privacy: number;
  screenshotUrl: string | null;
  teamId: string;
  source: { template: string | null };
  customTemplate: { id: string; iconUrl: string | null } | null;
  author: { username: string } | null;
  collection: { path: string; id: string } | null;
};

/** An imported repository that matched (api-contract §11: title = name, description = owner). */
export type RepositoryHit = {
  id: string;
  owner: string;
  name: string;
  defaultBranch: string;
  private: boolean;
  teamId: string;
};

export type SearchResults = {
  sandboxes: SandboxSummary[];
  folders: { id: string; path: string }[];
  repositories: RepositoryHit[];
};

/** The columns a SandboxSummary is built from; `s` is sandboxes, joined as in SUMMARY_JOINS. */
export const SUMMARY_COLUMNS = sql.raw(`s.id, s.alias, s.title, s.description, s.updated_at, s.view_count,
  s.is_v2, s.collection_id is null as draft, s.restricted, s.privacy, s.screenshot_url, s.workspace_id,
  s.source_template, ct.id as custom_template_id, ct.icon_url as custom_template_icon_url,
  au.username as author_username, co.id as collection_id, co.path as collection_path`);
export const SUMMARY_JOINS = sql.raw(`left join templates ct on ct.sandbox_id = s.id
  left join users au on au.id = s.author_id
  left join collections co on co.id = s.collection_id`);

export type SummaryRow = {
  id: string;
  alias: string | null;
  title: string | null;
  description: string | null;
  updated_at: Date | string;
  view_count: number;
  is_v2: boolean;
  draft: boolean;
  restricted: boolean;
  privacy: number;
  screenshot_url: string | null;
  workspace_id: string;
  source_template: string | null;
  custom_template_id: string | null;
  custom_template_icon_url: string | null;
  author_username: string | null;
  collection_id: string | null;
  collection_path: string | null;
};

export const iso = (value: Date | string) => new Date(value).toISOString();

export function toSandboxSummary(row: SummaryRow): SandboxSummary {
  return {
    id: row.id,
    alias: row.alias,
    title: row.title,
    description: row.description,
    updatedAt: iso(row.updated_at),
    viewCount: row.view_count,
    isV2: row.is_v2,
    draft: row.draft,
    restricted: row.restricted,
    privacy: row.privacy,
    screenshotUrl: row.screenshot_url,
    teamId: row.workspace_id,
    source: { template: row.source_template },
    customTemplate: row.custom_template_id
      ? { id: row.custom_template_id, iconUrl: row.custom_template_icon_url }
      : null,
    author: row.author_username ? { username: row.author_username } : null,
    collection:
      row.collection_id && row.collection_path ? { path: row.collection_path, id: row.collection_id } : null,
  };
}

/** Rows of a raw statement: node-postgres and PGlite both answer `{rows}`. */
export async function rowsOf<T>(db: Db | Tx, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

const min = (field: SearchField) => minimumSimilarity(searchRule(field).threshold);
const weight = (field: SearchField) => searchRule(field).weight;
/** The index-level thresholds: the loosest per-field minimum of each trigram operator. */
const WORD_INDEX_THRESHOLD = Math.min(min("title"), min("description"), min("alias"));
const WHOLE_INDEX_THRESHOLD = min("sourceTemplate");

/**
 * The ranked sandbox search shared by the dashboard and the community search: the index
 * operators (`<%` word similarity for title, description and alias, `%` similarity for the
 * source template, `=` for the id) find the candidates at the loosest threshold, then each field
 * keeps only similarities at or above its own minimum, and the weighted sum ranks them (ties:
 * most recently updated first). `visible` says which candidates the asker may see.
 * The candidates are found first, on their own (a materialized CTE): with the workspace in the
 * same WHERE the planner prefers the workspace's btree index and computes trigram similarity for
 * every sandbox of the workspace (500 ms for 12,000 on the embedded database, against 80 ms).
 * Each field is its own branch of a union: with the five conditions OR-ed the planner may scan
 * the whole table instead of combining the indexes (3.4 s for 100,000 sandboxes, against 0.1 s).
 * Runs in the caller's transaction, which must have set the thresholds (`setSearchThresholds`).
 */
async function rankedSandboxes(tx: Tx, q: string, visible: SQL, limit: number, offset = 0) {
  const scored = (column: string, field: SearchField) =>
    sql.raw(`case when ${column} >= ${min(field)} then ${weight(field)} * ${column} else 0 end`);
  const rows = await rowsOf<SummaryRow>(
    tx,
    sql`with candidates as materialized (
        select c.id from sandboxes c where ${q} <% c.title
        union select c.id from sandboxes c where ${q} <% c.description
        union select c.id from sandboxes c where ${q} <% c.alias
        union select c.id from sandboxes c where c.source_template % ${q}
        union select c.id from sandboxes c where c.id = ${q}
      ),
      -- Scored apart (materialized): otherwise the planner pushes the score test down into a
      -- scan of every sandbox and computes the similarities for all of them.
      scored as materialized (
        select m.id, m.updated_at,
          ${scored("m.t", "title")} + ${scored("m.d", "description")} + ${scored("m.a", "alias")}
            + ${scored("m.p", "sourceTemplate")}
            + (case when m.exact then ${sql.raw(String(weight("id")))} else 0 end) as score
        from (
          select s.id, s.updated_at,
            word_similarity(${q}, coalesce(s.title, '')) as t,
            word_similarity(${q}, coalesce(s.description, '')) as d,
            word_similarity(${q}, coalesce(s.alias, '')) as a,
            similarity(${q}, coalesce(s.source_template, '')) as p,
            s.id = ${q} as exact
          from candidates k
          join sandboxes s on s.id = k.id
          where s.removed_at is null and ${visible}
        ) m
      )
      select ${SUMMARY_COLUMNS}
      from (
        select * from scored where score > 0
        order by score desc, updated_at desc, id
        limit ${limit} offset ${offset}
      ) hit
      join sandboxes s on s.id = hit.id
      ${SUMMARY_JOINS}
      order by hit.score desc, hit.updated_at desc, hit.id`,
  );
  return rows.map(toSandboxSummary);
}

/** The operators read their thresholds from settings; local to the transaction. */
async function setSearchThresholds(tx: Tx) {
  await tx.execute(
    sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_INDEX_THRESHOLD)}, true),
      set_config('pg_trgm.similarity_threshold', ${String(WHOLE_INDEX_THRESHOLD)}, true)`,
  );
}

/**
 * Searches a workspace's sandboxes and folders (spec 1 §5, api-contract §11) as `userId` sees
 * them: deleted sandboxes and other authors' drafts never appear. Folders match on their path
 * with the title's rule.
 */
export async function searchSandboxes(
  db: Db,
  userId: string,
  workspaceId: string,
  query: string,
  limit = SEARCH_RESULT_LIMIT,
): Promise<Omit<SearchResults, "repositories">> {
  const q = query.trim();
  return db.transaction(async (tx) => {
    await setSearchThresholds(tx);
    const sandboxes = await rankedSandboxes(
      tx,
      q,
      sql`s.workspace_id = ${workspaceId} and (s.collection_id is not null or s.author_id = ${userId})`,
      limit,
    );
    const folderRows = await rowsOf<{ id: string; path: string }>(
      tx,
      sql`select c.id, c.path from collections c
        where c.workspace_id = ${workspaceId} and c.path <> '/'
          and ${q} <% c.path and word_similarity(${q}, c.path) >= ${min("title")}
        order by word_similarity(${q}, c.path) desc, c.path
        limit ${limit}`,
    );
    return { sandboxes, folders: folderRows };
  });
}

/** Community search results per page. */
export const COMMUNITY_PAGE_SIZE = 24;

/**
 * The community search of /search: public sandboxes of every workspace, ranked as the dashboard
 * ranks them. Drafts are their authors' own and never listed, even when public.
 */
export async function searchPublicSandboxes(db: Db, query: string, page: number) {
  const q = query.trim();
  return db.transaction(async (tx) => {
    await setSearchThresholds(tx);
    // One more than a page tells whether there is a next one.
    const found = await rankedSandboxes(
      tx,
      q,
      sql`s.privacy = 0 and s.collection_id is not null`,
      COMMUNITY_PAGE_SIZE + 1,
      (page - 1) * COMMUNITY_PAGE_SIZE,
    );
    return { sandboxes: found.slice(0, COMMUNITY_PAGE_SIZE), hasMore: found.length > COMMUNITY_PAGE_SIZE };
  });
}

/**
 * The workspace's imported repositories matching on their name (the title's rule) or their owner
 * (the description's rule), best first (spec 1 §5, api-contract §11).
 */
export async function searchRepositories(
  db: Db,
  workspaceId: string,
  query: string,
  limit = SEARCH_RESULT_LIMIT,
) {
  const q = query.trim();
  const byName = sql`word_similarity(${q}, p.name)`;
  const byOwner = sql`word_similarity(${q}, p.owner)`;
  const rows = await rowsOf<{
    id: string;
    owner: string;
    name: string;
    default_branch: string;
    private: boolean;
    workspace_id: string;
  }>(
    db,
    sql`select p.id, p.owner, p.name, p.default_branch, p.private, p.workspace_id from projects p
      where p.workspace_id = ${workspaceId}
        and (${byName} >= ${min("title")} or ${byOwner} >= ${min("description")})
      order by greatest(
          case when ${byName} >= ${min("title")} then ${weight("title")} * ${byName} else 0 end,
          case when ${byOwner} >= ${min("description")} then ${weight("description")} * ${byOwner} else 0 end
        ) desc, lower(p.name), p.id
      limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    owner: r.owner,
    name: r.name,
    defaultBranch: r.default_branch,
    private: r.private,
    teamId: r.workspace_id,
  }));
}

/**
 * The search door: members of the workspace (any role) search it; anyone else is told it does not
 * exist. With a cache, an answer is reused while its workspace's search version is unchanged (any
 * change to what an answer shows changes the version: see `search_versions`).
 */
export async function searchWorkspace(
  db: Db,
  userId: string,
  workspaceId: string,
  query: string,
  cache?: SearchCache<SearchResults>,
): Promise<SearchResults> {
  if (!cache) {
    await requireWorkspace(db, userId, workspaceId, "READ", { write: false });
    return searchAll(db, userId, workspaceId, query);
  }
  // Read before the search: a change committed meanwhile is newer than the answer's version.
  const version = await memberVersion(db, userId, workspaceId);
  if (version === undefined) throw notFound(WORKSPACE_MESSAGES.notFound);
  if (version === null) return searchAll(db, userId, workspaceId, query);
  // The user is part of the key: their own drafts are among the candidates.
  return cache.through(`${workspaceId}\n${userId}\n${query.trim()}`, version, () =>
    searchAll(db, userId, workspaceId, query),
  );
}

async function searchAll(db: Db, userId: string, workspaceId: string, query: string): Promise<SearchResults> {
  const found = await searchSandboxes(db, userId, workspaceId, query);
  return { ...found, repositories: await searchRepositories(db, workspaceId, query) };
}

/** The workspace's search version as its member `userId` asks; undefined: they are not a member. */
async function memberVersion(db: Db, userId: string, workspaceId: string) {
  const [row] = await rowsOf<{ version: number | string | null }>(
    db,
    sql`select v.version from workspace_members m
      left join search_versions v on v.workspace_id = m.workspace_id
      where m.user_id = ${userId} and m.workspace_id = ${workspaceId}`,
  );
  return row && (row.version === null ? null : Number(row.version));
}
