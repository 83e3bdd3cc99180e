import { randomBytes } from "node:crypto";
import {
  closeStatus,
  type LiveNotification,
  notificationTopic,
  reconnectDelay,
  type SandboxFilesChange,
  type SandboxPresence,
  sandboxTopic,
} from "@boxyard/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  type HttpUser,
  httpGql,
  httpSignUp,
  httpSocketToken,
  Replica,
  scratchDatabase,
} from "./replicas.ts";
import { connectSocket, type TestSocket } from "./socket.ts";

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
// Once per run: in the PostgreSQL project, which exists when TEST_DATABASE_URL is set.
const enabled = Boolean(databaseUrl && redisUrl && process.env.BOXYARD_TEST_DB === "postgres");
const title = enabled
  ? "two replicas on one PostgreSQL and one Redis"
  : "two replicas on one PostgreSQL and one Redis (skipped: needs TEST_DATABASE_URL and TEST_REDIS_URL; runs in the postgres project)";

const SHARE = `mutation($id: ID!, $who: String!, $level: SandboxAuthorization!) {
  shareSandbox(sandboxId: $id, usernameOrEmail: $who, authorization: $level) { id } }`;
const AFTER = `query($after: UUID4) { me { id notifications(limit: 100, after: $after, orderBy: { field: "insertedAt", direction: ASC }) { id insertedAt } } }`;

/**
 * A client as the web app behaves: it reconnects with the spec's back-off (slower after a 503),
 * and on each (re)join catches up on what it missed, from the last notification it has, in pages.
 */
class CatchingUpClient {
  readonly received = new Set<string>();
  readonly liveDuplicates: string[] = [];
  private readonly live = new Set<string>();
  private cursor: string | null = null;
  private catchingUp = false;
  private socket: TestSocket | null = null;
  private stopped = false;
  reconnects = 0;

  constructor(
    private readonly socketUrl: string,
    private readonly apiUrl: () => string,
    private readonly user: HttpUser,
  ) {}

  async start(initialCursor: string | null) {
    this.cursor = initialCursor;
    await this.connect(0, false);
  }

  private async connect(tries: number, after503: boolean): Promise<void> {
    if (this.stopped) return;
    if (tries > 0) await new Promise((r) => setTimeout(r, reconnectDelay(tries, after503)));
    let socket: TestSocket;
    try {
      socket = await connectSocket(this.socketUrl, await httpSocketToken(this.socketUrl, this.user));
    } catch {
      return this.connect(tries + 1, after503);
    }
    this.socket = socket;
    // Until the catch-up below is done, what comes live does not move the cursor: the gap before it
    // is read from the API first.
    this.catchingUp = true;
    socket.closed.then(({ code }) => {
      if (this.stopped) return;
      this.reconnects++;
      void this.connect(1, closeStatus(code) === 503);
    });
    socket.listen((message) => {
      if (message.event !== "new-notification") return;
      const { id } = message.payload as LiveNotification;
      if (this.live.has(id)) this.liveDuplicates.push(id);
      this.live.add(id);
      this.received.add(id);
      if (!this.catchingUp) this.cursor = id;
    });
    const topic = notificationTopic(this.user.id);
    const reply = await socket.join(topic).catch(() => null);
    if (reply?.status !== "ok") {
      this.catchingUp = false;
      return;
    }
    // Failing to catch up (the API unreachable) waits for the next reconnection.
    await this.catchUp().catch(() => undefined);
  }

  /** Pages through the notifications after the cursor until none are left. */
  private async catchUp() {
    try {
      for (;;) {
        const data = await httpGql<{ me: { notifications: { id: string }[] } }>(
          this.apiUrl(),
          this.user,
          AFTER,
          {
            after: this.cursor,
          },
        );
        const page = data.me.notifications;
        for (const n of page) this.received.add(n.id);
        if (page.length === 0) return;
        this.cursor = page.at(-1)!.id;
      }
    } finally {
      this.catchingUp = false;
    }
  }

  stop() {
    this.stopped = true;
    this.socket?.close();
  }
}

