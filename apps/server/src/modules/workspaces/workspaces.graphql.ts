import { FREE_LIMITS, TEAM_MEMBER_AUTHORIZATIONS, TEAM_TYPES } from "@boxyard/domain";
import { builder } from "../../graphql/builder.ts";
import { requireGraphQLViewer } from "../../graphql/context.ts";
import { createTeamWorkspace, type MemberRow, type WorkspaceRow } from "./workspaces.service.ts";

export const TeamMemberAuthorizationEnum = builder.enumType("TeamMemberAuthorization", {
  values: TEAM_MEMBER_AUTHORIZATIONS,
});
const TeamTypeEnum = builder.enumType("TeamType", { values: TEAM_TYPES });

const TeamMember = builder.objectRef<MemberRow>("TeamMember").implement({
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
    drafts: t.int({ description: "How many drafts the member has in this workspace.", resolve: () => 0 }),
  }),
});

const AiConsent = builder.objectRef<WorkspaceRow["aiConsent"]>("TeamAiConsent").implement({
  fields: (t) => ({
    privateRepositories: t.exposeBoolean("privateRepositories"),
    privateSandboxes: t.exposeBoolean("privateSandboxes"),
    publicRepositories: t.exposeBoolean("publicRepositories"),
    publicSandboxes: t.exposeBoolean("publicSandboxes"),
  }),
});

const TeamSettings = builder.objectRef<WorkspaceRow>("WorkspaceSandboxSettings").implement({
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

type Limits = typeof FREE_LIMITS;
const TeamLimits = builder.objectRef<Limits>("TeamLimits").implement({
  fields: (t) => ({
    includedCredits: t.exposeInt("includedCredits"),
    includedVmTier: t.exposeInt("includedVmTier"),
    onDemandCreditLimit: t.exposeInt("onDemandCreditLimit"),
    includedPublicSandboxes: t.exposeInt("includedPublicSandboxes"),
    includedPrivateSandboxes: t.exposeInt("includedPrivateSandboxes"),
    includedDrafts: t.exposeInt("includedDrafts"),
    includedMembers: t.exposeInt("includedMembers"),
  }),
});

type Usage = {
  sandboxes: number;
  credits: number;
  publicSandboxesQuantity: number;
  privateSandboxesQuantity: number;
};
const TeamUsage = builder.objectRef<Usage>("TeamUsage").implement({
  fields: (t) => ({
    sandboxes: t.exposeInt("sandboxes"),
    credits: t.exposeInt("credits"),
    publicSandboxesQuantity: t.exposeInt("publicSandboxesQuantity"),
    privateSandboxesQuantity: t.exposeInt("privateSandboxesQuantity"),
  }),
});

/** Subscriptions arrive with billing; until a workspace subscribes it has none and is on the free plan. */
type Subscription = {
  id: string;
  status: string;
  type: string;
  origin: string | null;
  paymentProvider: string | null;
};
const TeamSubscription = builder.objectRef<Subscription>("ProSubscription").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    status: t.exposeString("status"),
    type: t.exposeString("type"),
    origin: t.exposeString("origin", { nullable: true }),
    paymentProvider: t.exposeString("paymentProvider", { nullable: true }),
  }),
});

export const Team = builder.objectRef<WorkspaceRow>("Team").implement({
  fields: (t) => ({
    id: t.expose("id", { type: "UUID4" }),
    name: t.exposeString("name"),
    description: t.exposeString("description", { nullable: true }),
    avatarUrl: t.exposeString("avatarUrl", { nullable: true }),
    type: t.field({ type: TeamTypeEnum, resolve: (w) => w.type }),
    inviteToken: t.exposeString("inviteToken"),
    frozen: t.exposeBoolean("frozen"),
    insertedAt: t.string({ resolve: (w) => w.insertedAt.toISOString() }),
    settings: t.field({ type: TeamSettings, resolve: (w) => w }),
    featureFlags: t.field({ type: FeatureFlags, resolve: (w) => w.featureFlags }),
    metadata: t.field({ type: TeamMetadata, resolve: (w) => w.metadata }),
    limits: t.field({ type: TeamLimits, resolve: () => FREE_LIMITS }),
    usage: t.field({
      type: TeamUsage,
      resolve: () => ({ sandboxes: 0, credits: 0, publicSandboxesQuantity: 0, privateSandboxesQuantity: 0 }),
    }),
    subscription: t.field({
      type: TeamSubscription,
      nullable: true,
      args: { includeCancelled: t.arg.boolean() },
      resolve: () => null,
    }),
    users: t.field({
      type: [TeamMember],
      resolve: (w, _args, ctx) => ctx.loaders.members.load(w.id),
    }),
    userAuthorizations: t.field({
      type: [UserAuthorization],
      resolve: (w, _args, ctx) => ctx.loaders.members.load(w.id),
    }),
    invitees: t.field({ type: [TeamMember], resolve: () => [] }),
  }),
});

builder.mutationField("createTeam", (t) =>
  t.field({
    type: Team,
    args: { name: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) =>
      createTeamWorkspace(ctx.deps.db, requireGraphQLViewer(ctx).userId, args.name),
  }),
);
