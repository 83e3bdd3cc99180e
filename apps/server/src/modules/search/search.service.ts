import {
  minimumSimilarity,
  SEARCH_RESULT_LIMIT,
  type SearchField,
  searchRule,
  WORKSPACE_MESSAGES,
} from "@boxyard/domain";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { notFound } from "../../http/errors.ts";
import { openQuery, query } from "../../service/command.ts";
import { requireWorkspace } from "../workspaces/membership.service.ts";
import type { MemberVersions } from "./member-versions.ts";
import { rankedSandboxes } from "./ranked-sandboxes.ts";
import type { SandboxSummary } from "./sandbox-summary.ts";
import { communitySearchInput, workspaceSearchInput } from "./search.schema.ts";
import type { SearchCache } from "./search-cache.ts";

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

const min = (field: SearchField) => minimumSimilarity(searchRule(field).threshold);
const weight = (field: SearchField) => searchRule(field).weight;

/**
 * Searches a workspace's sandboxes and folders (spec 1 §5, api-contract §11) as `userId` sees
 * them: deleted sandboxes and other authors' drafts never appear. Folders match on their path
 * with the title's rule.
 */
export async function searchSandboxes(
  db: Db | Tx,
  userId: string,
  workspaceId: string,
  query: string,
  limit = SEARCH_RESULT_LIMIT,
): Promise<Omit<SearchResults, "repositories">> {
  const q = query.trim();
  return db.transaction(async (tx) => {
    const sandboxes = await rankedSandboxes(
      tx,
      q,
      sql`s.workspace_id = ${workspaceId} and (s.collection_id is not null or s.author_id = ${userId})`,
      limit,
    );
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(min("title"))}, true)`,
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
export async function searchPublicSandboxes(db: Db | Tx, query: string, page: number) {
  const q = query.trim();
  return db.transaction(async (tx) => {
    // One more than a page tells whether there is a next one.
    const found = await rankedSandboxes(
      tx,
      q,
      sql`s.privacy = 0 and s.collection_id is not null`,
      COMMUNITY_PAGE_SIZE + 1,
      (page - 1) * COMMUNITY_PAGE_SIZE,
    );
    // A folder is its workspace's: the community (anyone, signed out too) is not told it.
    const sandboxes = found.slice(0, COMMUNITY_PAGE_SIZE).map((s) => ({ ...s, collection: null }));
    return { sandboxes, hasMore: found.length > COMMUNITY_PAGE_SIZE };
  });
}

/**
 * The workspace's imported repositories matching on their name (the title's rule) or their owner
 * (the description's rule), best first (spec 1 §5, api-contract §11).
 */
export async function searchRepositories(
  db: Db | Tx,
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
 * exist.
 */
export async function searchWorkspace(
  db: Db | Tx,
  userId: string,
  workspaceId: string,
  query: string,
): Promise<SearchResults> {
  await requireWorkspace(db, userId, workspaceId, "READ", { write: false });
  return searchAll(db, userId, workspaceId, query);
}

/**
 * The same door, answering JSON text from `cache` while the workspace's search version is the
 * answer's (any change to what an answer shows changes the version: see `search_versions`).
 */
export async function searchWorkspaceJson(
  db: Db | Tx,
  userId: string,
  workspaceId: string,
  query: string,
  { cache, versions }: { cache: SearchCache<string>; versions: MemberVersions },
): Promise<string> {
  // Read before the search: a change committed meanwhile is newer than the answer's version.
  const version = await versions.read(userId, workspaceId);
  if (version === undefined) throw notFound(WORKSPACE_MESSAGES.notFound);
  const compute = async () => JSON.stringify(await searchAll(db, userId, workspaceId, query));
  if (version === null) return compute();
  // The user is part of the key: their own drafts are among the candidates.
  return cache.through(`${workspaceId}\n${userId}\n${query.trim()}`, version, compute);
}

/**
 * `GET /api/v1/teams/:teamId/search?query=`, for the workspace's members. Answers are kept as the
 * JSON text sent: a repeated search is not serialised again.
 */
export const workspaceSearch = query(workspaceSearchInput, (ctx, input) => {
  if (!z.uuid().safeParse(input.teamId).success) throw notFound(WORKSPACE_MESSAGES.notFound);
  return searchWorkspaceJson(ctx.db, ctx.userId, input.teamId, input.query, {
    cache: ctx.deps.searchCache,
    versions: ctx.deps.searchVersions,
  });
});

/** `GET /api/v1/search/sandboxes?query=&page=`, open to everyone: it only ever answers public sandboxes. */
export const communitySearch = openQuery(communitySearchInput, (ctx, input) =>
  searchPublicSandboxes(ctx.db, input.query, input.page),
);

async function searchAll(
  db: Db | Tx,
  userId: string,
  workspaceId: string,
  query: string,
): Promise<SearchResults> {
  const found = await searchSandboxes(db, userId, workspaceId, query);
  return { ...found, repositories: await searchRepositories(db, workspaceId, query) };
}
