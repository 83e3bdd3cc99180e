import { useCallback } from "react";
import { useNavigate } from "react-router";
import { setStoredWorkspaceId } from "../session/storage.ts";

/** Where a user lands after joining a workspace (spec 2 §4): its recent page, flagged as a new join. */
export function joinedWorkspacePath(teamId: string): string {
  return `/dashboard/recent?workspace=${encodeURIComponent(teamId)}&new_join=true`;
}

/**
 * After joining: the workspace becomes the active one and its recent page opens. The joining
 * mutation has already read the workspace lists again (`JOINED_WORKSPACE`).
 */
export function useOpenJoinedWorkspace() {
  const navigate = useNavigate();
  return useCallback(
    (teamId: string) => {
      setStoredWorkspaceId(teamId);
      navigate(joinedWorkspacePath(teamId));
    },
    [navigate],
  );
}
