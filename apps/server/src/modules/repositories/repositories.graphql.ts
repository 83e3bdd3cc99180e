import { GIT_PROVIDERS } from "@boxyard/domain";
import type { Db } from "../../db/client.ts";
import { builder } from "../../graphql/builder.ts";
import { type GraphQLContext, requireGraphQLViewer } from "../../graphql/context.ts";
import { BatchLoader } from "../../graphql/loader.ts";
import { runCommand, runQuery } from "../../service/context.ts";
import { runRemoteCommand } from "../../service/remote-command.ts";
import { sandboxLoaders } from "../sandboxes/sandboxes.graphql.ts";
import { User } from "../users/users.graphql.ts";
import { Team } from "../workspaces/workspaces.graphql.ts";
import {
  type BranchView,
  branchesOfProject,
  type PullRequestView,
  viewerRecentBranches,
} from "./branch-views.ts";
import { createBranch, deleteBranch, openBranch } from "./branches.service.ts";
import type { VmSpecs } from "./project-vm.ts";
import {
  deleteProject,
  importProject,
  type ListedProject,
  type ProjectRow,
  projectAccessTimes,
  projectsByIds,
  projectsOfRepository,
  repositoryByDetails,
  teamProjects,
  updateProjectVmTier,
} from "./projects.service.ts";

function createProjectLoaders(db: Db, viewerId: string | null) {
  return {
    project: new BatchLoader<string, ProjectRow | null>((ids) => projectsByIds(db, ids), null),
    lastAccessedAt: new BatchLoader<string, Date | null>(
      async (ids) => (viewerId ? projectAccessTimes(db, viewerId, ids) : new Map()),
      null,
    ),
  };
}

const loaderSets = new WeakMap<GraphQLContext, ReturnType<typeof createProjectLoaders>>();
function projectLoaders(ctx: GraphQLContext) {
  let set = loaderSets.get(ctx);
  if (!set) {
    set = createProjectLoaders(ctx.deps.db, ctx.viewer?.userId ?? null);
    loaderSets.set(ctx, set);
  }
  return set;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const GitProviderEnum = builder.enumType("GitProvider", { values: GIT_PROVIDERS });

/** `repository` is abstract (api-contract §3): GitHubRepository is its one kind. */
const Repository = builder.interfaceRef<ProjectRow>("Repository").implement({
  resolveType: () => "GitHubRepository",
  fields: (t) => ({
    owner: t.exposeString("owner"),
    name: t.exposeString("name"),
    defaultBranch: t.exposeString("defaultBranch"),
    private: t.exposeBoolean("private"),
    url: t.string({
      description: "The repository's page on the code host.",
      resolve: (p) => p.cloneUrl.replace(/\.git$/, ""),
    }),
  }),
});
builder.objectRef<ProjectRow>("GitHubRepository").implement({ interfaces: [Repository], fields: () => ({}) });

const PullRequest = builder.objectRef<PullRequestView>("PullRequest").implement({
  fields: (t) => ({
    number: t.exposeInt("number"),
    title: t.exposeString("title"),
    additions: t.exposeInt("additions"),
    deletions: t.exposeInt("deletions"),
    state: t.exposeString("state", { description: "open, closed or merged." }),
  }),
});

const BranchOwner = builder.objectRef<{ username: string }>("BranchOwner").implement({
  fields: (t) => ({ username: t.exposeString("username") }),
});

export const Project = builder.objectRef<ProjectRow>("Project");
export const Branch = builder.objectRef<BranchView>("Branch").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    contribution: t.exposeBoolean("contribution", {
      description: "A branch of a fork, to contribute upstream.",
    }),
    upstream: t.exposeBoolean("upstream", { description: "Whether the branch exists on the remote." }),
    lastAccessedAt: t.string({
      nullable: true,
      description: "When the viewer last opened the branch.",
      resolve: (b) => iso(b.lastAccessedAt),
    }),
    owner: t.field({
      type: BranchOwner,
      nullable: true,
      description: "Who created the branch in Boxyard (null for branches that came from the remote).",
      resolve: (b) => (b.ownerUsername ? { username: b.ownerUsername } : null),
    }),
    pullRequests: t.field({
      type: [PullRequest],
      description: "Open pull requests, newest first.",
      resolve: (b) => b.pullRequests,
    }),
    project: t.field({
      type: Project,
      resolve: (b, _a, ctx) =>
        b.projectRow ??
        projectLoaders(ctx)
          .project.load(b.projectId)
          .then((p) => p!),
    }),
  }),
});

const ProjectVmSpecs = builder.objectRef<VmSpecs>("ProjectVmSpecs").implement({
  fields: (t) => ({
    tier: t.exposeInt("tier"),
    cpu: t.exposeInt("cpu", { description: "vCPUs." }),
    memory: t.exposeInt("memory", { description: "GiB of RAM." }),
    storage: t.exposeInt("storage", { description: "GB of disk." }),
  }),
});

