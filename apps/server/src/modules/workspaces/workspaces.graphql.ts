import { TEAM_MEMBER_AUTHORIZATIONS, TEAM_TYPES } from "@boxyard/domain";
import type { Db } from "../../db/client.ts";
import { builder } from "../../graphql/builder.ts";
import type { GraphQLContext } from "../../graphql/context.ts";
import { BatchLoader } from "../../graphql/loader.ts";
import { runCommand } from "../../service/context.ts";
import { invitationNote } from "../auth/invitation-claim.ts";
import { type InviteeRow, invitationsOf, inviteesOf, type PendingInvitationRow } from "./members.service.ts";
import { draftCountsOf } from "./usage.service.ts";
import {
  createTeamWorkspace,
  deleteWorkspace,
  type MemberRow,
  renameWorkspace,
  setWorkspaceDescription,
  setWorkspaceMetadata,
  type WorkspaceRow,
} from "./workspaces.service.ts";

function groupBy<T extends { workspaceId: string }>(rows: T[]) {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.workspaceId) ?? [];
    list.push(row);
    map.set(row.workspaceId, list);
  }
  return map;
}

function createTeamLoaders(db: Db) {
  return {
    invitees: new BatchLoader<string, InviteeRow[]>(async (ids) => groupBy(await inviteesOf(db, ids)), []),
    invitations: new BatchLoader<string, PendingInvitationRow[]>(
      async (ids) => groupBy(await invitationsOf(db, ids)),
      [],
    ),
    drafts: new BatchLoader<string, Map<string, number>>((ids) => draftCountsOf(db, ids), new Map()),
  };
}

const loaderSets = new WeakMap<GraphQLContext, ReturnType<typeof createTeamLoaders>>();
function teamLoaders(ctx: GraphQLContext) {
  let set = loaderSets.get(ctx);
  if (!set) {
    set = createTeamLoaders(ctx.deps.db);
    loaderSets.set(ctx, set);
  }
  return set;
}

/** The viewer's role in a workspace, from the members loaded for it (null when not a member). */
async function viewerRole(ctx: GraphQLContext, workspaceId: string) {
  if (!ctx.viewer) return null;
  const members = await ctx.loaders.members.load(workspaceId);
  return members.find((m) => m.userId === ctx.viewer!.userId)?.authorization ?? null;
}

export const TeamMemberAuthorizationEnum = builder.enumType("TeamMemberAuthorization", {
  values: TEAM_MEMBER_AUTHORIZATIONS,
});
const TeamTypeEnum = builder.enumType("TeamType", { values: TEAM_TYPES });

const TeamMember = builder.objectRef<MemberRow | InviteeRow>("TeamMember").implement({
  fields: (t) => ({
    id: t.exposeID("userId"),
    name: t.exposeString("name", { nullable: true }),
    username: t.exposeString("username"),
    avatarUrl: t.exposeString("avatarUrl", { nullable: true }),
  }),
});

const UserAuthorization = builder.objectRef<MemberRow>("UserAuthorization").implement({
  fields: (t) => ({
    userId: t.expose("userId", { type: "UUID4" }),
    authorization: t.field({ type: TeamMemberAuthorizationEnum, resolve: (m) => m.authorization }),
    teamManager: t.exposeBoolean("teamManager"),
    drafts: t.int({
      description: "How many drafts the member has in this workspace (not deleted).",
      resolve: async (m, _args, ctx) =>
        (await teamLoaders(ctx).drafts.load(m.workspaceId)).get(m.userId) ?? 0,
    }),
  }),
});

export const AiConsent = builder.objectRef<WorkspaceRow["aiConsent"]>("TeamAiConsent").implement({
  fields: (t) => ({
    privateRepositories: t.exposeBoolean("privateRepositories"),
    privateSandboxes: t.exposeBoolean("privateSandboxes"),
    publicRepositories: t.exposeBoolean("publicRepositories"),
    publicSandboxes: t.exposeBoolean("publicSandboxes"),
  }),
});

export const TeamSettings = builder.objectRef<WorkspaceRow>("WorkspaceSandboxSettings").implement({
  fields: (t) => ({
    minimumPrivacy: t.exposeInt("minimumPrivacy"),
    preventSandboxExport: t.exposeBoolean("preventSandboxExport"),
    preventSandboxLeaving: t.exposeBoolean("preventSandboxLeaving"),
    defaultAuthorization: t.field({
      type: TeamMemberAuthorizationEnum,
      resolve: (w) => w.defaultAuthorization,
    }),
    aiConsent: t.field({ type: AiConsent, resolve: (w) => w.aiConsent }),
  }),
});

