import { offerableDomain, WORKSPACE_MESSAGES } from "@boxyard/domain";
import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  workspaceInvitations,
  workspaceJoinRequests,
  workspaceMembers,
  workspaces,
} from "../../db/schema/index.ts";
import { invalid, notFound } from "../../http/errors.ts";
import { command, query } from "../../service/command.ts";
import { verifiedAddressesOf } from "../auth/verified-addresses.ts";
import { noInput } from "../notifications/notifications.schema.ts";
import { addMember, notifyJoined, pendingCount, seatsOf } from "./members.service.ts";
import { requireOperation } from "./membership.service.ts";
import { joinProblem, memberLimitProblem } from "./workspace.policy.ts";
import { joinEligibleInput, offerDomainInput } from "./workspaces.schema.ts";
import { lockWorkspace, updateWorkspace, type WorkspaceRow } from "./workspaces.service.ts";

export const ELIGIBLE_MESSAGES = {
  domainNotYours:
    "You can offer this workspace only to the domain of an e-mail address you verified (not a public mail provider's).",
  personal: WORKSPACE_MESSAGES.personalNoMembers,
} as const;

/**
 * The e-mail domains a user has proven: those of their verified addresses (the account's own once
 * its verification link was followed; GitHub's verified address, OpenID email_verified, single
 * sign-on). An unverified address never counts; public mail providers' domains never do either.
 */
export async function verifiedDomainsOf(db: Db | Tx, userId: string): Promise<string[]> {
  const domains = (await verifiedAddressesOf(db, userId)).map((email) => offerableDomain(email));
  return [...new Set(domains.filter((d): d is string => d !== null))].sort();
}

/**
 * The workspaces offered to a user (spec 2 §2.7): team workspaces whose admins offer them to one
 * of the user's verified domains, that the user is not in, has no invitation to and has not asked
 * to join, and that can be joined (not frozen).
 */
export async function eligibleWorkspaces(db: Db | Tx, userId: string): Promise<WorkspaceRow[]> {
  const domains = await verifiedDomainsOf(db, userId);
  if (domains.length === 0) return [];
  return db
    .select()
    .from(workspaces)
    .where(
      and(
        eq(workspaces.type, "TEAM"),
        eq(workspaces.frozen, false),
        inArray(workspaces.offerDomain, domains),
        notExists(
          db
            .select({ one: sql`1` })
            .from(workspaceMembers)
            .where(and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(workspaceInvitations)
            .where(
              and(
                eq(workspaceInvitations.workspaceId, workspaces.id),
                eq(workspaceInvitations.userId, userId),
              ),
            ),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(workspaceJoinRequests)
            .where(
              and(
                eq(workspaceJoinRequests.workspaceId, workspaces.id),
                eq(workspaceJoinRequests.userId, userId),
              ),
            ),
        ),
      ),
    )
    .orderBy(sql`lower(${workspaces.name})`);
}

/** Whether the workspace is offered to the user; NOT_FOUND otherwise, as for one that does not exist. */
export async function requireEligible(tx: Tx, userId: string, workspaceId: string) {
  const offered = await eligibleWorkspaces(tx, userId);
  if (!offered.some((w) => w.id === workspaceId)) throw notFound(WORKSPACE_MESSAGES.notFound);
}

/**
 * Joins an offered workspace with its default role (spec 2 §4: join sets the active team), within
 * the plan's member limit; its admins are told (team_accepted).
 */
export const joinEligibleWorkspace = command(joinEligibleInput, async (ctx, { workspaceId }) => {
  const { db: tx, effects, userId } = ctx;
  await requireEligible(tx, userId, workspaceId);
  const workspace = await lockWorkspace(tx, workspaceId);
  const problem =
    joinProblem(workspace) ??
    memberLimitProblem(
      (await seatsOf(tx, workspaceId)).length,
      await pendingCount(tx, workspaceId),
      1,
      (await ctx.deps.plans(tx, workspace.id)).limits.includedMembers,
    );
  if (problem) throw problem;
  await addMember(tx, workspaceId, userId, workspace.defaultAuthorization);
  await notifyJoined(tx, effects, workspace, userId, null);
  return workspace;
});

/**
 * Offers the workspace to the people with a verified address at a domain, or to nobody (null). An
 * admin can offer it only to a domain they have proven themselves, so nobody can claim another
 * company's domain; nothing is offered until an admin turns it on.
 */
export const setOfferDomain = command(
  offerDomainInput,
  async (ctx, { teamId: workspaceId, domain: rawDomain }) => {
    const { db: tx, userId } = ctx;
    await requireOperation(tx, userId, workspaceId, "manage");
    const workspace = await lockWorkspace(tx, workspaceId);
    if (workspace.type === "PERSONAL") throw invalid(ELIGIBLE_MESSAGES.personal);
    const domain = rawDomain?.trim().toLowerCase().replace(/^@/, "") || null;
    if (domain && !(await verifiedDomainsOf(tx, userId)).includes(domain)) {
      throw invalid(ELIGIBLE_MESSAGES.domainNotYours, "domain");
    }
    return updateWorkspace(tx, workspaceId, { offerDomain: domain });
  },
);

/** The workspaces offered to the signed-in user. */
export const viewerEligibleWorkspaces = query(noInput, ({ db, userId }) => eligibleWorkspaces(db, userId));

/** The e-mail domains the signed-in user has proven. */
export const viewerVerifiedDomains = query(noInput, ({ db, userId }) => verifiedDomainsOf(db, userId));