describe.runIf(enabled)(title, () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let a: Replica;
  let b: Replica;
  let admin: HttpUser;
  let watcher: HttpUser;
  let sandboxId: string;

  beforeAll(async () => {
    database = await scratchDatabase(databaseUrl!, "boxyard_replicas");
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      BOXYARD_REDIS_PREFIX: `boxyard-test-${randomBytes(4).toString("hex")}:`,
      BOXYARD_SECRET: randomBytes(24).toString("hex"),
      BOXYARD_SIGNIN_RATE_LIMIT: "1000",
    };
    a = new Replica(await freePort(), env);
    b = new Replica(await freePort(), env);
    await a.start();
    await b.start();
    const tag = randomBytes(3).toString("hex");
    admin = await httpSignUp(a.url, `admin${tag}`);
    watcher = await httpSignUp(b.url, `watcher${tag}`);
    const templates = (await (await fetch(`${a.url}/api/v1/sandboxes/templates/official`)).json()) as {
      sandboxes: { id: string }[];
    }[];
    const fork = await fetch(`${a.url}/api/v1/sandboxes/${templates[0]!.sandboxes[0]!.id}/fork`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-boxyard-client": "web", cookie: admin.cookie },
      body: "{}",
    });
    sandboxId = ((await fork.json()) as { id: string }).id;
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it("S1-4.019 / a session signed out through replica A is refused by replica B, which kept it in memory, within a second", async () => {
    const leaving = await httpSignUp(a.url, `leaving${randomBytes(3).toString("hex")}`);
    const current = (url: string) =>
      fetch(`${url}/api/v1/users/current`, { headers: { cookie: leaving.cookie } });
    expect((await current(b.url)).status).toBe(200);
    const out = await fetch(`${a.url}/api/v1/users/signout`, {
      method: "DELETE",
      headers: { "x-boxyard-client": "web", cookie: leaving.cookie },
    });
    expect(out.status).toBe(204);
    // Well within the 5 s a replica keeps a session: B was told.
    const deadline = Date.now() + 1_000;
    let status = (await current(b.url)).status;
    while (status !== 401 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await current(b.url)).status;
    }
    expect(status).toBe(401);
  });

  it("S1-7.020 / a notification caused through replica A reaches a socket connected to replica B", async () => {
    const socket = await connectSocket(b.url, await httpSocketToken(b.url, watcher));
    expect(await socket.join(notificationTopic(watcher.id))).toMatchObject({ status: "ok" });
    await httpGql(a.url, admin, SHARE, { id: sandboxId, who: watcher.username, level: "COMMENT" });
    const pushed = await socket.next((m) => m.event === "new-notification", 10_000);
    expect(pushed.payload).toMatchObject({ type: "sandbox_invitation" });
    socket.close();
  });

  it("issue 15 / a file saved through replica A reaches an editor on replica B within a second; who has the sandbox open shows on both", async () => {
    await httpGql(a.url, admin, SHARE, { id: sandboxId, who: watcher.username, level: "WRITE_CODE" });
    const topic = sandboxTopic(sandboxId);
    const ids = (m: { payload: unknown }) =>
      (m.payload as SandboxPresence).users
        .map((u) => u.id)
        .sort()
        .join(",");
    const both = [admin.id, watcher.id].sort().join(",");
    const onA = await connectSocket(a.url, await httpSocketToken(a.url, admin));
    const onB = await connectSocket(b.url, await httpSocketToken(b.url, watcher));
    try {
      expect(await onA.join(topic)).toMatchObject({ status: "ok" });
      expect(await onB.join(topic)).toMatchObject({ status: "ok" });
      await onA.next((m) => m.event === "presence" && ids(m) === both, 5_000);
      await onB.next((m) => m.event === "presence" && ids(m) === both, 5_000);

      const files = (await (
        await fetch(`${b.url}/api/v1/sandboxes/${sandboxId}/modules`, { headers: { cookie: watcher.cookie } })
      ).json()) as { modules: { shortid: string; version: number; isBinary: boolean }[] };
      const file = files.modules.find((m) => !m.isBinary)!;
      const savedAt = Date.now();
      const saved = await fetch(`${b.url}/api/v1/sandboxes/${sandboxId}/modules/${file.shortid}`, {
        method: "PUT",
        headers: {
          "content-type": "application/json",
          "x-boxyard-client": "web",
          "x-boxyard-client-id": "tab-b",
          cookie: watcher.cookie,
        },
        body: JSON.stringify({ module: { code: "saved on B" }, base_version: file.version }),
      });
      expect(saved.status).toBe(200);
      const heard = await onA.next((m) => m.event === "sandbox-files", 5_000);
      expect(Date.now() - savedAt).toBeLessThan(1_000);
      expect(heard.payload).toEqual({
        sandboxId,
        actorId: watcher.id,
        clientId: "tab-b",
        modules: [{ shortid: file.shortid, version: file.version + 1 }],
        directories: false,
      } satisfies SandboxFilesChange);

      const from = onA.messages.length;
      onB.close();
      await onA.next(
        (m) => onA.messages.indexOf(m) >= from && m.event === "presence" && ids(m) === admin.id,
        5_000,
      );
    } finally {
      onA.close();
      onB.close();
    }
  });

  it("S1-9.014 / S1-8.026 / 1,000 notifications while replica B restarts: none lost, none duplicated (the reconnecting client catches up)", async () => {
    const before = await httpGql<{ me: { notifications: { id: string }[] } }>(a.url, watcher, AFTER, {});
    const existing = before.me.notifications.at(-1)?.id ?? null;
    const client = new CatchingUpClient(b.url, () => a.url, watcher);
    await client.start(existing);
    const made: string[] = [];
    let restarted: Promise<void> | null = null;
    for (let i = 0; i < 1000; i++) {
      await httpGql(a.url, admin, SHARE, {
        id: sandboxId,
        who: watcher.username,
        level: i % 2 === 0 ? "READ" : "COMMENT",
      });
      if (i === 300) restarted = b.restart();
    }
    await restarted;
    // Every notification of the run, from the database (through replica A).
    let cursor = existing;
    for (;;) {
      const page = (
        await httpGql<{ me: { notifications: { id: string }[] } }>(a.url, watcher, AFTER, { after: cursor })
      ).me.notifications;
      if (page.length === 0) break;
      made.push(...page.map((n) => n.id));
      cursor = page.at(-1)!.id;
    }
    expect(made).toHaveLength(1000);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && made.some((id) => !client.received.has(id))) {
      await new Promise((r) => setTimeout(r, 100));
    }
    client.stop();
    expect(made.filter((id) => !client.received.has(id))).toEqual([]);
    expect(client.received.size).toBe(1000);
    expect(client.liveDuplicates).toEqual([]);
    expect(client.reconnects).toBeGreaterThanOrEqual(1);
  }, 240_000);
});
