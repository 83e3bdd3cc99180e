import {
  CODEHOST_MESSAGES,
  isValidOwner,
  isValidRepositoryName,
  type UserRepoAffiliation,
  type UserRepoSort,
} from "@boxyard/domain";
import { invalid, notFound } from "../../http/errors.ts";
import {
  type CodeHostAccount,
  CodeHostError,
  type CodeHostProfile,
  type CodeHostRepository,
} from "../../integrations/codehost/codehost.port.ts";
import { openQuery, query } from "../../service/command.ts";
import { githubAccessOf, onCodeHost, requireGithub } from "./github-access.ts";
import {
  accountReposInput,
  appInstalledInput,
  noInput,
  organizationReposInput,
  repositoryPathInput,
} from "./repositories.schema.ts";

/** Lists answer at most this many a page, as GitHub does. */
const MAX_PER_PAGE = 100;

export type ListArgs = {
  perPage?: number | null | undefined;
  page?: number | null | undefined;
  sort?: UserRepoSort | null | undefined;
  affiliation?: UserRepoAffiliation | null | undefined;
};

function listOptions(args: ListArgs) {
  if (
    args.perPage !== null &&
    args.perPage !== undefined &&
    (args.perPage < 1 || args.perPage > MAX_PER_PAGE)
  ) {
    throw invalid(`perPage must be from 1 to ${MAX_PER_PAGE}.`, "perPage");
  }
  if (args.page !== null && args.page !== undefined && args.page < 1)
    throw invalid("page must be 1 or more.", "page");
  return {
    perPage: args.perPage ?? undefined,
    page: args.page ?? undefined,
    sort: args.sort ?? undefined,
    affiliation: args.affiliation ?? undefined,
  };
}

/** The viewer's GitHub profile; null when GitHub is not connected or no longer accepts the token. */
export const githubProfile = query(noInput, async (ctx): Promise<CodeHostProfile | null> => {
  const access = await githubAccessOf(ctx.deps, ctx.userId);
  if (!access) return null;
  try {
    return await access.host.profile();
  } catch (error) {
    if (error instanceof CodeHostError && error.kind === "unauthorized") return null;
    return onCodeHost(() => Promise.reject(error));
  }
});

/** The organizations of the viewer's GitHub account; none without a GitHub connection ('No organizations found'). */
export const githubOrganizations = query(noInput, async (ctx): Promise<CodeHostAccount[]> => {
  const access = await githubAccessOf(ctx.deps, ctx.userId);
  if (!access) return [];
  return onCodeHost(() => access.host.organizations());
});

/** The repositories of the viewer's account: 10 a page for the partial list, all of them otherwise. */
export const githubRepos = query(accountReposInput, async (ctx, args): Promise<CodeHostRepository[]> => {
  const options = listOptions(args);
  const access = await githubAccessOf(ctx.deps, ctx.userId);
  if (!access) return [];
  return onCodeHost(() => access.host.userRepositories(options));
});

export const githubOrganizationRepos = query(
  organizationReposInput,
  async (ctx, { organization, ...args }): Promise<CodeHostRepository[]> => {
    const options = listOptions(args);
    if (!isValidOwner(organization)) throw notFound(CODEHOST_MESSAGES.organizationNotFound);
    const access = await requireGithub(ctx.deps, ctx.userId);
    return onCodeHost(
      () => access.host.organizationRepositories(organization, options),
      CODEHOST_MESSAGES.organizationNotFound,
    );
  },
);

/** One repository as the viewer's GitHub account sees it (GetGithubRepo): READ or WRITE. */
export const githubRepo = query(repositoryPathInput, async (ctx, { owner, repo: name }) => {
  if (!isValidOwner(owner) || !isValidRepositoryName(name))
    throw notFound(CODEHOST_MESSAGES.repositoryNotFound);
  const access = await requireGithub(ctx.deps, ctx.userId);
  return onCodeHost(() => access.host.repository(owner, name));
});

/** Whether the GitHub App is installed on a repository (true when no App is configured). */
export const appInstalled = openQuery(appInstalledInput, (ctx, { owner, name }) =>
  onCodeHost(() => ctx.deps.codeHost.app.installed(owner, name)),
);
