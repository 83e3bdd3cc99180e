import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { workspaceKeys } from "../../api/queries/workspaces.ts";
import { setStoredWorkspaceId } from "../session/storage.ts";

/** Where a user lands after joining a workspace (spec 2 §4): its recent page, flagged as a new join. */
export function joinedWorkspacePath(teamId: string): string {
  return `/dashboard/recent?workspace=${encodeURIComponent(teamId)}&new_join=true`;
}

/** After joining: the workspace becomes the active one, the lists are reloaded, the recent page opens. */
export function useOpenJoinedWorkspace() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (teamId: string) => {
      setStoredWorkspaceId(teamId);
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
      navigate(joinedWorkspacePath(teamId));
    },
    [queryClient, navigate],
  );
}
