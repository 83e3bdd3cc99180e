import { type LiveNotification, notificationTopic } from "@boxyard/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { notificationKeys, parseItem } from "../../api/queries/notifications.ts";
import { sandboxKeys } from "../../api/queries/sandboxes.ts";
import { workspaceKeys } from "../../api/queries/workspaces.ts";
import type { LiveSocket } from "../live/liveSocket.ts";
import { liveSocket, useLiveTopic } from "../live/useLiveTopic.ts";
import { addToLists } from "./notificationCache.ts";

/**
 * Follows `notification:{userId}` (spec 1 §7): the join answers the unread count, `new-notification`
 * brings each new one. The list is refetched when one arrives and after a reconnection (what came
 * meanwhile), and so are the lists a notification changes: a shared sandbox appears in 'Shared
 * with me', a workspace's members or requests change. (A new invitation does not pop its dialog
 * up in the middle of the user's work: the bell says it; the dialog shows on the next visit.)
 */
export function useNotificationsLive(userId: string | null | undefined, socket: LiveSocket = liveSocket) {
  const queryClient = useQueryClient();
  const joinedBefore = useRef(false);
  useLiveTopic(userId ? notificationTopic(userId) : null, socket, {
    onJoin: (response) => {
      if (typeof response.unread === "number")
        queryClient.setQueryData(notificationKeys.unread, response.unread);
      if (joinedBefore.current) void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
      joinedBefore.current = true;
    },
    onEvent: (event, payload) => {
      if (event !== "new-notification") return;
      const notification = payload as LiveNotification;
      queryClient.setQueryData(notificationKeys.unread, notification.unread);
      // Listed at once (an open dropdown counts what it lists), then checked against the server.
      const { id, type, data, read, insertedAt } = notification;
      addToLists(queryClient, parseItem({ id, type, data, read, insertedAt }));
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
      let teamId: string | null = null;
      try {
        teamId = (JSON.parse(notification.data) as { teamId?: string }).teamId ?? null;
      } catch {
        teamId = null;
      }
      if (notification.type === "sandbox_invitation") {
        void queryClient.invalidateQueries({ queryKey: sandboxKeys.shared });
      } else if (
        (notification.type === "team_accepted" || notification.type === "team_invite_requested") &&
        teamId
      ) {
        void queryClient.invalidateQueries({ queryKey: workspaceKeys.team(teamId) });
        if (notification.type === "team_accepted")
          void queryClient.invalidateQueries({ queryKey: workspaceKeys.list });
      }
    },
  });
}
