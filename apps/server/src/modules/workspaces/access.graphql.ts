import { builder } from "../../graphql/builder.ts";
import { runCommand, runQuery } from "../../service/context.ts";
import { User } from "../users/users.graphql.ts";
import {
  joinEligibleWorkspace,
  setOfferDomain,
  viewerEligibleWorkspaces,
  viewerVerifiedDomains,
} from "./eligible.service.ts";
import {
  acceptJoinRequest,
  type JoinRequestRow,
  rejectJoinRequest,
  requestToJoin,
} from "./join-requests.service.ts";
import { pendingJoinRequests } from "./pending-join-requests.query.ts";
import { Team, TeamMemberAuthorizationEnum } from "./workspaces.graphql.ts";
import type { WorkspaceRow } from "./workspaces.service.ts";

/** A workspace offered to the user for their verified e-mail domain (API contract §6 GetEligibleWorkspaces). */
const EligibleWorkspace = builder.objectRef<WorkspaceRow>("EligibleWorkspace").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    avatarUrl: t.exposeString("avatarUrl", { nullable: true }),
    shortid: t.string({
      description: "A short form of the id, for display.",
      resolve: (w) => w.id.slice(0, 8),
    }),
  }),
});

/** Someone who asked to join; the workspace's admins accept or decline. */
const TeamJoinRequest = builder.objectRef<JoinRequestRow>("TeamJoinRequest").implement({
  fields: (t) => ({
    userId: t.expose("userId", { type: "UUID4" }),
    username: t.exposeString("username"),
    name: t.exposeString("name", { nullable: true }),
    email: t.exposeString("email"),
    avatarUrl: t.exposeString("avatarUrl", { nullable: true }),
    insertedAt: t.string({ resolve: (r) => r.insertedAt.toISOString() }),
  }),
});

builder.objectFields(User, (t) => ({
  eligibleWorkspaces: t.field({
    type: [EligibleWorkspace],
    description: "Workspaces offered to the user's verified e-mail domains that they can join.",
    resolve: (_me, _args, ctx) => runQuery(ctx.deps, ctx.viewer, viewerEligibleWorkspaces, {}),
  }),
  verifiedEmailDomains: t.stringList({
    description:
      "Domains of the addresses the user's sign-in providers verified (public mail providers left out): the domains their workspaces may be offered to.",
    resolve: (_me, _args, ctx) => runQuery(ctx.deps, ctx.viewer, viewerVerifiedDomains, {}),
  }),
}));

builder.objectFields(Team, (t) => ({
  offerDomain: t.exposeString("offerDomain", {
    nullable: true,
    description: "People with a verified e-mail at this domain are offered to join; null: nobody.",
  }),
  joinRequests: t.field({
    type: [TeamJoinRequest],
    description: "People who asked to join; only admins see them (empty otherwise).",
    resolve: async (w, _args, ctx) => {
      if (!ctx.viewer) return [];
      const members = await ctx.loaders.members.load(w.id);
      const role = members.find((m) => m.userId === ctx.viewer!.userId)?.authorization;
      return role === "ADMIN" ? runQuery(ctx.deps, ctx.viewer, pendingJoinRequests, { teamId: w.id }) : [];
    },
  }),
}));

const teamId = () => ({ type: "UUID4" as const, required: true as const });

builder.mutationFields((t) => ({
  joinEligibleWorkspace: t.field({
    type: Team,
    args: { workspaceId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, joinEligibleWorkspace, args),
  }),
  requestTeamInvite: t.boolean({
    description:
      "Asks to join a workspace (from its invite link's token, or an offered workspace's id); its admins are notified.",
    args: { inviteToken: t.arg.string(), workspaceId: t.arg.id() },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, requestToJoin, args),
  }),
  acceptTeamJoinRequest: t.field({
    type: Team,
    args: {
      teamId: t.arg(teamId()),
      userId: t.arg({ type: "UUID4", required: true }),
      authorization: t.arg({ type: TeamMemberAuthorizationEnum }),
    },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, acceptJoinRequest, args),
  }),
  rejectTeamJoinRequest: t.field({
    type: Team,
    args: { teamId: t.arg(teamId()), userId: t.arg({ type: "UUID4", required: true }) },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, rejectJoinRequest, args),
  }),
  setTeamOfferDomain: t.field({
    type: Team,
    description:
      "Offers the workspace to people with a verified e-mail at a domain the admin has verified themselves; null offers it to nobody.",
    args: { teamId: t.arg(teamId()), domain: t.arg.string() },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, setOfferDomain, args),
  }),
}));
