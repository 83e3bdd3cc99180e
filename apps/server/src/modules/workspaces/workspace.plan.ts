import { isProWorkspace, type WorkspaceLimits, workspaceLimits } from "@boxyard/domain";
import type { Config } from "../../config.ts";

export type WorkspacePlan = { pro: boolean; limits: WorkspaceLimits };

/**
 * A workspace's plan (spec 1 §6: Pro when its subscription is ACTIVE, or on an on-premise install).
 * Subscriptions arrive with billing; until then no workspace has one, so only on-premise installs are Pro.
 */
export function planOf(config: Pick<Config, "onPremise">, _workspace: { id: string }): WorkspacePlan {
  const pro = isProWorkspace(null, config.onPremise);
  return { pro, limits: workspaceLimits(pro) };
}
