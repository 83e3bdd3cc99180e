import {
  CODEHOST_MESSAGES,
  SANDBOX_MESSAGES,
  USER_REPO_AFFILIATIONS,
  USER_REPO_SORTS,
  VM_TIER_MAX,
  VM_TIER_MIN,
  WORKSPACE_MESSAGES,
} from "@boxyard/domain";
import { z } from "zod";
import type { projects } from "../../db/schema/index.ts";

/** The input rules of the repository commands, shared by their doors (REST and GraphQL). */

export const importSyncedTemplateInput = z.object({ teamId: z.string(), url: z.string() });
export const syncSyncedTemplateInput = z.object({ sandboxId: z.string() });
export const syncDueTemplatesInput = z.object({ olderThanMinutes: z.number().int().nonnegative() });

/** `owner/repo` of a repository on the code host, as a route names it. */
export const repositoryPathInput = z.object({ owner: z.string(), repo: z.string() });

/** `POST /api/beta/fork/github/:owner/:repo`: the route's repository, and the body's fork. */
export const forkRepositoryInput = repositoryPathInput.extend({
  name: z.string(CODEHOST_MESSAGES.forkNameRequired).trim().min(1, CODEHOST_MESSAGES.forkNameRequired),
  teamId: z.string(WORKSPACE_MESSAGES.notFound),
  organization: z
    .string()
    .trim()
    .min(1)
    .nullish()
    .transform((v) => v ?? undefined),
  vmTier: z
    .number(SANDBOX_MESSAGES.vmTierInvalid)
    .int(SANDBOX_MESSAGES.vmTierInvalid)
    .min(VM_TIER_MIN, SANDBOX_MESSAGES.vmTierInvalid)
    .max(VM_TIER_MAX, SANDBOX_MESSAGES.vmTierInvalid)
    .nullish()
    .transform((v) => v ?? undefined),
});

/** A verified delivery of GitHub's webhook: its headers' id and event, its body and the body's digest. */
export const webhookDeliveryInput = z.object({
  id: z.string(),
  event: z.string(),
  payload: z.unknown(),
  payloadSha256: z.string(),
});

/** A repository of a workspace, as GraphQL names it (`team`: a workspace id; not one is not found). */
export const workspaceRepositoryInput = z.object({ owner: z.string(), name: z.string(), team: z.string() });

export const importProjectInput = workspaceRepositoryInput.extend({ vmTier: z.number().int().nullish() });

export const updateProjectVmTierInput = z.object({ projectId: z.string(), vmTier: z.number().int() });

export const branchIdInput = z.object({ id: z.string() });

/** `DELETE /api/beta/sandboxes/github/:owner/:repo/*`: a branch (its name may hold '/') by its repository. */
export const workspaceBranchInput = z.object({
  owner: z.string(),
  repo: z.string(),
  branch: z.string(),
  workspaceId: z.unknown(),
});

/** githubOrganizationRepos: an organization's repositories, a page of them when perPage or page is given. */
export const organizationReposInput = z.object({
  organization: z.string(),
  sort: z.enum(USER_REPO_SORTS).nullish(),
  perPage: z.number().int().nullish(),
  page: z.number().int().nullish(),
});

/** RepositoryTeams: the viewer's workspaces that imported `owner/name`. */
export const repositoryTeamsInput = z.object({ owner: z.string(), name: z.string() });

/** RepositoryByDetails: `owner/repo` on the code host, in `team` when given (not a UUID: none). */
export const repositoryByDetailsInput = z.object({
  gitProvider: z.string(),
  owner: z.string(),
  repo: z.string(),
  team: z.string().nullish(),
});

/** Team.projects: the workspace's repositories, read from the code host first with syncData: true. */
export const workspaceProjectsInput = z.object({ workspaceId: z.string(), syncData: z.boolean().nullish() });

/** Project.branches: the branches of a repository the door already loaded. */
export const projectBranchesInput = z.object({ project: z.custom<typeof projects.$inferSelect>() });

/** me.recentBranches (the limit's rule is checked with its own message). */
export const recentBranchesInput = z.object({
  limit: z.number(),
  teamId: z.string().nullish(),
  contribution: z.boolean().nullish(),
});

/** me.githubRepos: a page of the viewer's GitHub repositories when perPage or page is given. */
export const accountReposInput = z.object({
  perPage: z.number().int().nullish(),
  page: z.number().int().nullish(),
  sort: z.enum(USER_REPO_SORTS).nullish(),
  affiliation: z.enum(USER_REPO_AFFILIATIONS).nullish(),
});

/** Whether the GitHub App is installed on `owner/name`. */
export const appInstalledInput = z.object({ owner: z.string(), name: z.string() });

/** A read about the viewer alone (their GitHub profile, organizations). */
export const noInput = z.object({});

/** Team.sandboxes(hasOriginalGit: true): the workspace's synced templates (the door checks membership). */
export const syncedSandboxesInput = z.object({ workspaceId: z.string(), limit: z.number().int().nullish() });