Project.implement({
  fields: (t) => ({
    id: t.expose("id", { type: "UUID4" }),
    appInstalled: t.exposeBoolean("appInstalled", {
      description:
        "Whether the installation's GitHub App is installed on the repository (true when none is configured).",
    }),
    appInstallUrl: t.string({
      nullable: true,
      description: "Where the App is installed (the 900x600 window); null when no App is configured.",
      resolve: (_p, _a, ctx) => ctx.deps.codeHost.app.installUrl,
    }),
    branchCount: t.exposeInt("branchCount"),
    lastAccessedAt: t.string({
      nullable: true,
      description: "When the viewer last opened one of its branches.",
      // Lists bring it along: answered without a promise, a thousand repositories resolve at once.
      resolve: (p: ListedProject, _a, ctx) =>
        p.viewerLastAccessedAt !== undefined
          ? iso(p.viewerLastAccessedAt)
          : projectLoaders(ctx).lastAccessedAt.load(p.id).then(iso),
    }),
    lastSyncedAt: t.string({ nullable: true, resolve: (p) => iso(p.lastSyncedAt) }),
    vmTier: t.exposeInt("vmTier"),
    repository: t.field({ type: Repository, resolve: (p) => p }),
    team: t.field({
      type: Team,
      resolve: (p: ListedProject, _a, ctx) =>
        p.workspaceRow ??
        sandboxLoaders(ctx)
          .workspace.load(p.workspaceId)
          .then((w) => w!),
    }),
    branches: t.field({
      type: [Branch],
      description:
        "Default branch; branches with pull requests (highest number first); branches the viewer opened (newest first); other remote branches.",
      resolve: (p, _a, ctx) => runQuery(ctx.deps, ctx.viewer, branchesOfProject, { project: p }),
    }),
    defaultBranch: t.field({
      type: Branch,
      nullable: true,
      resolve: async (p, _a, ctx) => {
        const all = await runQuery(ctx.deps, ctx.viewer, branchesOfProject, { project: p });
        return all.find((b) => b.name === p.defaultBranch) ?? null;
      },
    }),
  }),
});

builder.objectFields(Team, (t) => ({
  projects: t.field({
    type: [Project],
    description:
      "Imported repositories by name. syncData: false answers what is stored (fast); true reads them from the code host first (502 when it fails, 504 when it is slow; nothing changes then).",
    args: { syncData: t.arg.boolean() },
    resolve: async (w, args, ctx) => {
      requireGraphQLViewer(ctx);
      if (!(await sandboxLoaders(ctx).membership.load(w.id))) return [];
      const list = await runRemoteCommand(ctx.deps, ctx.viewer, teamProjects, {
        workspaceId: w.id,
        syncData: args.syncData,
      });
      return list.map((p) => Object.assign(p, { workspaceRow: w }));
    },
  }),
}));

builder.objectFields(User, (t) => ({
  recentBranches: t.field({
    type: [Branch],
    description:
      "Branches the viewer opened, newest first (at most 18); with contribution: true, their contribution branches (at most 1000).",
    args: {
      limit: t.arg.int({ required: true }),
      teamId: t.arg({ type: "UUID4" }),
      contribution: t.arg.boolean(),
    },
    resolve: (_me, args, ctx) => runQuery(ctx.deps, ctx.viewer, viewerRecentBranches, args),
  }),
}));

builder.queryFields((t) => ({
  project: t.field({
    type: Project,
    nullable: true,
    description:
      "RepositoryByDetails: a repository imported into `team` (else the viewer's primary workspace, else another of theirs); null when none of the viewer's workspaces has it.",
    args: {
      gitProvider: t.arg({ type: GitProviderEnum, required: true }),
      owner: t.arg.string({ required: true }),
      repo: t.arg.string({ required: true }),
      team: t.arg.id(),
    },
    resolve: (_r, args, ctx) => runRemoteCommand(ctx.deps, ctx.viewer, repositoryByDetails, args),
  }),
  projects: t.field({
    type: [Project],
    description: "RepositoryTeams: the viewer's workspaces that imported the repository (spec 2 §8).",
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      provider: t.arg({ type: GitProviderEnum, required: true }),
    },
    resolve: (_r, args, ctx) => runQuery(ctx.deps, ctx.viewer, projectsOfRepository, args),
  }),
}));

builder.mutationFields((t) => ({
  importProject: t.field({
    type: Project,
    args: {
      provider: t.arg({ type: GitProviderEnum, required: true }),
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      team: t.arg.id({ required: true }),
      vmTier: t.arg.int({
        description: "1 to 6, up to the workspace plan's includedVmTier; 1 when left out.",
      }),
    },
    resolve: (_r, args, ctx) => runRemoteCommand(ctx.deps, ctx.viewer, importProject, args),
  }),
  updateProjectVmTier: t.field({
    type: ProjectVmSpecs,
    args: { projectId: t.arg({ type: "UUID4", required: true }), vmTier: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, updateProjectVmTier, args),
  }),
  deleteProject: t.boolean({
    description:
      "Removes the repository from the workspace (paired with DELETE /api/beta/repos/link/github/...).",
    args: {
      provider: t.arg({ type: GitProviderEnum, required: true }),
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      team: t.arg.id({ required: true }),
    },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, deleteProject, args),
  }),
  createBranch: t.field({
    type: Branch,
    description: "A new branch from the default branch's head with a generated name, pushed to the remote.",
    args: {
      provider: t.arg({ type: GitProviderEnum, required: true }),
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      team: t.arg.id({ required: true }),
    },
    resolve: (_r, args, ctx) => runRemoteCommand(ctx.deps, ctx.viewer, createBranch, args),
  }),
  deleteBranch: t.boolean({
    description:
      "Removes the branch from Boxyard; from the remote too when Boxyard created it and nothing was pushed to it since.",
    args: { id: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => runRemoteCommand(ctx.deps, ctx.viewer, deleteBranch, args),
  }),
  openBranch: t.field({
    type: Branch,
    description:
      "The client calls it when it opens a branch: records the access (Recent, the repository page's order).",
    args: { id: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, openBranch, args),
  }),
}));
