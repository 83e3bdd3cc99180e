import { GITHUB_REPO_AUTHORIZATIONS, USER_REPO_AFFILIATIONS, USER_REPO_SORTS } from "@boxyard/domain";
import { builder } from "../../graphql/builder.ts";
import type {
  CodeHostAccount,
  CodeHostProfile,
  CodeHostRepository,
} from "../../integrations/codehost/codehost.port.ts";
import { runQuery } from "../../service/context.ts";
import { User } from "../users/users.graphql.ts";
import {
  appInstalled,
  githubOrganizationRepos,
  githubOrganizations,
  githubProfile,
  githubRepo,
  githubRepos,
} from "./github-accounts.service.ts";

const GithubRepoAuthorizationEnum = builder.enumType("GithubRepoAuthorization", {
  values: GITHUB_REPO_AUTHORIZATIONS,
});
const UserRepoSortEnum = builder.enumType("UserRepoSort", { values: USER_REPO_SORTS });
const UserRepoAffiliationEnum = builder.enumType("UserRepoAffiliation", { values: USER_REPO_AFFILIATIONS });

const GithubRepoOwner = builder.objectRef<CodeHostAccount>("GithubRepoOwner").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    login: t.exposeString("login"),
    avatarUrl: t.exposeString("avatarUrl", { nullable: true }),
  }),
});

const GithubOrganization = builder.objectRef<CodeHostAccount>("GithubOrganization").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    login: t.exposeString("login"),
    avatarUrl: t.exposeString("avatarUrl", { nullable: true }),
  }),
});

const GithubProfile = builder.objectRef<CodeHostProfile>("GithubProfile").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    login: t.exposeString("login"),
    avatarUrl: t.exposeString("avatarUrl", { nullable: true }),
    name: t.exposeString("name", { nullable: true }),
    email: t.exposeString("email", { nullable: true }),
    scopes: t.exposeStringList("scopes", { description: "The OAuth scopes GitHub granted." }),
  }),
});

const GithubRepo = builder.objectRef<CodeHostRepository>("GithubRepo").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    fullName: t.exposeString("fullName"),
    private: t.exposeBoolean("private"),
    defaultBranch: t.exposeString("defaultBranch"),
    authorization: t.field({
      type: GithubRepoAuthorizationEnum,
      description: "WRITE when the viewer's GitHub account may push; READ when it can only fork.",
      resolve: (r) => r.authorization,
    }),
    updatedAt: t.exposeString("updatedAt", { nullable: true }),
    pushedAt: t.exposeString("pushedAt", { nullable: true }),
    owner: t.field({ type: GithubRepoOwner, resolve: (r) => r.owner }),
    appInstalled: t.boolean({
      description: "Whether the installation's GitHub App is installed on it (true when none is configured).",
      resolve: (r, _a, ctx) =>
        runQuery(ctx.deps, ctx.viewer, appInstalled, { owner: r.owner.login, name: r.name }),
    }),
  }),
});

builder.objectFields(User, (t) => ({
  githubProfile: t.field({
    type: GithubProfile,
    nullable: true,
    description: "The connected GitHub account; null when GitHub is not connected.",
    resolve: (_me, _a, ctx) => runQuery(ctx.deps, ctx.viewer, githubProfile, {}),
  }),
  githubOrganizations: t.field({
    type: [GithubOrganization],
    description: "Empty when GitHub is not connected ('No organizations found').",
    resolve: (_me, _a, ctx) => runQuery(ctx.deps, ctx.viewer, githubOrganizations, {}),
  }),
  githubRepos: t.field({
    type: [GithubRepo],
    description:
      "The connected account's repositories: one page when perPage or page is given, else all of them.",
    args: {
      perPage: t.arg.int(),
      page: t.arg.int(),
      sort: t.arg({ type: UserRepoSortEnum }),
      affiliation: t.arg({ type: UserRepoAffiliationEnum }),
    },
    resolve: (_me, args, ctx) => runQuery(ctx.deps, ctx.viewer, githubRepos, args),
  }),
}));

builder.queryFields((t) => ({
  githubRepo: t.field({
    type: GithubRepo,
    description:
      "One repository as the viewer's GitHub account sees it (errors here are silent in the client).",
    args: { owner: t.arg.string({ required: true }), repo: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => runQuery(ctx.deps, ctx.viewer, githubRepo, args),
  }),
  githubOrganizationRepos: t.field({
    type: [GithubRepo],
    args: {
      organization: t.arg.string({ required: true }),
      sort: t.arg({ type: UserRepoSortEnum }),
      perPage: t.arg.int(),
      page: t.arg.int(),
    },
    resolve: (_r, args, ctx) => runQuery(ctx.deps, ctx.viewer, githubOrganizationRepos, args),
  }),
}));
