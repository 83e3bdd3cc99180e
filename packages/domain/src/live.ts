import type { SandboxFilesChange, SandboxPresence } from "./sandbox-files.ts";

/**
 * The live socket (spec 1 §7, §8, §9; API contract §5, §10): its topics, messages, close codes and
 * the client's reconnect rules. The server and the web client both build on these.
 */

export const SOCKET_PATH = "/api/socket";

/** The socket token (GET /api/v1/auth/jwt) is reused for this long (spec 1 §9). */
export const SOCKET_TOKEN_CACHE_MS = 480_000;

/** Reconnect back-off steps, 10 to 2000 ms; the last step repeats (spec 1 §9). */
export const RECONNECT_STEPS_MS = [10, 50, 100, 150, 200, 250, 500, 1000, 2000] as const;
/** After the server answered 503 (unavailable), the slower steps, 3000 to 5000 ms. */
export const RECONNECT_STEPS_AFTER_503_MS = [3000, 4000, 5000] as const;

/** The delay before reconnect attempt `tries` (1 for the first). */
export function reconnectDelay(tries: number, after503: boolean): number {
  const steps = after503 ? RECONNECT_STEPS_AFTER_503_MS : RECONNECT_STEPS_MS;
  return steps[Math.min(Math.max(tries, 1), steps.length) - 1]!;
}

/** A client gives up after more than this many 401 answers in a row (spec 1 §8). */
export const MAX_UNAUTHORIZED_ANSWERS = 4;

/**
 * Browsers do not show a WebSocket handshake's HTTP status, so the server accepts the connection
 * and closes it with these codes, which stand for the statuses of the spec: 401 (no valid token)
 * and 503 (the server cannot deliver live events now: restarting, or its event bus is down).
 */
export const SOCKET_CLOSE = { unauthorized: 4401, unavailable: 4503 } as const;

/** The status a close code stands for: 401, 503, or null for an ordinary disconnection. */
export function closeStatus(code: number): 401 | 503 | null {
  if (code === SOCKET_CLOSE.unauthorized) return 401;
  // 1012 service restart and 1013 try again later are the standard forms of 503.
  if (code === SOCKET_CLOSE.unavailable || code === 1012 || code === 1013) return 503;
  return null;
}

/** The reason a join is refused with when the topic does not exist for this user (spec 1 §8). */
export const ROOM_NOT_FOUND = "room not found";

export const notificationTopic = (userId: string) => `notification:${userId}`;
export const workspaceTopic = (teamId: string) => `workspace:${teamId}`;
/** A sandbox's files changed, and who has it open (issue 15): for whoever may read the sandbox. */
export const sandboxTopic = (sandboxId: string) => `sandbox:${sandboxId}`;

export type Topic = { kind: "notification" | "workspace" | "sandbox"; id: string };

export function parseTopic(topic: string): Topic | null {
  const match = /^(notification|workspace):([0-9a-f-]{36})$/i.exec(topic);
  if (match) return { kind: match[1] as Topic["kind"], id: match[2]!.toLowerCase() };
  // Sandbox ids are short (`abc123`), not UUIDs; kept as sent (the id, not an alias).
  const sandbox = /^sandbox:([A-Za-z0-9_-]{1,64})$/.exec(topic);
  return sandbox ? { kind: "sandbox", id: sandbox[1]! } : null;
}

/** What a client sends: join or leave a topic, or a heartbeat (answered with an ok reply). */
export type ClientMessage = { topic: string; event: "join" | "leave" | "heartbeat"; ref?: string | null };

/** What the server sends: replies to the client's messages, and pushed events. */
export type ServerMessage =
  | {
      topic: string;
      event: "reply";
      ref: string | null;
      payload:
        | { status: "ok"; response: Record<string, unknown> }
        | { status: "error"; response: { reason: string } };
    }
  | { topic: string; event: "new-notification"; payload: LiveNotification }
  | { topic: string; event: "workspace-changed"; payload: WorkspaceChange }
  | { topic: string; event: "sandbox-files"; payload: SandboxFilesChange }
  | { topic: string; event: "presence"; payload: SandboxPresence };

/** The payload of `new-notification`: the notification as the list shows it, and the new unread count. */
export type LiveNotification = {
  id: string;
  type: string;
  data: string;
  read: boolean;
  insertedAt: string;
  unread: number;
};

/**
 * The payload of `workspace-changed`: what a teammate changed, so the dashboard refreshes exactly
 * those lists. Ids only: what changed is read again through the API, with its authorization.
 */
export type WorkspaceChange = {
  sandboxes: boolean;
  folders: boolean;
  /** The workspace's repositories or their branches changed (imported, removed, forked, branched). */
  repositories?: boolean;
  sandboxIds: string[];
  actorId: string | null;
};
