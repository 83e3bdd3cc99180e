import { getNullableType, isListType } from "graphql";
import { type ComplexityEstimatorArgs, simpleEstimator } from "graphql-query-complexity";

/**
 * How many items a list field answers at most, for the query cost. `pageArg` names the argument
 * that asks for a page of that size (the size asked is counted, even above `max`: the resolver
 * refuses it, or the cost does); `countArg` a list argument whose length is the answer's (the
 * sandboxes a bulk mutation changes). Lists without one count `max`. A list reachable from public
 * objects is paged at that size by its resolver (Collection.sandboxes). The others are the
 * viewer's own or their workspaces' (members only), answered whole: `max` is then the size of a
 * big workspace, an estimate that weighs lists nested in lists (every workspace's members), not
 * a cut. A schema test fails for a list field missing here.
 */
export const LIST_SIZES: Record<string, { max: number; pageArg?: string; countArg?: string }> = {
  "Branch.pullRequests": { max: 10 },
  "Collection.sandboxes": { max: 2000, pageArg: "limit" },
  "GithubProfile.scopes": { max: 30 },
  "Mutation.addToCollectionOrTeam": { max: 1000, countArg: "sandboxIds" },
  "Mutation.deleteSandboxes": { max: 1000, countArg: "sandboxIds" },
  "Mutation.updateModules": { max: 1000, countArg: "modules" },
  "Mutation.makeSandboxesTemplates": { max: 1000, countArg: "sandboxIds" },
  "Mutation.permanentlyDeleteSandboxes": { max: 1000, countArg: "sandboxIds" },
  "Mutation.setPreventSandboxesExport": { max: 1000, countArg: "sandboxIds" },
  "Mutation.setPreventSandboxesLeavingWorkspace": { max: 1000, countArg: "sandboxIds" },
  "Mutation.setSandboxesFrozen": { max: 1000, countArg: "sandboxIds" },
  "Mutation.setSandboxesPrivacy": { max: 1000, countArg: "sandboxIds" },
  "Mutation.unmakeSandboxesTemplates": { max: 1000, countArg: "sandboxIds" },
  "Project.branches": { max: 500 },
  "Query.githubOrganizationRepos": { max: 1000, pageArg: "perPage" },
  "Query.projects": { max: 100 },
  "Sandbox.collaborators": { max: 100 },
  "Sandbox.directories": { max: 1000 },
  "Sandbox.modules": { max: 2000 },
  "SandboxFiles.directories": { max: 1000 },
  "SandboxFiles.modules": { max: 1000 },
  "SubscriptionPhase.items": { max: 20 },
  "Team.drafts": { max: 1000 },
  "Team.invitations": { max: 50 },
  "Team.invitees": { max: 50 },
  "Team.joinRequests": { max: 50 },
  "Team.projects": { max: 200 },
  "Team.sandboxes": { max: 1000, pageArg: "limit" },
  "Team.templates": { max: 500 },
  "Team.userAuthorizations": { max: 200 },
  "Team.users": { max: 200 },
  "TeamMetadata.useCases": { max: 20 },
  "Template.tags": { max: 20 },
  "User.collaboratorSandboxes": { max: 1000 },
  "User.collections": { max: 1000 },
  "User.eligibleWorkspaces": { max: 50 },
  "User.githubOrganizations": { max: 100 },
  "User.githubRepos": { max: 1000, pageArg: "perPage" },
  "User.notifications": { max: 100, pageArg: "limit" },
  "User.recentBranches": { max: 1000, pageArg: "limit" },
  "User.recentlyAccessedSandboxes": { max: 18, pageArg: "limit" },
  "User.recentlyUsedTemplates": { max: 50 },
  "User.socialLinks": { max: 10 },
  "User.teamInvitations": { max: 100 },
  "User.verifiedEmailDomains": { max: 20 },
  "User.workspaces": { max: 20 },
};

/** A list field missing from LIST_SIZES (a test prevents it) counts this many. */
const UNKNOWN_LIST_SIZE = 1000;

/** How many items a list field is counted for, from its arguments. */
export function listSize(key: string, args: Record<string, unknown>): number {
  const size = LIST_SIZES[key];
  if (!size) return UNKNOWN_LIST_SIZE;
  const page = size.pageArg ? args[size.pageArg] : undefined;
  if (typeof page === "number" && page >= 0) return page;
  const items = size.countArg ? args[size.countArg] : undefined;
  if (Array.isArray(items)) return items.length;
  return size.max;
}

const fieldCost = simpleEstimator({ defaultComplexity: 1 });

/** Each field costs 1 plus what it selects; a list field, 1 plus its size times what each item selects. */
export function fieldCostEstimator(options: ComplexityEstimatorArgs): number {
  if (!isListType(getNullableType(options.field.type))) return fieldCost(options) as number;
  const size = listSize(`${options.type.name}.${options.field.name}`, options.args);
  return 1 + size * Math.max(1, options.childComplexity);
}
