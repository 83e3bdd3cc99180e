import { CODEHOST_MESSAGES, generateBranchName, WORKSPACE_MESSAGES } from "@boxyard/domain";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { branches, projects, pullRequests } from "../../db/schema/index.ts";
import { AppError, invalid, notFound } from "../../http/errors.ts";
import { CodeHostError } from "../../integrations/codehost/codehost.port.ts";
import { command, type SignedIn } from "../../service/command.ts";
import { type Ctx, type ReadCtx, runCommand } from "../../service/context.ts";
import { remoteCommand } from "../../service/remote-command.ts";
import { membershipOf } from "../workspaces/membership.service.ts";
import { recordBranchAccess, recountBranches } from "./branch-records.ts";
import { type BranchView, branchViews } from "./branch-views.ts";
import {
  fromCodeHost,
  type GithubAccess,
  githubAccessOf,
  onCodeHost,
  requireGithub,
} from "./github-access.ts";
import { findProject, type ProjectRow, repositoriesChanged, workspaceIdOf } from "./projects.service.ts";
import { authorizeProject } from "./repositories.policy.ts";
import { branchIdInput, workspaceBranchInput, workspaceRepositoryInput } from "./repositories.schema.ts";

const UUID = z.uuid();

/** A free generated name: not a branch of the remote nor of Boxyard's records. */
export function freeBranchName(taken: Set<string>, random: () => number = Math.random): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const name = generateBranchName(random);
    if (!taken.has(name)) return name;
  }
  const base = generateBranchName(random);
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/**
 * Makes a new branch on the remote from the head of `from` with a generated name, and records
 * it as Boxyard's (owned by the user, opened by them). The push happens first; if recording fails
 * the pushed branch is removed again, so nothing is left half-done.
 */
export async function pushNewBranch(
  ctx: ReadCtx,
  access: GithubAccess,
  project: Pick<ProjectRow, "id" | "cloneUrl" | "workspaceId">,
  from: string,
  options: { contribution: boolean },
): Promise<BranchView> {
  const { deps } = ctx;
  const remote = access.remote(project.cloneUrl);
  const heads = await onCodeHost(() => deps.codeHost.git.heads(remote));
  const known = await ctx.db
    .select({ name: branches.name })
    .from(branches)
    .where(eq(branches.projectId, project.id));
  const name = freeBranchName(new Set([...heads.heads.keys(), ...known.map((k) => k.name)]));
  const sha = await onCodeHost(
    () => deps.codeHost.git.createBranch(remote, from, name),
    CODEHOST_MESSAGES.branchNotFound,
  );
  try {
    const id = await runCommand(
      deps,
      ctx.actor,
      async (write: Ctx) => {
        const tx = write.db;
        repositoriesChanged(write, project.workspaceId);
        const [row] = await tx
          .insert(branches)
          .values({
            projectId: project.id,
            name,
            contribution: options.contribution,
            upstream: true,
            ownerId: access.userId,
            headSha: sha,
            createdSha: sha,
          })
          .returning({ id: branches.id });
        await recordBranchAccess(tx, access.userId, row!.id);
        await recountBranches(tx, project.id);
        return row!.id;
      },
      undefined,
    );
    return (await branchViews(deps.db, access.userId, [id]))[0]!;
  } catch (error) {
    await deps.codeHost.git.deleteBranchIfUnchanged(remote, name, sha).catch(() => false);
    throw error;
  }
}

/**
 * createBranch: a new branch of an imported repository from its default branch's head, named like
 * the product names new work, pushed to the remote (spec 1 §2 'Create branch'). WRITE members of
 * an unfrozen workspace whose GitHub account may push to the repository.
 */
export const createBranch = remoteCommand(
  workspaceRepositoryInput,
  async (ctx, input): Promise<BranchView> => {
    const workspaceId = workspaceIdOf(input.team);
    const membership = await membershipOf(ctx.db, ctx.userId, workspaceId);
    authorizeProject(membership, "read", WORKSPACE_MESSAGES.notFound);
    const project = await findProject(ctx.db, workspaceId, input.owner, input.name);
    if (!project) throw notFound(CODEHOST_MESSAGES.projectNotFound);
    authorizeProject(membership, "createBranch", CODEHOST_MESSAGES.projectNotFound);
    const access = await requireGithub(ctx.deps, ctx.userId);
    const repository = await onCodeHost(() => access.host.repository(project.owner, project.name));
    if (repository.authorization !== "WRITE")
      throw new AppError("FORBIDDEN", CODEHOST_MESSAGES.readOnlyRepository);
    return pushNewBranch(ctx, access, project, project.defaultBranch, { contribution: false });
  },
);

