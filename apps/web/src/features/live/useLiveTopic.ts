import { useEffect, useRef } from "react";
import { socketToken } from "../../api/queries/notifications.ts";
import { LiveSocket, type TopicHandlers } from "./liveSocket.ts";

/** The tab's one live connection, shared by every topic its pages follow. */
export const liveSocket = new LiveSocket({ token: (refresh) => socketToken(refresh) });

/**
 * Follows a live topic while the component is mounted (null follows none). The latest handlers
 * are called; changing them does not rejoin.
 */
export function useLiveTopic(topic: string | null, socket: LiveSocket, handlers: TopicHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  // Synchronises with the socket, outside React.
  useEffect(() => {
    if (!topic) return;
    return socket.subscribe(topic, {
      onJoin: (response) => latest.current.onJoin?.(response),
      onEvent: (event, payload) => latest.current.onEvent?.(event, payload),
      onRefused: (reason) => latest.current.onRefused?.(reason),
    });
  }, [topic, socket]);
}
