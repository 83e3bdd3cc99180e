import { randomBytes } from "node:crypto";
import { notificationTopic, SOCKET_CLOSE } from "@boxyard/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, httpSignUp, httpSocketToken, Replica, scratchDatabase } from "./replicas.ts";
import { connectSocket, type TestSocket } from "./socket.ts";

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
// Once per run: in the PostgreSQL project, which exists when TEST_DATABASE_URL is set.
const enabled = Boolean(databaseUrl && redisUrl && process.env.BOXYARD_TEST_DB === "postgres");
const title = enabled
  ? "sign-out closes the session's sockets on every replica (two server processes)"
  : "sign-out closes the session's sockets on every replica (skipped: needs TEST_DATABASE_URL and TEST_REDIS_URL; runs in the postgres project)";

const closedWithin = (socket: TestSocket, ms: number) =>
  Promise.race([
    socket.closed.then((c) => c.code),
    new Promise<"open">((resolve) => setTimeout(() => resolve("open"), ms)),
  ]);

describe.runIf(enabled)(title, () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let a: Replica;
  let b: Replica;

  beforeAll(async () => {
    database = await scratchDatabase(databaseUrl!, "boxyard_signout");
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      BOXYARD_REDIS_PREFIX: `boxyard-test-${randomBytes(4).toString("hex")}:`,
      BOXYARD_SECRET: randomBytes(24).toString("hex"),
      BOXYARD_SIGNIN_RATE_LIMIT: "1000",
    };
    a = new Replica(await freePort(), env);
    b = new Replica(await freePort(), env);
    await Promise.all([a.start(), b.start()]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it("S1-4.019 / S1-7.002 / a session signed out through replica A: its socket on replica B closes with 4401 and B refuses its socket tokens", async () => {
    const user = await httpSignUp(a.url, `leaving${randomBytes(3).toString("hex")}`);
    const token = await httpSocketToken(b.url, user);
    const socket = await connectSocket(b.url, token);
    expect(await socket.join(notificationTopic(user.id))).toMatchObject({ status: "ok" });

    const out = await fetch(`${a.url}/api/v1/users/signout`, {
      method: "DELETE",
      headers: { "x-boxyard-client": "web", cookie: user.cookie },
    });
    expect(out.status).toBe(204);
    expect(await closedWithin(socket, 2_000)).toBe(SOCKET_CLOSE.unauthorized);
    const again = await connectSocket(b.url, token);
    expect(await closedWithin(again, 2_000)).toBe(SOCKET_CLOSE.unauthorized);
  });
});