/** `DELETE /api/beta/sandboxes/github/:owner/:repo/:branch`: deleteBranch, the branch named by its repository. */
export const deleteBranchByName = remoteCommand(workspaceBranchInput, async (ctx, input) => {
  if (!input.branch) throw notFound(CODEHOST_MESSAGES.branchNotFound);
  // Anything that is not a UUID names no workspace.
  if (typeof input.workspaceId !== "string") throw notFound(WORKSPACE_MESSAGES.notFound);
  const workspaceId = workspaceIdOf(input.workspaceId);
  const membership = await membershipOf(ctx.db, ctx.userId, workspaceId);
  authorizeProject(membership, "read", WORKSPACE_MESSAGES.notFound);
  const project = await findProject(ctx.db, workspaceId, input.owner, input.repo);
  const [branch] = project
    ? await ctx.db
        .select({ id: branches.id })
        .from(branches)
        .where(and(eq(branches.projectId, project.id), eq(branches.name, input.branch)))
        .limit(1)
    : [];
  if (!branch) throw notFound(CODEHOST_MESSAGES.branchNotFound);
  return removeBranch(ctx, branch.id);
});

async function loadBranch(db: Db | Tx, userId: string, branchId: string) {
  if (!UUID.safeParse(branchId).success) throw notFound(CODEHOST_MESSAGES.branchNotFound);
  const [row] = await db
    .select({ branch: branches, project: projects })
    .from(branches)
    .innerJoin(projects, eq(projects.id, branches.projectId))
    .where(eq(branches.id, branchId))
    .limit(1);
  const membership = row ? await membershipOf(db, userId, row.project.workspaceId) : null;
  return { row, membership };
}

/**
 * deleteBranch: the branch leaves Boxyard (its records and everyone's access to it). It is also
 * deleted from the remote when Boxyard created it, no pull request proposes it, and nobody pushed
 * to it since (git deletes it only while it still points at the commit Boxyard created it at):
 * then nothing is lost. Any other branch stays on the remote and shows again as a remote branch
 * at the next sync, and so does a branch whose remote copy cannot be removed as this user (no
 * GitHub connected, or no right to push). The default branch cannot be removed.
 */
export const deleteBranch = remoteCommand(branchIdInput, (ctx, { id }) => removeBranch(ctx, id));

async function removeBranch(ctx: SignedIn<ReadCtx>, branchId: string): Promise<boolean> {
  const { deps, userId } = ctx;
  const { row, membership } = await loadBranch(ctx.db, userId, branchId);
  authorizeProject(membership, "removeBranch", CODEHOST_MESSAGES.branchNotFound);
  const { branch, project } = row!;
  if (branch.name === project.defaultBranch) throw invalid(CODEHOST_MESSAGES.defaultBranchKept);
  const [proposed] = await ctx.db
    .select({ number: pullRequests.number })
    .from(pullRequests)
    .where(
      and(
        eq(pullRequests.projectId, project.id),
        eq(pullRequests.branch, branch.name),
        eq(pullRequests.state, "open"),
      ),
    )
    .limit(1);
  const access =
    branch.ownerId && branch.createdSha && branch.upstream && !proposed
      ? await githubAccessOf(deps, userId)
      : null;
  if (access) {
    try {
      await deps.codeHost.git.deleteBranchIfUnchanged(
        access.remote(project.cloneUrl),
        branch.name,
        branch.createdSha!,
      );
    } catch (error) {
      // GitHub failing or slow: nothing is removed (try again). Not allowed to push: it stays there.
      const kind = (error as CodeHostError).kind;
      if (kind === "unavailable" || kind === "timeout" || !(error instanceof CodeHostError))
        throw fromCodeHost(error);
    }
  }
  await runCommand(
    deps,
    ctx.actor,
    async (write: Ctx) => {
      await write.db.delete(branches).where(eq(branches.id, branch.id));
      await recountBranches(write.db, project.id);
      repositoriesChanged(write, project.workspaceId);
    },
    undefined,
  );
  return true;
}

/** Opening a branch (its page): any member; records the access and answers the branch. */
export const openBranch = command(branchIdInput, async (ctx, { id }): Promise<BranchView> => {
  const { membership } = await loadBranch(ctx.db, ctx.userId, id);
  authorizeProject(membership, "read", CODEHOST_MESSAGES.branchNotFound);
  await recordBranchAccess(ctx.db, ctx.userId, id);
  return (await branchViews(ctx.db, ctx.userId, [id]))[0]!;
});
