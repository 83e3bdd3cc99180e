import {
  alreadyImportedMessage,
  CODEHOST_MESSAGES,
  isValidOwner,
  isValidRepositoryName,
  WORKSPACE_MESSAGES,
} from "@boxyard/domain";
import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { projectAccesses, projects, workspaceMembers, workspaces } from "../../db/schema/index.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { command, query, type SignedIn } from "../../service/command.ts";
import { type Ctx, type ReadCtx, runCommand } from "../../service/context.ts";
import { remoteCommand } from "../../service/remote-command.ts";
import { membershipOf } from "../workspaces/membership.service.ts";
import type { WorkspaceRow } from "../workspaces/workspaces.service.ts";
import { type GithubAccess, githubAccessOf, onCodeHost, requireGithub } from "./github-access.ts";
import { checkVmTier, type VmSpecs, vmSpecs } from "./project-vm.ts";
import {
  applyRemoteState,
  inBatches,
  knownPulls,
  type RemoteState,
  readRemoteState,
} from "./remote-state.ts";
import { authorizeProject } from "./repositories.policy.ts";
import {
  importProjectInput,
  repositoryByDetailsInput,
  repositoryTeamsInput,
  updateProjectVmTierInput,
  workspaceProjectsInput,
  workspaceRepositoryInput,
} from "./repositories.schema.ts";

export type ProjectRow = typeof projects.$inferSelect;

/** A workspace id given as `ID`: anything that is not a UUID names no workspace. */
export function workspaceIdOf(value: string): string {
  if (!z.uuid().safeParse(value).success) throw notFound(WORKSPACE_MESSAGES.notFound);
  return value.toLowerCase();
}

/**
 * A workspace's repositories changed (imported, removed, forked into it, branched): the workspace's
 * change refreshes its members' repository lists and dashboards.
 */
export function repositoriesChanged(ctx: Ctx, workspaceId: string) {
  ctx.effects.workspaceChanged([workspaceId], {
    sandboxes: true,
    folders: false,
    repositories: true,
    sandboxIds: [],
    actorId: ctx.actor?.userId ?? null,
  });
}

const sameRepo = (owner: string, name: string) =>
  and(sql`lower(${projects.owner}) = lower(${owner})`, sql`lower(${projects.name}) = lower(${name})`);

/** A repository name pair as the API receives it; anything malformed cannot exist. */
function checkRepoName(owner: string, name: string, missing: string) {
  if (!isValidOwner(owner) || !isValidRepositoryName(name)) throw notFound(missing);
}

/**
 * A project as a list shows it to one viewer: with when they last opened one of its branches,
 * and (from the workspace's list) its workspace.
 */
export type ListedProject = ProjectRow & { viewerLastAccessedAt?: Date | null; workspaceRow?: WorkspaceRow };

/** Column name → property name, to read `to_json(p)` (the database writes whole rows fastest). */
const PROJECT_KEYS = Object.entries(getTableColumns(projects)).map(
  ([key, column]) => [column.name, key] as const,
);
const DATES = new Set(["insertedAt", "updatedAt", "lastSyncedAt"]);

function fromJson(json: Record<string, unknown>): ProjectRow {
  const row: Record<string, unknown> = {};
  for (const [column, key] of PROJECT_KEYS) {
    const value = json[column];
    row[key] = DATES.has(key) && value !== null ? new Date(value as string) : value;
  }
  return row as ProjectRow;
}

/**
 * The workspace's imported repositories, by name (case-insensitive), then owner, with the
 * viewer's last access. One statement answering one JSON value: a thousand repositories cost one
 * value to transfer rather than a thousand rows (twice as fast on the embedded database).
 */
async function workspaceProjects(
  db: Db | Tx,
  workspaceId: string,
  viewerId?: string,
): Promise<ListedProject[]> {
  const [result] = await rowsOf<{ items: { p: Record<string, unknown>; at: string | null }[] }>(
    db,
    sql`select coalesce(json_agg(json_build_object('p', to_json(p), 'at', pa.last_accessed_at)
        order by lower(p.name), lower(p.owner), p.id), '[]') as items
      from projects p
      left join project_accesses pa on pa.project_id = p.id and pa.user_id = ${viewerId ?? null}
      where p.workspace_id = ${workspaceId}`,
  );
  return (result?.items ?? []).map(({ p, at }) => ({
    ...fromJson(p),
    ...(viewerId ? { viewerLastAccessedAt: at ? new Date(at) : null } : {}),
  }));
}

