/** Test helpers of the repositories module: the code host stand-in, connected users, the client's operations. */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { closeAfterAll, type TestApp, testApp } from "../../../test/app.ts";
import { type gql, type TestUser, unique } from "../../../test/factories.ts";
import { type GithubStandIn, startGithubStandIn } from "../../../test/standins/github.ts";
import { identities } from "../../db/schema/index.ts";
import { sealToken } from "../../integrations/codehost/token-seal.ts";

const run = promisify(execFile);

/** The GitHub stand-in (API, App, git over HTTP) and Boxyard pointed at it, with short deadlines. */
export async function codeHostApp(env: Record<string, string> = {}) {
  const github = await startGithubStandIn();
  const app = await testApp({
    ...github.env,
    ...github.appEnv,
    GITHUB_API_TIMEOUT_MS: "1500",
    GIT_TIMEOUT_MS: "8000",
    ...env,
  });
  closeAfterAll(() => github.close());
  return { app, github };
}

let githubIds = 70_000;

export type Connected = { login: string; token: string; githubId: number };

/**
 * Connects a Boxyard user to a GitHub account of the stand-in with `scopes`, as the GitHub
 * sign-in would have left it: the identity with the token sealed.
 */
export async function connectGithub(
  app: TestApp,
  github: GithubStandIn,
  user: TestUser,
  scopes: string[] = ["user:email", "repo", "read:org"],
  login: string = unique("octo-"),
): Promise<Connected> {
  const githubId = ++githubIds;
  const token = github.issueToken({ id: githubId, login, name: login, email: `${login}@octo.test` }, scopes);
  await app.deps.db
    .insert(identities)
    .values({
      userId: user.id,
      provider: "github",
      providerUserId: String(githubId),
      login,
      email: `${login}@octo.test`,
      accessToken: sealToken(app.deps.tokenKey, token),
      scopes,
    })
    .onConflictDoUpdate({
      target: [identities.userId, identities.provider],
      set: {
        login,
        accessToken: sealToken(app.deps.tokenKey, token),
        scopes,
        providerUserId: String(githubId),
      },
    });
  return { login, token, githubId };
}

/** `git ls-remote --heads` over smart HTTP, as any git client would check the remote. */
export async function lsRemote(github: GithubStandIn, owner: string, repo: string, token: string) {
  const basic = Buffer.from(`x-access-token:${token}`).toString("base64");
  const { stdout } = await run("git", ["ls-remote", "--heads", `${github.url}/${owner}/${repo}.git`], {
    env: {
      PATH: process.env.PATH,
      GIT_TERMINAL_PROMPT: "0",
      GIT_CONFIG_COUNT: "1",
      GIT_CONFIG_KEY_0: "http.extraHeader",
      GIT_CONFIG_VALUE_0: `Authorization: Basic ${basic}`,
    },
  });
  return new Map(
    stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [sha, ref] = line.split("\t");
        return [ref!.replace("refs/heads/", ""), sha!] as const;
      }),
  );
}

export type GqlResult = Awaited<ReturnType<typeof gql>>;

/** The first error's code and message, or "OK". */
export function outcome(result: GqlResult) {
  const error = result.errors?.[0];
  return error ? { code: error.extensions?.code, message: error.message } : "OK";
}

// The web client's operations (api-contract §3, §9), word for word.
const BRANCH = `id name contribution lastAccessedAt upstream owner { username }
  project { repository { ... on GitHubRepository { defaultBranch name owner private } } team { id } }`;
const BRANCH_WITH_PR = `${BRANCH} pullRequests { title number additions deletions }`;
const PROJECT = `appInstalled branchCount lastAccessedAt
  repository { ... on GitHubRepository { owner name defaultBranch private } } team { id }`;

