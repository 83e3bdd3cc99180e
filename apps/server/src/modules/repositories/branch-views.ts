import { CONTRIBUTION_BRANCHES_LIMIT, orderBranches, RECENT_LIMIT } from "@boxyard/domain";
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { branchAccesses, branches, projects, pullRequests, users } from "../../db/schema/index.ts";
import { invalid } from "../../http/errors.ts";
import { query } from "../../service/command.ts";
import type { ProjectRow } from "./projects.service.ts";
import { projectBranchesInput, recentBranchesInput } from "./repositories.schema.ts";

export type PullRequestView = {
  number: number;
  title: string;
  additions: number;
  deletions: number;
  state: string;
};

/** A branch as the API shows it to one viewer (api-contract §3 Branch, BranchWithPR). */
export type BranchView = typeof branches.$inferSelect & {
  /** When the viewer last opened it. */
  lastAccessedAt: Date | null;
  ownerUsername: string | null;
  pullRequests: PullRequestView[];
  /** Its repository, when the caller has it already (the repository page). */
  projectRow?: ProjectRow;
};

/** The pull requests proposing a branch of the project's own repository (not a fork's same-named one). */
const ownPulls = sql`(${pullRequests.headOwner} is null or lower(${pullRequests.headOwner}) = lower(${projects.owner}))`;

/** Branches with their owner, the viewer's last access and their open pull requests (newest first). */
async function viewsOf(
  db: Db | Tx,
  userId: string,
  where: SQL,
  order: (SQL | PgColumn)[],
  limit?: number,
): Promise<BranchView[]> {
  const query = db
    .select({
      branch: branches,
      ownerUsername: users.username,
      lastAccessedAt: branchAccesses.lastAccessedAt,
    })
    .from(branches)
    .innerJoin(projects, eq(projects.id, branches.projectId))
    .leftJoin(users, eq(users.id, branches.ownerId))
    .leftJoin(
      branchAccesses,
      and(eq(branchAccesses.branchId, branches.id), eq(branchAccesses.userId, userId)),
    )
    .where(where)
    .orderBy(...order);
  const rows = limit === undefined ? await query : await query.limit(limit);
  if (rows.length === 0) return [];
  const pulls = await db
    .select({
      projectId: pullRequests.projectId,
      branch: pullRequests.branch,
      number: pullRequests.number,
      title: pullRequests.title,
      additions: pullRequests.additions,
      deletions: pullRequests.deletions,
      state: pullRequests.state,
    })
    .from(pullRequests)
    .innerJoin(projects, eq(projects.id, pullRequests.projectId))
    .where(
      and(
        inArray(pullRequests.projectId, [...new Set(rows.map((r) => r.branch.projectId))]),
        eq(pullRequests.state, "open"),
        ownPulls,
      ),
    )
    .orderBy(desc(pullRequests.number));
  const byBranch = new Map<string, PullRequestView[]>();
  for (const { projectId, branch, ...pull } of pulls) {
    const key = `${projectId}\u0000${branch}`;
    byBranch.set(key, [...(byBranch.get(key) ?? []), pull]);
  }
  return rows.map((r) => ({
    ...r.branch,
    ownerUsername: r.ownerUsername,
    lastAccessedAt: r.lastAccessedAt,
    pullRequests: byBranch.get(`${r.branch.projectId}\u0000${r.branch.name}`) ?? [],
  }));
}

/** The repository page's branches in the order of spec 1 §2 (domain orderBranches). */
async function projectBranches(db: Db | Tx, userId: string, project: ProjectRow): Promise<BranchView[]> {
  const views = await viewsOf(db, userId, eq(branches.projectId, project.id), [branches.name]);
  return orderBranches(
    views.map((v) => ({ ...v, projectRow: project })),
    project.defaultBranch,
  );
}

export async function branchViews(
  db: Db | Tx,
  userId: string,
  ids: readonly string[],
): Promise<BranchView[]> {
  if (ids.length === 0) return [];
  const views = await viewsOf(db, userId, inArray(branches.id, [...ids]), [branches.name]);
  const byId = new Map(views.map((v) => [v.id, v]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const member = (userId: string) =>
  sql`exists (select 1 from workspace_members m where m.workspace_id = ${projects.workspaceId} and m.user_id = ${userId})`;

/**
 * me.recentBranches: the branches the viewer opened, newest first (at most 18, like Recent), of
 * repositories in their workspaces; with `contribution: true` their contribution branches instead
 * (My contributions, at most 1000), opened ones first.
 */
async function recentBranches(
  db: Db | Tx,
  userId: string,
  options: { limit: number; teamId?: string | null | undefined; contribution?: boolean | null | undefined },
): Promise<BranchView[]> {
  if (!Number.isInteger(options.limit) || options.limit < 1) {
    throw invalid("The limit must be a positive whole number.", "limit");
  }
  const team = options.teamId ? eq(projects.workspaceId, options.teamId) : undefined;
  if (options.contribution) {
    return viewsOf(
      db,
      userId,
      and(eq(branches.contribution, true), eq(branches.ownerId, userId), member(userId), team)!,
      [sql`${branchAccesses.lastAccessedAt} desc nulls last`, desc(branches.insertedAt), branches.id],
      Math.min(options.limit, CONTRIBUTION_BRANCHES_LIMIT),
    );
  }
  return viewsOf(
    db,
    userId,
    and(
      sql`${branchAccesses.lastAccessedAt} is not null`,
      member(userId),
      team,
      options.contribution === false ? eq(branches.contribution, false) : undefined,
    )!,
    [desc(branchAccesses.lastAccessedAt), branches.id],
    Math.min(options.limit, RECENT_LIMIT),
  );
}

/** Project.branches: the repository page's branches, as the viewer sees them. */
export const branchesOfProject = query(projectBranchesInput, (ctx, { project }) =>
  projectBranches(ctx.db, ctx.userId, project),
);

/** me.recentBranches (see recentBranches). */
export const viewerRecentBranches = query(recentBranchesInput, (ctx, input) =>
  recentBranches(ctx.db, ctx.userId, input),
);
