import {
  billingBanner,
  creditState,
  creditsDisplay,
  isBillingManager,
  isProWorkspace,
  workspaceBillingKind,
} from "@boxyard/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type TeamBilling, teamBillingQuery } from "../../api/queries/billing.ts";
import { type GetTeam, refreshWorkspace, workspaceKeys } from "../../api/queries/workspaces.ts";
import { useSession } from "../session/SessionProvider.tsx";

/** What the shell shows of a workspace's billing: credits, state, banner, and whether the user manages it. */
export function billingFacts(team: TeamBilling, userId: string | null, onPremise: boolean) {
  const pro = isProWorkspace(team.subscription?.status, onPremise);
  const credits = {
    pro,
    used: team.usage.credits,
    includedCredits: team.limits.includedCredits,
    onDemandCreditLimit: team.limits.onDemandCreditLimit,
  };
  const state = creditState(credits);
  return {
    pro,
    kind: workspaceBillingKind(team),
    manager: userId !== null && isBillingManager(team, userId),
    state,
    display: creditsDisplay(credits),
    banner: billingBanner({ subscriptionStatus: team.subscription?.status, creditState: state }),
  };
}

export type BillingFacts = ReturnType<typeof billingFacts>;

/** The billing facts of a workspace, or null while they load (or for none). */
export function useWorkspaceBilling(teamId: string | null | undefined) {
  const { user, features } = useSession();
  const query = useQuery({ ...teamBillingQuery(teamId ?? ""), enabled: Boolean(teamId) });
  const team = query.data ?? null;

  // The shell reads 'frozen' from the workspace's record (GetTeam); when the billing refetch finds
  // it changed (credits ran out, a limit was raised), that record is reloaded too.
  const queryClient = useQueryClient();
  const frozen = team?.frozen;
  useEffect(() => {
    if (!teamId || frozen === undefined) return;
    const cached = queryClient.getQueryData<GetTeam>(workspaceKeys.team(teamId))?.me?.team?.frozen;
    if (cached !== undefined && cached !== frozen) {
      void refreshWorkspace(queryClient, teamId);
    }
  }, [teamId, frozen, queryClient]);

  return {
    query,
    team,
    facts: team ? billingFacts(team, user?.id ?? null, features?.onPremise ?? false) : null,
  };
}
