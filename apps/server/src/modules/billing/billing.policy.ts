import { BILLING_MESSAGES, WORKSPACE_MESSAGES } from "@boxyard/domain";
import { forbidden, notFound } from "../../http/errors.ts";
import type { Membership } from "../workspaces/workspace.policy.ts";

/** Admins and team managers (billing managers) act on a workspace's billing (spec 2 §5, §6). */
export function canManageBilling(membership: Pick<Membership, "authorization" | "teamManager">): boolean {
  return membership.authorization === "ADMIN" || membership.teamManager;
}

/**
 * Who may act on billing: a non-member is told the workspace does not exist; a member who is
 * neither admin nor team manager is refused. A frozen workspace stays manageable: upgrading or
 * raising the spending limit is how it is unfrozen.
 */
export function authorizeBilling(membership: Membership | null): Membership {
  if (!membership) throw notFound(WORKSPACE_MESSAGES.notFound);
  if (!canManageBilling(membership)) throw forbidden(BILLING_MESSAGES.billingForbidden);
  return membership;
}
