import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { billingKeys, setTeamLimits } from "../../api/queries/billing.ts";
import { workspaceKeys } from "../../api/queries/workspaces.ts";

/*
 * A spending limit chosen while upgrading a free workspace is for the plan being bought: the server
 * takes a Pro limit (up to 1000) only once the workspace is Pro, after the checkout. It waits here,
 * per workspace, and is set the first time the workspace shows up as Pro to one of its billing managers.
 */

const key = (teamId: string) => `boxyard.pendingSpendingLimit.${teamId}`;

export function rememberPendingSpendingLimit(teamId: string, limit: number) {
  try {
    window.localStorage.setItem(key(teamId), String(limit));
  } catch {
    // Storage refused (private mode): the limit stays at what the workspace has.
  }
}

export function pendingSpendingLimit(teamId: string): number | null {
  try {
    const text = window.localStorage.getItem(key(teamId));
    const limit = text === null ? Number.NaN : Number(text);
    return Number.isInteger(limit) && limit >= 0 ? limit : null;
  } catch {
    return null;
  }
}

export function forgetPendingSpendingLimit(teamId: string) {
  try {
    window.localStorage.removeItem(key(teamId));
  } catch {
    // Nothing stored.
  }
}

/** Sets the waiting limit; kept for a later try when the server refuses it. */
export async function applyPendingSpendingLimit(queryClient: QueryClient, teamId: string, current: number) {
  const limit = pendingSpendingLimit(teamId);
  if (limit === null) return;
  forgetPendingSpendingLimit(teamId);
  if (limit === current) return;
  try {
    await setTeamLimits({ teamId, onDemandSpendingLimit: limit });
  } catch (error) {
    console.warn("Setting the spending limit chosen at upgrade failed", error);
    rememberPendingSpendingLimit(teamId, limit);
    return;
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    queryClient.invalidateQueries({ queryKey: workspaceKeys.team(teamId) }),
  ]);
}

/** Applies a waiting limit once the workspace is Pro and the user manages its billing. */
export function useApplyPendingSpendingLimit(
  teamId: string | null | undefined,
  ready: boolean,
  current: number | undefined,
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!teamId || !ready || current === undefined) return;
    void applyPendingSpendingLimit(queryClient, teamId, current);
  }, [teamId, ready, current, queryClient]);
}