export async function findProject(db: Db | Tx, workspaceId: string, owner: string, name: string) {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.workspaceId, workspaceId), sameRepo(owner, name)))
    .limit(1);
  return row ?? null;
}

/**
 * RepositoryByDetails: the repository in `teamId`, or (no team given) in the viewer's primary
 * workspace, else the first of their workspaces that has it. Null for anyone who is not a member
 * of a workspace that imported it.
 */
async function projectFor(
  db: Db | Tx,
  userId: string,
  owner: string,
  name: string,
  teamId: string | null,
): Promise<ProjectRow | null> {
  if (!isValidOwner(owner) || !isValidRepositoryName(name)) return null;
  const rows = await db
    .select({ project: projects })
    .from(projects)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, projects.workspaceId), eq(workspaceMembers.userId, userId)),
    )
    .where(and(sameRepo(owner, name), teamId ? eq(projects.workspaceId, teamId) : undefined))
    .orderBy(
      sql`(${projects.workspaceId} = (select primary_workspace_id from users where id = ${userId})) desc`,
      asc(projects.insertedAt),
    )
    .limit(1);
  return rows[0]?.project ?? null;
}

/** RepositoryTeams: the viewer's workspaces that have imported the repository (spec 2 §8). */
export const projectsOfRepository = query(repositoryTeamsInput, async (ctx, { owner, name }) => {
  if (!isValidOwner(owner) || !isValidRepositoryName(name)) return [];
  const userId = ctx.userId;
  const rows = await ctx.db
    .select({ project: projects })
    .from(projects)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, projects.workspaceId), eq(workspaceMembers.userId, userId)),
    )
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(sameRepo(owner, name))
    .orderBy(sql`lower(${workspaces.name})`, asc(workspaces.id));
  return rows.map((r) => r.project);
});

