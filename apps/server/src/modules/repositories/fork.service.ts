import {
  CODEHOST_MESSAGES,
  forkExistsMessage,
  forkOwnerRefusedMessage,
  isValidOwner,
  isValidRepositoryName,
  WORKSPACE_MESSAGES,
} from "@boxyard/domain";
import { z } from "zod";
import { branches } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { AppError, conflict, invalid, notFound } from "../../http/errors.ts";
import { CodeHostError, type CodeHostRepository } from "../../integrations/codehost/codehost.port.ts";
import { query } from "../../service/command.ts";
import { type Ctx, runCommand } from "../../service/context.ts";
import { remoteCommand } from "../../service/remote-command.ts";
import { membershipOf } from "../workspaces/membership.service.ts";
import { recordBranchAccess, recountBranches } from "./branch-records.ts";
import { freeBranchName } from "./branches.service.ts";
import { type GithubAccess, githubAccessOf, onCodeHost, requireGithub } from "./github-access.ts";
import { checkVmTier } from "./project-vm.ts";
import { importRead, repositoriesChanged } from "./projects.service.ts";
import { type RemoteState, readRemoteState } from "./remote-state.ts";
import { authorizeProject } from "./repositories.policy.ts";
import { forkRepositoryInput, repositoryPathInput } from "./repositories.schema.ts";

export type ForkNameCheck = { valid: true } | { valid: false; message: string };

/** Why `owner/name` cannot be the new fork, or null (the account may create it there and it is free). */
async function destinationProblem(access: GithubAccess, owner: string, name: string): Promise<string | null> {
  if (!isValidOwner(owner) || !isValidRepositoryName(name)) return CODEHOST_MESSAGES.invalidRepositoryName;
  const own = access.login?.toLowerCase() === owner.toLowerCase();
  if (!own) {
    const organizations = await access.host.organizations();
    if (!organizations.some((o) => o.login.toLowerCase() === owner.toLowerCase())) {
      return forkOwnerRefusedMessage(owner);
    }
  }
  try {
    await access.host.repository(owner, name);
    return forkExistsMessage(owner, name);
  } catch (error) {
    if (error instanceof CodeHostError && error.kind === "not_found") return null;
    throw error;
  }
}

/**
 * `GET /api/beta/repos/validate/github/:owner/:repo` (spec 2 §4, §5): may the viewer fork into
 * `owner/name`? Valid when the name is a repository name GitHub accepts, the owner is their
 * account or one of their organizations, and no repository has that name yet.
 */
export const validateForkName = query(
  repositoryPathInput,
  async (ctx, { owner, repo: name }): Promise<ForkNameCheck> => {
    if (!name.trim()) return { valid: false, message: CODEHOST_MESSAGES.forkNameRequired };
    if (!isValidOwner(owner) || !isValidRepositoryName(name)) {
      return { valid: false, message: CODEHOST_MESSAGES.invalidRepositoryName };
    }
    const access = await githubAccessOf(ctx.deps, ctx.userId);
    if (!access) return { valid: false, message: CODEHOST_MESSAGES.notConnected };
    const problem = await onCodeHost(() => destinationProblem(access, owner, name));
    return problem ? { valid: false, message: problem } : { valid: true };
  },
);

/** GitHub makes forks in the background: its git side is polled until the default branch is there. */
const FORK_READY_DELAYS_MS = [0, 250, 500, 1000, 2000, 3000, 5000, 5000];

async function waitUntilReady(deps: Deps, access: GithubAccess, fork: CodeHostRepository) {
  for (const delay of FORK_READY_DELAYS_MS) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      const heads = await deps.codeHost.git.heads(access.remote(fork.cloneUrl));
      if (heads.heads.size > 0) return;
    } catch (error) {
      if (!(error instanceof CodeHostError) || error.kind !== "not_found") throw error;
    }
  }
  throw new CodeHostError("timeout", "The fork was not ready in time.");
}

