import { type WorkspaceChange, workspaceTopic } from "@boxyard/domain";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { folderKeys } from "../../api/queries/folders.ts";
import { repositoryKeys } from "../../api/queries/repositories.ts";
import { sandboxPageKeys } from "../../api/queries/sandbox.ts";
import { sandboxKeys } from "../../api/queries/sandboxes.ts";
import type { LiveSocket } from "./liveSocket.ts";
import { liveSocket, useLiveTopic } from "./useLiveTopic.ts";

/**
 * What a teammate's change touches (the `workspace-changed` event): the workspace's sandbox lists
 * and its search results when sandboxes changed, its folder tree and folder pages when folders did,
 * its repository lists and pages when repositories did, and the pages of the sandboxes named.
 * Nothing of other workspaces.
 */
export function invalidateWorkspaceChange(queryClient: QueryClient, teamId: string, change: WorkspaceChange) {
  const jobs: Promise<void>[] = [];
  if (change.sandboxes || change.folders) {
    jobs.push(queryClient.invalidateQueries({ queryKey: sandboxKeys.team(teamId) }));
    jobs.push(queryClient.invalidateQueries({ queryKey: ["search", teamId] }));
  }
  if (change.folders) jobs.push(queryClient.invalidateQueries({ queryKey: folderKeys.collections(teamId) }));
  if (change.repositories) {
    for (const queryKey of [
      repositoryKeys.byTeam(teamId),
      repositoryKeys.sidebar(teamId),
      repositoryKeys.recentBranches(teamId),
      ["repositories", "details", teamId],
    ]) {
      jobs.push(queryClient.invalidateQueries({ queryKey }));
    }
  }
  for (const id of change.sandboxIds) {
    jobs.push(queryClient.invalidateQueries({ queryKey: sandboxPageKeys.detail(id) }));
  }
  return Promise.all(jobs);
}

/**
 * Keeps the active workspace's dashboard lists live: a sandbox moved, renamed or deleted by a
 * teammate shows without a reload. After a reconnection everything of the workspace is refetched,
 * since changes may have been missed meanwhile.
 */
export function useWorkspaceLive(teamId: string | null | undefined, socket: LiveSocket = liveSocket) {
  const queryClient = useQueryClient();
  const joinedBefore = useRef<string | null>(null);
  useLiveTopic(teamId ? workspaceTopic(teamId) : null, socket, {
    onJoin: () => {
      if (!teamId) return;
      // The first join of a workspace finds the lists just loaded; a rejoin may have missed changes.
      const rejoin = joinedBefore.current === teamId;
      joinedBefore.current = teamId;
      if (!rejoin) return;
      void invalidateWorkspaceChange(queryClient, teamId, {
        sandboxes: true,
        folders: true,
        repositories: true,
        sandboxIds: [],
        actorId: null,
      });
    },
    onEvent: (event, payload) => {
      if (event === "workspace-changed" && teamId) {
        void invalidateWorkspaceChange(queryClient, teamId, payload as WorkspaceChange);
      }
    },
  });
}