const FeatureFlags = builder.objectRef<WorkspaceRow["featureFlags"]>("TeamFeatureFlags").implement({
  fields: (t) => ({ ubbBeta: t.exposeBoolean("ubbBeta"), friendOfCsb: t.exposeBoolean("friendOfCsb") }),
});

const TeamMetadata = builder.objectRef<WorkspaceRow["metadata"]>("TeamMetadata").implement({
  fields: (t) => ({ useCases: t.exposeStringList("useCases") }),
});

/** A pending invitation as the workspace's admins see it: of a known user, or of an e-mail address. */
const TeamInvitation = builder.objectRef<PendingInvitationRow>("TeamInvitation").implement({
  fields: (t) => ({
    id: t.expose("id", { type: "UUID4" }),
    userId: t.expose("userId", { type: "UUID4", nullable: true }),
    username: t.exposeString("username", { nullable: true }),
    email: t.exposeString("email", { nullable: true }),
    authorization: t.field({ type: TeamMemberAuthorizationEnum, resolve: (i) => i.authorization }),
    insertedAt: t.string({ resolve: (i) => i.insertedAt.toISOString() }),
    note: t.string({
      nullable: true,
      description:
        "Why an e-mail invitation waits and how the invitee can accept it; null for a known user's.",
      resolve: (i, _args, ctx) => invitationNote(i, ctx.deps.mailer !== null),
    }),
  }),
});

export const Team = builder.objectRef<WorkspaceRow>("Team").implement({
  fields: (t) => ({
    id: t.expose("id", { type: "UUID4" }),
    name: t.exposeString("name"),
    description: t.exposeString("description", { nullable: true }),
    avatarUrl: t.exposeString("avatarUrl", { nullable: true }),
    type: t.field({ type: TeamTypeEnum, resolve: (w) => w.type }),
    inviteToken: t.string({
      nullable: true,
      description:
        "The invite link's token: workspace admins only (null for others). It changes when an admin resets it and when a member is removed.",
      resolve: async (w, _args, ctx) => ((await viewerRole(ctx, w.id)) === "ADMIN" ? w.inviteToken : null),
    }),
    frozen: t.exposeBoolean("frozen"),
    insertedAt: t.string({ resolve: (w) => w.insertedAt.toISOString() }),
    settings: t.field({ type: TeamSettings, resolve: (w) => w }),
    featureFlags: t.field({ type: FeatureFlags, resolve: (w) => w.featureFlags }),
    metadata: t.field({ type: TeamMetadata, resolve: (w) => w.metadata }),
    users: t.field({
      type: [TeamMember],
      resolve: (w, _args, ctx) => ctx.loaders.members.load(w.id),
    }),
    userAuthorizations: t.field({
      type: [UserAuthorization],
      resolve: (w, _args, ctx) => ctx.loaders.members.load(w.id),
    }),
    invitees: t.field({
      type: [TeamMember],
      description: "Known users with a pending invitation.",
      resolve: (w, _args, ctx) => teamLoaders(ctx).invitees.load(w.id),
    }),
    invitations: t.field({
      type: [TeamInvitation],
      description: "Every pending invitation, e-mail ones included; only admins see them (empty otherwise).",
      resolve: async (w, _args, ctx) =>
        (await viewerRole(ctx, w.id)) === "ADMIN" ? teamLoaders(ctx).invitations.load(w.id) : [],
    }),
  }),
});

builder.mutationField("createTeam", (t) =>
  t.field({
    type: Team,
    args: { name: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, createTeamWorkspace, args),
  }),
);

builder.mutationField("setTeamName", (t) =>
  t.field({
    type: Team,
    args: { teamId: t.arg({ type: "UUID4", required: true }), name: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, renameWorkspace, args),
  }),
);

builder.mutationField("setTeamDescription", (t) =>
  t.field({
    type: Team,
    args: {
      teamId: t.arg({ type: "UUID4", required: true }),
      description: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, setWorkspaceDescription, args),
  }),
);

const TeamMetadataInput = builder.inputType("TeamMetadataInput", {
  fields: (t) => ({ useCases: t.stringList({ required: true }) }),
});

builder.mutationField("setTeamMetadata", (t) =>
  t.field({
    type: Team,
    args: {
      teamId: t.arg({ type: "UUID4", required: true }),
      metadata: t.arg({ type: TeamMetadataInput, required: true }),
    },
    resolve: (_root, { teamId, metadata }, ctx) =>
      runCommand(ctx.deps, ctx.viewer, setWorkspaceMetadata, { teamId, useCases: metadata.useCases }),
  }),
);

builder.mutationField("deleteWorkspace", (t) =>
  t.boolean({
    args: { teamId: t.arg({ type: "UUID4", required: true }) },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, deleteWorkspace, args),
  }),
);
