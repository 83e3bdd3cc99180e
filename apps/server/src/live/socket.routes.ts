import {
  type ClientMessage,
  notificationTopic,
  parseTopic,
  ROOM_NOT_FOUND,
  type ServerMessage,
  SOCKET_CLOSE,
} from "@boxyard/domain";
import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { z } from "zod";
import type { Deps } from "../deps.ts";
import { routeDoc } from "../http/openapi.ts";
import type { Revoked } from "../modules/auth/session-cache.ts";
import { liveBindingHash, readSocketJwt } from "../modules/auth/socket-jwt.ts";
import { unreadCount } from "../modules/notifications/unread-counts.ts";
import { mayFollowSandbox, presenceProfiles } from "../modules/sandboxes/presence.service.ts";
import { membershipOf } from "../modules/workspaces/membership.service.ts";
import type { LiveEvent } from "./event-bus.ts";
import { Presence } from "./presence.ts";

/** A socket may follow this many topics at once (its own notifications and its workspaces). */
const MAX_TOPICS = 50;
/** A workspace member's removal (a sandbox's turning private) is noticed this long after it at the latest. */
const MEMBERSHIP_RECHECK_MS = 30_000;
/** Sockets that do not answer a ping within this interval are dropped. */
const PING_INTERVAL_MS = 30_000;
/** A client that does not read its messages is cut off rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1 << 20;

type Joined = { unsubscribe: () => void; checkedAt: number };

/** Whether the user may still follow a topic they joined; null for topics that are theirs for good. */
type Recheck = (() => Promise<boolean>) | null;

/**
 * The live socket (API contract §5, §10): `GET /api/socket?token=<jwt>` with the short-lived
 * token of `GET /api/v1/auth/jwt`. A client joins `notification:<its user id>` (the reply carries
 * `{unread}`; the server pushes `new-notification`) and `workspace:<id>` of the workspaces it is a
 * member of (`workspace-changed`), and `sandbox:<id>` of the sandboxes it may read (`sandbox-files`
 * when their files change; `presence`, who has the sandbox open, on every replica: presence.ts).
 * Any other topic is 'room not found'. A missing or expired token,
 * or one whose session (or API token) has ended, closes with 4401 (401); so do the sockets opened
 * with a session when it ends, on every replica (sign-out, password reset, account deletion: the
 * session cache's revocations over the live bus). While live events cannot be delivered (the
 * server is stopping, or Redis is unreachable) sockets close with 4503 (503): clients come back
 * later and refetch.
 */
