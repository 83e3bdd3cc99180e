import { builder } from "../../graphql/builder.ts";
import { runCommand, runQuery } from "../../service/context.ts";
import { User } from "../users/users.graphql.ts";
import {
  acceptInvitation,
  changeMemberAuthorizations,
  type InvitationToMe,
  invitationsFor,
  inviteByEmail,
  inviteByUsername,
  leaveWorkspace,
  redeemInviteToken,
  rejectInvitation,
  removeMember,
  resetInviteToken,
  revokeInvitation,
  teamByToken,
} from "./members.service.ts";
import { Team, TeamMemberAuthorizationEnum } from "./workspaces.graphql.ts";

const teamId = () => ({ type: "UUID4" as const, required: true as const });

/** An invitation addressed to the signed-in user (the team invite modal, spec 2 §2.7). */
const TeamInvitationToMe = builder.objectRef<InvitationToMe>("TeamInvitationToMe").implement({
  fields: (t) => ({
    teamId: t.expose("teamId", { type: "UUID4" }),
    teamName: t.exposeString("teamName"),
    teamAvatarUrl: t.exposeString("teamAvatarUrl", { nullable: true }),
    authorization: t.field({ type: TeamMemberAuthorizationEnum, resolve: (i) => i.authorization }),
    inviterName: t.exposeString("inviterName", { nullable: true }),
    inviterAvatarUrl: t.exposeString("inviterAvatarUrl", { nullable: true }),
    insertedAt: t.string({ resolve: (i) => i.insertedAt.toISOString() }),
  }),
});

builder.objectFields(User, (t) => ({
  teamInvitations: t.field({
    type: [TeamInvitationToMe],
    description: "Pending invitations to workspaces addressed to the user, newest first.",
    resolve: (_me, _args, ctx) => runQuery(ctx.deps, ctx.viewer, invitationsFor, {}),
  }),
}));

/** What an invite link shows before joining: the workspace's name (its avatar is for members only). */
const TeamPreview = builder.objectRef<{ name: string }>("TeamPreview").implement({
  fields: (t) => ({ name: t.exposeString("name") }),
});

builder.queryField("teamByToken", (t) =>
  t.field({
    type: TeamPreview,
    nullable: true,
    description: "The workspace an invite link leads to; null for an unknown token. Needs sign-in.",
    args: { inviteToken: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => runQuery(ctx.deps, ctx.viewer, teamByToken, args),
  }),
);

builder.mutationField("redeemTeamInviteToken", (t) =>
  t.field({
    type: Team,
    args: { inviteToken: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, redeemInviteToken, args),
  }),
);

builder.mutationField("acceptTeamInvitation", (t) =>
  t.field({
    type: Team,
    args: { teamId: t.arg(teamId()) },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, acceptInvitation, args),
  }),
);

builder.mutationField("rejectTeamInvitation", (t) =>
  t.boolean({
    args: { teamId: t.arg(teamId()) },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, rejectInvitation, args),
  }),
);

builder.mutationField("inviteToTeam", (t) =>
  t.field({
    type: Team,
    args: {
      teamId: t.arg(teamId()),
      username: t.arg.string({ required: true }),
      authorization: t.arg({ type: TeamMemberAuthorizationEnum }),
    },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, inviteByUsername, args),
  }),
);

builder.mutationField("inviteToTeamViaEmail", (t) =>
  t.boolean({
    args: {
      teamId: t.arg(teamId()),
      email: t.arg.string({ required: true }),
      authorization: t.arg({ type: TeamMemberAuthorizationEnum }),
    },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, inviteByEmail, args),
  }),
);

builder.mutationField("revokeTeamInvitation", (t) =>
  t.field({
    type: Team,
    args: { teamId: t.arg(teamId()), userId: t.arg({ type: "UUID4", required: true }) },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, revokeInvitation, args),
  }),
);

builder.mutationField("revokeTeamEmailInvitation", (t) =>
  t.field({
    type: Team,
    description: "Revokes an invitation sent to an e-mail address nobody has signed up with yet.",
    args: { teamId: t.arg(teamId()), email: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, revokeInvitation, args),
  }),
);

builder.mutationField("removeFromTeam", (t) =>
  t.field({
    type: Team,
    args: { teamId: t.arg(teamId()), userId: t.arg({ type: "UUID4", required: true }) },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, removeMember, args),
  }),
);

builder.mutationField("resetTeamInviteToken", (t) =>
  t.field({
    type: Team,
    description:
      "'Reset invite link': a new invite link for the workspace; the old one stops working. Admins only.",
    args: { teamId: t.arg(teamId()) },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, resetInviteToken, args),
  }),
);

builder.mutationField("leaveTeam", (t) =>
  t.boolean({
    args: { teamId: t.arg(teamId()) },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, leaveWorkspace, args),
  }),
);

const MemberAuthorization = builder.inputType("MemberAuthorization", {
  fields: (t) => ({
    userId: t.field({ type: "UUID4", required: true }),
    authorization: t.field({ type: TeamMemberAuthorizationEnum, required: true }),
    teamManager: t.boolean(),
  }),
});

builder.mutationField("changeTeamMemberAuthorizations", (t) =>
  t.field({
    type: Team,
    args: {
      teamId: t.arg(teamId()),
      memberAuthorizations: t.arg({ type: [MemberAuthorization], required: true }),
    },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, changeMemberAuthorizations, args),
  }),
);
