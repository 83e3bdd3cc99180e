import { isProWorkspace, type TeamMemberAuthorization } from "@boxyard/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import type { Workspace } from "../../api/queries/workspaces.ts";
import {
  allTeamsQuery,
  refreshWorkspace,
  refreshWorkspaceList,
  teamQuery,
} from "../../api/queries/workspaces.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { getStoredWorkspaceId, setStoredWorkspaceId } from "../session/storage.ts";
import { chooseWorkspace } from "./chooseWorkspace.ts";
import { dashboardActions, workspaceRole } from "./roles.ts";
import { sortWorkspaces } from "./sortWorkspaces.ts";

type ActiveWorkspaceContext = {
  status: "pending" | "error" | "success";
  error: unknown;
  refetch: () => void;
  /** Primary first, others by lowercase name. */
  workspaces: Workspace[];
  primaryWorkspaceId: string | null;
  activeWorkspace: Workspace | null;
  role: TeamMemberAuthorization;
  frozen: boolean;
  /** On a Pro plan (spec 1 §6: subscription ACTIVE, or an on-premise install). */
  pro: boolean;
  canImport: boolean;
  canCreate: boolean;
  /** Stores the id and reloads the workspace's info (spec 1 §4 'Switching workspace'). */
  switchWorkspace: (id: string) => void;
};

const Context = createContext<ActiveWorkspaceContext | null>(null);

export function ActiveWorkspaceProvider({ children }: { children: ReactNode }) {
  const { user, features } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const teams = useQuery(allTeamsQuery());
  const [preferredId, setPreferredId] = useState<string | null>(null);

  const me = teams.data?.me ?? null;
  const primaryWorkspaceId = me?.primaryWorkspaceId ?? user?.primaryWorkspaceId ?? null;
  const workspaces = useMemo(
    () => sortWorkspaces(me?.workspaces ?? [], primaryWorkspaceId),
    [me?.workspaces, primaryWorkspaceId],
  );

  const activeId = teams.isSuccess
    ? chooseWorkspace({
        urlWorkspaceId: preferredId,
        storedWorkspaceId: getStoredWorkspaceId(),
        primaryWorkspaceId,
        workspaces,
      })
    : null;
  const activeWorkspace = workspaces.find((workspace) => workspace.id === activeId) ?? null;

  const team = useQuery({ ...teamQuery(activeId ?? ""), enabled: activeId !== null });
  const frozen = team.data?.me?.team?.frozen ?? false;
  const pro = isProWorkspace(team.data?.me?.team?.subscription?.status, features?.onPremise ?? false);

  // Switching to a workspace the user is no longer in (removed, or it was deleted) falls back to a
  // default one (spec 1 §4): the choice is forgotten and the list reloaded without it.
  const lostAccess = team.isSuccess && team.data.me !== null && team.data.me.team === null;
  useEffect(() => {
    if (!lostAccess || activeId === null) return;
    setPreferredId((id) => (id === activeId ? null : id));
    if (getStoredWorkspaceId() === activeId) setStoredWorkspaceId(null);
    void refreshWorkspaceList(queryClient);
  }, [lostAccess, activeId, queryClient]);

  useEffect(() => {
    if (!teams.isSuccess) return;
    if (activeId === null) {
      navigate("/create-workspace", { replace: true });
      return;
    }
    if (!lostAccess && getStoredWorkspaceId() !== activeId) setStoredWorkspaceId(activeId);
  }, [teams.isSuccess, activeId, lostAccess, navigate]);
  const role = workspaceRole(activeWorkspace, user?.id);

  const switchWorkspace = useCallback(
    (id: string) => {
      setPreferredId(id);
      setStoredWorkspaceId(id);
      void refreshWorkspace(queryClient, id);
    },
    [queryClient],
  );

  const value = useMemo<ActiveWorkspaceContext>(
    () => ({
      status: teams.status,
      error: teams.error,
      refetch: () => void teams.refetch(),
      workspaces,
      primaryWorkspaceId,
      activeWorkspace,
      role,
      frozen,
      pro,
      ...dashboardActions(role, frozen),
      switchWorkspace,
    }),
    [
      teams.status,
      teams.error,
      teams.refetch,
      workspaces,
      primaryWorkspaceId,
      activeWorkspace,
      role,
      frozen,
      pro,
      switchWorkspace,
    ],
  );

  return <Context value={value}>{children}</Context>;
}

export function useActiveWorkspace() {
  const value = use(Context);
  if (!value) throw new Error("useActiveWorkspace needs an ActiveWorkspaceProvider");
  return value;
}