/**
 * `POST /api/beta/fork/github/:owner/:repo`: forks the repository on the code host (into the
 * organization, else the viewer's account, under `name`), imports the fork into the workspace
 * and pushes a contribution branch to it (My contributions). The fork is made first; the
 * workspace's rows are written in one transaction at the end, and its dashboards told (the
 * repository and its branch are new). A fork GitHub made before a later step failed stays on
 * GitHub (Boxyard may not delete repositories); forking again with the same name then says it exists.
 */
export const forkRepository = remoteCommand(forkRepositoryInput, async (ctx, input) => {
  const { deps, userId } = ctx;
  // Anything that is not a UUID names no workspace.
  if (!z.uuid().safeParse(input.teamId).success) throw notFound(WORKSPACE_MESSAGES.notFound);
  const workspaceId = input.teamId.toLowerCase();
  const membership = authorizeProject(
    await membershipOf(ctx.db, userId, workspaceId),
    "import",
    WORKSPACE_MESSAGES.notFound,
  );
  const vmTier = checkVmTier(
    input.vmTier ?? 1,
    (await deps.plans(ctx.db, membership.workspaceId)).limits.includedVmTier,
  );
  if (!isValidRepositoryName(input.name)) throw invalid(CODEHOST_MESSAGES.invalidRepositoryName, "name");
  if (input.organization !== undefined && !isValidOwner(input.organization)) {
    throw invalid(CODEHOST_MESSAGES.invalidRepositoryName, "organization");
  }
  if (!isValidOwner(input.owner) || !isValidRepositoryName(input.repo)) {
    throw notFound(CODEHOST_MESSAGES.repositoryNotFound);
  }
  const access = await requireGithub(deps, userId);
  const destination = input.organization ?? access.login ?? "";
  const fork = await onCodeHost(async () => {
    await access.host.repository(input.owner, input.repo);
    const problem = await destinationProblem(access, destination, input.name);
    if (problem) {
      throw problem === forkExistsMessage(destination, input.name)
        ? conflict(problem, "name")
        : new AppError("INVALID", problem, "name");
    }
    const made = await access.host.fork(input.owner, input.repo, {
      name: input.name,
      organization: input.organization,
    });
    await waitUntilReady(deps, access, made);
    return made;
  });
  const state = await onCodeHost(() => readRemoteState(deps, access, fork.owner.login, fork.name));
  const remote = access.remote(state.repository.cloneUrl);
  const from = state.heads.defaultBranch ?? state.repository.defaultBranch;
  const branchName = freeBranchName(new Set(state.heads.heads.keys()));
  const sha = await onCodeHost(() => deps.codeHost.git.createBranch(remote, from, branchName));
  try {
    await runCommand(
      deps,
      ctx.actor,
      (write: Ctx) => recordFork(write, { workspaceId, userId, vmTier, state, branchName, sha }),
      undefined,
    );
  } catch (error) {
    await deps.codeHost.git.deleteBranchIfUnchanged(remote, branchName, sha).catch(() => false);
    throw error;
  }
  return { owner: state.repository.owner.login, repo: state.repository.name, branch: branchName };
});

/** The fork's rows: the repository imported (or refreshed) and the user's contribution branch. */
async function recordFork(
  ctx: Ctx,
  input: {
    workspaceId: string;
    userId: string;
    vmTier: number;
    state: RemoteState;
    branchName: string;
    sha: string;
  },
) {
  const tx = ctx.db;
  const { userId, branchName, sha } = input;
  const project = await importRead(tx, input);
  const [branch] = await tx
    .insert(branches)
    .values({
      projectId: project.id,
      name: branchName,
      contribution: true,
      upstream: true,
      ownerId: userId,
      headSha: sha,
      createdSha: sha,
    })
    .onConflictDoUpdate({
      target: [branches.projectId, branches.name],
      set: { contribution: true, ownerId: userId, headSha: sha, createdSha: sha, upstream: true },
    })
    .returning({ id: branches.id });
  await recordBranchAccess(tx, userId, branch!.id);
  await recountBranches(tx, project.id);
  repositoriesChanged(ctx, input.workspaceId);
}