export async function registerSocketRoute(app: FastifyInstance, deps: Deps) {
  const sockets = new Set<WebSocket>();
  await app.register(websocket, {
    options: { maxPayload: 16 * 1024 },
    // A stopping replica tells its clients to come back (to it or another replica) a little later.
    preClose: async () => {
      for (const socket of sockets) socket.close(SOCKET_CLOSE.unavailable, "restarting");
    },
  });

  const presence = new Presence(deps.live, {
    profiles: (ids) => presenceProfiles(deps.db, ids),
    onError: (error) => app.log.warn({ err: error }, "live socket: presence failed"),
  });
  const stopWatching = deps.live.onAvailabilityChange((available) => {
    if (available) return;
    for (const socket of sockets) socket.close(SOCKET_CLOSE.unavailable, "live events unavailable");
  });
  /** The open sockets by the token hash of the session or API token they were opened with, and by user. */
  const byCredential = new Map<string, Set<WebSocket>>();
  const byUser = new Map<string, Set<WebSocket>>();
  const track = (index: Map<string, Set<WebSocket>>, key: string, socket: WebSocket) => {
    const set = index.get(key) ?? new Set<WebSocket>();
    index.set(key, set);
    set.add(socket);
    return () => {
      set.delete(socket);
      if (set.size === 0 && index.get(key) === set) index.delete(key);
    };
  };
  const stopRevocations = deps.sessions.onRevoked((which: Revoked) => {
    const ended = "tokenHash" in which ? byCredential.get(which.tokenHash) : byUser.get(which.userId);
    for (const socket of [...(ended ?? [])]) socket.close(SOCKET_CLOSE.unauthorized, "session ended");
  });
  const alive = new WeakSet<WebSocket>();
  const pinger = setInterval(() => {
    for (const socket of sockets) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, PING_INTERVAL_MS);
  pinger.unref();
  app.addHook("onClose", async () => {
    clearInterval(pinger);
    stopWatching();
    stopRevocations();
    presence.close();
  });

  app.get<{ Querystring: { token?: string } }>(
    "/api/socket",
    // The token rides in the address: keep it out of the request log.
    {
      websocket: true,
      logLevel: "warn",
      schema: routeDoc({
        tag: "live",
        summary: "The live socket (WebSocket; ?token= from GET /api/v1/auth/jwt)",
        querystring: z.object({ token: z.string() }),
      }),
    },
    (socket, request) => {
      sockets.add(socket);
      alive.add(socket);
      const joined = new Map<string, Joined>();
      const untrack: (() => void)[] = [];
      socket.on("pong", () => alive.add(socket));
      socket.on("close", () => {
        sockets.delete(socket);
        for (const stop of untrack.splice(0)) stop();
        for (const entry of joined.values()) entry.unsubscribe();
        joined.clear();
      });

      // Messages are listened to at once (ws does not keep them for later listeners); they wait for the token.
      let userId = "";
      const authenticate = async () => {
        const claims = await readSocketJwt(deps.secret, request.query.token ?? "");
        const readAt = Date.now();
        const tokenHash = claims && (await liveBindingHash(deps.db, claims));
        // An ending announced while the check read the database is not in what it read.
        if (!claims || !tokenHash || deps.sessions.endedSince(tokenHash, claims.userId, readAt)) {
          return socket.close(SOCKET_CLOSE.unauthorized, "unauthorized");
        }
        if (!deps.live.available) return socket.close(SOCKET_CLOSE.unavailable, "live events unavailable");
        if (socket.readyState !== socket.OPEN) return;
        untrack.push(track(byCredential, tokenHash, socket), track(byUser, claims.userId, socket));
        userId = claims.userId;
      };
      const authenticated = authenticate().then(
        () => userId !== "",
        (error) => {
          request.log.error({ err: error }, "live socket: authentication failed");
          socket.close(SOCKET_CLOSE.unavailable, "authentication failed");
          return false;
        },
      );

      const send = (message: ServerMessage) => {
        if (socket.readyState !== socket.OPEN) return;
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return socket.close(1013, "too slow");
        socket.send(JSON.stringify(message));
      };
      const reply = (topic: string, ref: string | null, response: Record<string, unknown>) =>
        send({ topic, event: "reply", ref, payload: { status: "ok", response } });
      const refuse = (topic: string, ref: string | null, reason: string) =>
        send({ topic, event: "reply", ref, payload: { status: "error", response: { reason } } });

      const leave = (topic: string) => {
        joined.get(topic)?.unsubscribe();
        joined.delete(topic);
      };

      /** Forwards a topic's events; a workspace's (a sandbox's) only while the user may still follow it. */
      const forward = (topic: string, recheck: Recheck) => (event: LiveEvent) => {
        const entry = joined.get(topic);
        if (!entry) return;
        const message = { topic, event: event.event, payload: event.payload } as ServerMessage;
        if (!recheck || Date.now() - entry.checkedAt < MEMBERSHIP_RECHECK_MS) return send(message);
        entry.checkedAt = Date.now();
        void recheck().then(
          (allowed) => {
            if (allowed) return send(message);
            leave(topic);
            refuse(topic, null, ROOM_NOT_FOUND);
          },
          (error) => request.log.warn({ err: error }, "live socket: access check failed"),
        );
      };

      /** Who may follow a topic, checked at join and again as its events come (Recheck). */
      const rule = (kind: string, id: string): Recheck | "own" => {
        if (kind === "notification") return "own";
        if (kind === "workspace") return async () => (await membershipOf(deps.db, userId, id)) !== null;
        return () => mayFollowSandbox(deps.db, userId, id);
      };

      const join = async (topic: string, ref: string | null) => {
        const parsed = parseTopic(topic);
        const check = parsed ? rule(parsed.kind, parsed.id) : null;
        const mine = check === "own" ? parsed?.id === userId : check !== null && (await check());
        if (!parsed || !mine) return refuse(topic, ref, ROOM_NOT_FOUND);
        if (!joined.has(topic)) {
          if (joined.size >= MAX_TOPICS) return refuse(topic, ref, "too many topics");
          const recheck = check === "own" ? null : check;
          const unsubscribe = deps.live.subscribe(topic, forward(topic, recheck));
          // A sandbox's followers are who has it open: they show on every replica until they leave.
          const present = parsed.kind === "sandbox";
          if (present) {
            presence.enter(topic, socket, userId, (users) =>
              send({ topic, event: "presence", payload: { users } } as ServerMessage),
            );
          }
          joined.set(topic, {
            unsubscribe: () => {
              unsubscribe();
              if (present) presence.leave(topic, socket);
            },
            checkedAt: Date.now(),
          });
        }
        // Subscribed first, counted second: a notification made in between is in the count or comes next.
        await deps.live.ready(topic);
        if (topic === notificationTopic(userId)) {
          return reply(topic, ref, { unread: await unreadCount(deps.db, userId) });
        }
        return reply(topic, ref, {});
      };

      socket.on("message", async (raw) => {
        if (!(await authenticated)) return;
        let message: ClientMessage;
        try {
          message = JSON.parse(String(raw)) as ClientMessage;
        } catch {
          return refuse("", null, "invalid message");
        }
        const topic = typeof message.topic === "string" ? message.topic : "";
        const ref = typeof message.ref === "string" ? message.ref : null;
        if (message.event === "heartbeat") return reply(topic, ref, {});
        if (message.event === "leave") {
          leave(topic);
          return reply(topic, ref, {});
        }
        if (message.event === "join") {
          return void join(topic, ref).catch((error) => {
            request.log.error({ err: error }, "live socket: join failed");
            refuse(topic, ref, "join failed");
          });
        }
        refuse(topic, ref, "invalid message");
      });
    },
  );
}
