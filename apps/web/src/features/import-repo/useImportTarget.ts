import { isProWorkspace } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { vmTiersQuery } from "../../api/queries/create.ts";
import { allTeamsQuery, teamQuery } from "../../api/queries/workspaces.ts";
import { allowedTier, tierChoices } from "../create-dialog/configRules.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { getStoredWorkspaceId } from "../session/storage.ts";
import { workspaceRole } from "../workspace/roles.ts";
import { sortWorkspaces } from "../workspace/sortWorkspaces.ts";

/**
 * Where an import or fork goes: a workspace the user may import into (READ members cannot,
 * spec 1 §6), preferring the one the dialog was opened in, and its VM tier (spec 2 §5: tiers above
 * the plan's are disabled; the default is 1 on Free, 2 on Pro). `frozen` blocks the submit.
 */
export function useImportTarget(initialTeamId: string | null) {
  const { user, features } = useSession();
  const teams = useQuery(allTeamsQuery());
  const writable = useMemo(() => {
    const me = teams.data?.me;
    const all = sortWorkspaces(me?.workspaces ?? [], me?.primaryWorkspaceId ?? null);
    return all.filter((w) => workspaceRole(w, user?.id) !== "READ");
  }, [teams.data, user?.id]);
  const [chosen, setChosen] = useState<string | null>(null);
  const teamId =
    [chosen, initialTeamId, getStoredWorkspaceId()].find((id) => id && writable.some((w) => w.id === id)) ??
    writable[0]?.id ??
    "";
  const team = useQuery({ ...teamQuery(teamId), enabled: teamId !== "" });
  const info = team.data?.me?.team ?? null;
  const tiers = useQuery(vmTiersQuery());
  const pro = isProWorkspace(info?.subscription?.status, features?.onPremise ?? false);
  const tierInfo = tierChoices(tiers.data ?? [], info, pro);
  const [tier, setTier] = useState<number | null>(null);

  return {
    workspaces: writable,
    teamsLoaded: teams.isSuccess,
    teamId,
    setTeamId: setChosen,
    frozen: info?.frozen ?? false,
    tierOptions: tierInfo.options,
    tierHint: tierInfo.hint,
    tiersLoaded: (tiers.data?.length ?? 0) > 0,
    vmTier: allowedTier(tier ?? tierInfo.initial, tierInfo.highest),
    setVmTier: setTier,
  };
}

export type ImportTarget = ReturnType<typeof useImportTarget>;