export const OPS = {
  repositoriesByTeam: `query RepositoriesByTeam($teamId: UUID4!, $syncData: Boolean) {
    me { id team(id: $teamId) { id name projects(syncData: $syncData) { ${PROJECT} } } } }`,
  repositoryByDetails: `query RepositoryByDetails($owner: String!, $name: String!, $teamId: ID) {
    project(gitProvider: GITHUB, owner: $owner, repo: $name, team: $teamId) {
      appInstalled branches { ${BRANCH_WITH_PR} }
      repository { ... on GitHubRepository { owner name defaultBranch private } } team { id } } }`,
  repositoryTeams: `query RepositoryTeams($owner: String!, $name: String!) {
    projects(owner: $owner, name: $name, provider: GITHUB) { team { id name } } }`,
  recentBranches: `query RecentlyAccessedBranches($limit: Int!, $teamId: UUID4) {
    me { id recentBranches(limit: $limit, teamId: $teamId) { ${BRANCH} } } }`,
  contributionBranches: `query ContributionBranches {
    me { id recentBranches(contribution: true, limit: 1000) { ${BRANCH} } } }`,
  sidebar: `query TeamSidebarData($id: UUID4!) { me { id team(id: $id) {
    syncedSandboxes: sandboxes(hasOriginalGit: true, limit: 1) { id } templates { id }
    projects(syncData: false) { repository { ... on GitHubRepository { name owner defaultBranch } } } } } }`,
  importProject: `mutation ImportProject($owner: String!, $name: String!, $teamId: ID!) {
    importProject(provider: GITHUB, owner: $owner, name: $name, team: $teamId) { id defaultBranch { name } } }`,
  updateProjectVmTier: `mutation UpdateProjectVmTier($projectId: UUID4!, $vmTier: Int!) {
    updateProjectVmTier(projectId: $projectId, vmTier: $vmTier) { cpu memory storage } }`,
  deleteProject: `mutation DeleteProject($owner: String!, $name: String!, $teamId: ID!) {
    deleteProject(provider: GITHUB, owner: $owner, name: $name, team: $teamId) }`,
  createBranch: `mutation CreateBranch($owner: String!, $name: String!, $teamId: ID!) {
    createBranch(provider: GITHUB, owner: $owner, name: $name, team: $teamId) { id name } }`,
  deleteBranch: `mutation DeleteBranch($branchId: String!) { deleteBranch(id: $branchId) }`,
  openBranch: `mutation OpenBranch($id: String!) { openBranch(id: $id) { id lastAccessedAt } }`,
  githubRepo: `query GetGithubRepo($owner: String!, $name: String!) {
    githubRepo(owner: $owner, repo: $name) { name fullName updatedAt pushedAt authorization private appInstalled owner { id login avatarUrl } } }`,
  githubAccounts: `query GetGithubAccounts { me { id githubProfile { id login } githubOrganizations { id login } } }`,
  partialAccountRepos: `query GetPartialGitHubAccountRepos { me { id githubRepos(perPage: 10, page: 1, sort: PUSHED, affiliation: OWNER) {
    id authorization fullName name private updatedAt pushedAt owner { id login avatarUrl } } } }`,
  fullAccountRepos: `query GetFullGitHubAccountRepos { me { id githubRepos(sort: PUSHED, affiliation: OWNER) {
    id authorization fullName name private updatedAt pushedAt owner { id login avatarUrl } } } }`,
  partialOrgRepos: `query GetPartialGitHubOrganizationRepos($organization: String!) {
    githubOrganizationRepos(organization: $organization, sort: PUSHED, perPage: 10, page: 1) {
      id authorization fullName name private updatedAt pushedAt owner { id login avatarUrl } } }`,
  fullOrgRepos: `query GetFullGitHubOrganizationRepos($organization: String!) {
    githubOrganizationRepos(organization: $organization, sort: PUSHED) {
      id authorization fullName name private updatedAt pushedAt owner { id login avatarUrl } } }`,
} as const;

export type ProjectListEntry = {
  appInstalled: boolean;
  branchCount: number;
  lastAccessedAt: string | null;
  repository: { owner: string; name: string; defaultBranch: string; private: boolean };
  team: { id: string };
};

export type BranchEntry = {
  id: string;
  name: string;
  contribution: boolean;
  lastAccessedAt: string | null;
  upstream: boolean;
  owner: { username: string } | null;
  pullRequests?: { title: string; number: number; additions: number; deletions: number }[];
  project: {
    repository: { owner: string; name: string; defaultBranch: string; private: boolean };
    team: { id: string };
  };
};
