import type { Db, Tx } from "../../db/client.ts";
import { membershipOf } from "../workspaces/membership.service.ts";
import { authorizeBilling } from "./billing.policy.ts";

/** Loads the user's membership and checks they may act on the workspace's billing. */
export async function requireBillingManager(db: Db | Tx, userId: string, workspaceId: string) {
  return authorizeBilling(await membershipOf(db, userId, workspaceId));
}