/** A new project with what the code host said, in the caller's transaction. */
async function insertProject(
  tx: Tx,
  input: { workspaceId: string; userId: string; vmTier: number; state: RemoteState },
): Promise<ProjectRow> {
  const { repository } = input.state;
  const [row] = await tx
    .insert(projects)
    .values({
      workspaceId: input.workspaceId,
      owner: repository.owner.login,
      name: repository.name,
      remoteId: repository.id,
      cloneUrl: repository.cloneUrl,
      defaultBranch: input.state.heads.defaultBranch ?? repository.defaultBranch,
      private: repository.private,
      appInstalled: input.state.appInstalled,
      vmTier: input.vmTier,
      importedById: input.userId,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(alreadyImportedMessage(1));
  await applyRemoteState(tx, row.id, input.state);
  const [fresh] = await tx.select().from(projects).where(eq(projects.id, row.id));
  return fresh!;
}

async function conflictIfImported(db: Db | Tx, workspaceId: string, owner: string, name: string) {
  const existing = await findProject(db, workspaceId, owner, name);
  if (!existing) return;
  const [workspace] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  throw conflict(`${alreadyImportedMessage(1)}${workspace?.name ?? ""}`);
}

/**
 * importProject: a repository the user can read on the code host becomes a project of the
 * workspace, with its branches (read with git from the remote), open pull requests and the App's
 * installation. Everything is read first; the rows are written in one transaction, so a failing
 * or slow code host leaves nothing behind.
 */
export const importProject = remoteCommand(importProjectInput, async (ctx, input): Promise<ProjectRow> => {
  const { deps, userId } = ctx;
  const workspaceId = workspaceIdOf(input.team);
  const membership = authorizeProject(
    await membershipOf(ctx.db, userId, workspaceId),
    "import",
    WORKSPACE_MESSAGES.notFound,
  );
  const plan = await deps.plans(ctx.db, membership.workspaceId);
  const vmTier = checkVmTier(input.vmTier ?? 1, plan.limits.includedVmTier);
  checkRepoName(input.owner, input.name, CODEHOST_MESSAGES.repositoryNotFound);
  await conflictIfImported(ctx.db, workspaceId, input.owner, input.name);
  const access = await requireGithub(deps, userId);
  const state = await onCodeHost(() => readRemoteState(deps, access, input.owner, input.name));
  return runCommand(
    deps,
    ctx.actor,
    async (write: Ctx) => {
      await conflictIfImported(write.db, workspaceId, state.repository.owner.login, state.repository.name);
      const project = await insertProject(write.db, { workspaceId, userId, vmTier, state });
      repositoriesChanged(write, workspaceId);
      return project;
    },
    undefined,
  );
});

/** importProject for a fork whose remote state was read already (the fork flow). */
export async function importRead(
  tx: Tx,
  input: { workspaceId: string; userId: string; vmTier: number; state: RemoteState },
) {
  const existing = await findProject(
    tx,
    input.workspaceId,
    input.state.repository.owner.login,
    input.state.repository.name,
  );
  if (existing) {
    await applyRemoteState(tx, existing.id, input.state);
    return existing;
  }
  return insertProject(tx, input);
}

/**
 * deleteProject and `DELETE /api/beta/repos/link/github/...`: the repository leaves the workspace
 * with its branches, pull requests and access records (code not pushed is lost, spec 1 §5). The
 * repository on the code host is not touched. Removing one that is already gone succeeds: the two
 * calls the client sends for one removal may come in either order.
 */
export const deleteProject = command(workspaceRepositoryInput, async (ctx, input) => {
  const workspaceId = workspaceIdOf(input.team);
  authorizeProject(
    await membershipOf(ctx.db, ctx.userId, workspaceId),
    "remove",
    WORKSPACE_MESSAGES.notFound,
  );
  const removed = await ctx.db
    .delete(projects)
    .where(and(eq(projects.workspaceId, workspaceId), sameRepo(input.owner, input.name)))
    .returning({ id: projects.id });
  if (removed.length > 0) repositoriesChanged(ctx, workspaceId);
  return true;
});

/** updateProjectVmTier: the VM the repository's branches run on (api-contract §9, §14). */
export const updateProjectVmTier = command(
  updateProjectVmTierInput,
  async (ctx, { projectId, vmTier }): Promise<VmSpecs> => {
    const tx = ctx.db;
    const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).for("update");
    const membership = project ? await membershipOf(tx, ctx.userId, project.workspaceId) : null;
    authorizeProject(membership, "configure", CODEHOST_MESSAGES.projectNotFound);
    const plan = await ctx.deps.plans(tx, project!.workspaceId);
    const tier = checkVmTier(vmTier, plan.limits.includedVmTier);
    await tx.update(projects).set({ vmTier: tier, updatedAt: new Date() }).where(eq(projects.id, projectId));
    repositoriesChanged(ctx, project!.workspaceId);
    return vmSpecs(tier);
  },
);

/** How many repositories are read from the code host at a time during a sync. */
const SYNC_CONCURRENCY = 4;

/**
 * Team.projects: the workspace's imported repositories (the door has checked that the viewer is a
 * member). With syncData: true every repository of the workspace is read from the code host as the
 * viewer first; only then is anything written, in one command, so a code host that fails (502) or
 * times out (504) halfway changes nothing. Repositories the viewer's GitHub account cannot read keep
 * their stored state. Without a GitHub connection there is nothing to sync with: the stored state is
 * the answer.
 */
export const teamProjects = remoteCommand(workspaceProjectsInput, async (ctx, { workspaceId, syncData }) => {
  if (!syncData) return workspaceProjects(ctx.db, workspaceId, ctx.userId);
  authorizeProject(await membershipOf(ctx.db, ctx.userId, workspaceId), "read", WORKSPACE_MESSAGES.notFound);
  const access = await githubAccessOf(ctx.deps, ctx.userId);
  const list = await workspaceProjects(ctx.db, workspaceId, ctx.userId);
  if (!access || list.length === 0) return list;
  await syncProjects(ctx, access, list);
  return workspaceProjects(ctx.db, workspaceId, ctx.userId);
});

/** Reads a set of projects from the code host, then writes what it said in one command (see teamProjects). */
async function syncProjects(ctx: ReadCtx, access: GithubAccess, list: ProjectRow[]) {
  const known = await knownPulls(
    ctx.db,
    list.map((p) => p.id),
  );
  const states = await onCodeHost(() =>
    inBatches(list, SYNC_CONCURRENCY, async (project) => {
      try {
        return await readRemoteState(ctx.deps, access, project.owner, project.name, known.get(project.id));
      } catch (error) {
        // A repository this account cannot read (or no longer exists) keeps what was stored.
        if ((error as { kind?: string }).kind === "not_found") return null;
        throw error;
      }
    }),
  );
  const now = new Date();
  await runCommand(
    ctx.deps,
    ctx.actor,
    async (write: Ctx) => {
      for (const [i, state] of states.entries()) {
        if (state) await applyRemoteState(write.db, list[i]!.id, state, now);
      }
    },
    undefined,
  );
}

/** How fresh a repository page's data must be before it is read again from the code host. */
export const PROJECT_FRESH_MS = 60_000;

/**
 * RepositoryByDetails: the repository in `team`, or (no team given) in the viewer's primary
 * workspace, else the first of their workspaces that has it; null for anyone who is not a member
 * of a workspace that imported it. It answers the stored state; when that is older than
 * PROJECT_FRESH_MS and the viewer has GitHub connected, it is synced first. A sync that fails
 * leaves the stored state (the page still opens), and is logged. An App not installed at the last
 * look is looked at again each time (the install window's closing reloads the page, spec 1 §2).
 */
export const repositoryByDetails = remoteCommand(
  repositoryByDetailsInput,
  async (ctx, { owner, repo, team }): Promise<ProjectRow | null> => {
    const teamId = team ?? null;
    if (teamId !== null && !z.uuid().safeParse(teamId).success) return null;
    const project = await projectFor(ctx.db, ctx.userId, owner, repo, teamId);
    if (!project) return null;
    try {
      if (!(await refreshProject(ctx, project))) return project;
    } catch (error) {
      ctx.deps.log.warn(
        { err: error, project: project.id },
        "repository sync failed; answering the stored state",
      );
      return project;
    }
    const [row] = await ctx.db.select().from(projects).where(eq(projects.id, project.id));
    return row ?? project;
  },
);

/** Syncs a stale project, or records the App's installation; false when nothing was written. */
async function refreshProject(ctx: SignedIn<ReadCtx>, project: ProjectRow): Promise<boolean> {
  const stale = !project.lastSyncedAt || Date.now() - project.lastSyncedAt.getTime() > PROJECT_FRESH_MS;
  if (stale) {
    const access = await githubAccessOf(ctx.deps, ctx.userId);
    if (!access) return false;
    await syncProjects(ctx, access, [project]);
    return true;
  }
  if (project.appInstalled || !(await ctx.deps.codeHost.app.installed(project.owner, project.name))) {
    return false;
  }
  await runCommand(
    ctx.deps,
    ctx.actor,
    async (write: Ctx) => {
      await write.db.update(projects).set({ appInstalled: true }).where(eq(projects.id, project.id));
    },
    undefined,
  );
  return true;
}

export async function projectsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, ProjectRow>();
  const rows = await db
    .select()
    .from(projects)
    .where(inArray(projects.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** When the user last opened a branch of each of these projects (those they opened). */
export async function projectAccessTimes(db: Db, userId: string, projectIds: readonly string[]) {
  if (projectIds.length === 0) return new Map<string, Date>();
  const rows = await db
    .select({ projectId: projectAccesses.projectId, at: projectAccesses.lastAccessedAt })
    .from(projectAccesses)
    .where(and(eq(projectAccesses.userId, userId), inArray(projectAccesses.projectId, [...projectIds])));
  return new Map(rows.map((r) => [r.projectId, r.at]));
}
