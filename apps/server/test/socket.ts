import type { ServerMessage } from "@boxyard/domain";
import WebSocket from "ws";
import type { TestApp } from "./app.ts";
import type { TestUser } from "./factories.ts";

/** A live-socket client for tests: collects what the server sends and waits for what it expects. */
export type TestSocket = {
  messages: ServerMessage[];
  /** The close code once the server closed the socket. */
  closed: Promise<{ code: number; reason: string }>;
  /** Sends join and answers the server's reply. */
  join(topic: string): Promise<Extract<ServerMessage, { event: "reply" }>["payload"]>;
  send(message: unknown): void;
  /** Calls the listener with every message from now on. */
  listen(listener: (message: ServerMessage) => void): void;
  /** Waits for a message the predicate accepts (among those received already, or the next ones). */
  next<T extends ServerMessage = ServerMessage>(
    predicate: (message: ServerMessage) => boolean,
    timeoutMs?: number,
  ): Promise<T>;
  close(): void;
};

export function wrapSocket(ws: WebSocket): TestSocket {
  const messages: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  const listeners = new Set<(message: ServerMessage) => void>();
  let refs = 0;
  ws.on("message", (raw) => {
    const message = JSON.parse(String(raw)) as ServerMessage;
    messages.push(message);
    for (const listener of listeners) listener(message);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on("close", (code, reason) => resolve({ code, reason: String(reason) }));
  });
  const next = <T extends ServerMessage>(predicate: (m: ServerMessage) => boolean, timeoutMs = 5000) =>
    new Promise<T>((resolve, reject) => {
      let seen = 0;
      const check = () => {
        for (; seen < messages.length; seen++) {
          if (predicate(messages[seen]!)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(messages[seen] as T);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No expected message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    messages,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    listen: (listener) => void listeners.add(listener),
    async join(topic) {
      const ref = String(++refs);
      ws.send(JSON.stringify({ topic, event: "join", ref }));
      const reply = await next<Extract<ServerMessage, { event: "reply" }>>(
        (m) => m.event === "reply" && m.ref === ref,
      );
      return reply.payload;
    },
    next,
    close: () => ws.close(),
  };
}

/** The socket token of a user (GET /api/v1/auth/jwt). */
export async function socketToken(app: TestApp, user: TestUser): Promise<string> {
  const response = await app.inject({
    method: "GET",
    url: "/api/v1/auth/jwt",
    headers: { cookie: user.cookie },
  });
  return (response.json() as { jwt: string }).jwt;
}

/** Opens the live socket of an in-process app (no listening port needed). */
export async function openSocket(app: TestApp, token: string): Promise<TestSocket> {
  let wrapped: TestSocket | undefined;
  await app.injectWS(
    `/api/socket?token=${encodeURIComponent(token)}`,
    {},
    {
      onInit: (ws) => {
        wrapped = wrapSocket(ws as unknown as WebSocket);
      },
    },
  );
  return wrapped!;
}

/** Opens the live socket of a server listening at `baseUrl` (another process, another replica). */
export function connectSocket(baseUrl: string, token: string): Promise<TestSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/socket?token=${encodeURIComponent(token)}`);
  const wrapped = wrapSocket(ws);
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(wrapped));
    ws.once("error", reject);
  });
}
