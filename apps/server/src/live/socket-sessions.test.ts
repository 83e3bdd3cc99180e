import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { notificationTopic, SOCKET_CLOSE } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT, closeAfterAll, type TestApp, testApp } from "../../test/app.ts";
import { signUp, type TestUser } from "../../test/factories.ts";
import { openSocket, type TestSocket } from "../../test/socket.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { sessions } from "../db/schema/index.ts";
import { DiskStorage } from "../integrations/storage/disk.adapter.ts";
import { createSession } from "../modules/auth/sessions.service.ts";
import { readSocketJwt, signSocketJwt } from "../modules/auth/socket-jwt.ts";

const redisUrl = process.env.TEST_REDIS_URL;

async function socketTokenWith(app: TestApp, headers: Record<string, string>) {
  const response = await app.inject({ url: "/api/v1/auth/jwt", headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { jwt: string }).jwt;
}

/** A socket opened with `headers`' credential, joined to its user's notifications. */
async function joinedSocket(app: TestApp, user: TestUser, headers: Record<string, string>) {
  const socket = await openSocket(app, await socketTokenWith(app, headers));
  expect(await socket.join(notificationTopic(user.id))).toMatchObject({ status: "ok" });
  return socket;
}

const signOut = (app: TestApp, cookie: string) =>
  app.inject({ method: "DELETE", url: "/api/v1/users/signout", headers: { ...CLIENT, cookie } });

/** Resolves with the close code, or "open" if the socket is still open after `ms`. */
const closedWithin = (socket: TestSocket, ms: number) =>
  Promise.race([
    socket.closed.then((c) => c.code),
    new Promise<"open">((resolve) => setTimeout(() => resolve("open"), ms)),
  ]);

/** Another session of the user, as when they sign in on a second device. */
async function secondSession(app: TestApp, user: TestUser) {
  const token = await createSession(app.deps.db, user.id);
  return `boxyard_session=${token}`;
}

async function apiToken(app: TestApp, user: TestUser) {
  const code = (await app.inject({ url: "/api/v1/auth/auth-token", headers: { cookie: user.cookie } })).json()
    .token as string;
  return (await app.inject({ url: `/api/v1/auth/verify/${code}` })).json().token as string;
}

describe("live sockets end with the session that opened them (one replica)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ BOXYARD_SIGNIN_RATE_LIMIT: "1000" });
  });

  it("S1-4.019 / S1-7.002 / signing out closes that session's sockets with 4401, and its socket tokens are refused; another session's socket stays", async () => {
    const user = await signUp(app);
    const laptop = await secondSession(app, user);
    const staleToken = await socketTokenWith(app, { cookie: user.cookie });
    const phone = await joinedSocket(app, user, { cookie: user.cookie });
    const other = await joinedSocket(app, user, { cookie: laptop });

    expect((await signOut(app, user.cookie)).statusCode).toBe(204);
    expect(await closedWithin(phone, 2_000)).toBe(SOCKET_CLOSE.unauthorized);
    // A token the signed-out session got earlier opens nothing.
    const reopened = await openSocket(app, staleToken);
    expect(await closedWithin(reopened, 2_000)).toBe(SOCKET_CLOSE.unauthorized);
    expect((await app.inject({ url: "/api/v1/auth/jwt", headers: { cookie: user.cookie } })).statusCode).toBe(
      401,
    );
    // The other session goes on.
    expect(await closedWithin(other, 300)).toBe("open");
    expect(await other.join(notificationTopic(user.id))).toMatchObject({ status: "ok" });
    other.close();
  });

  it("S1-7.002 / a socket token names the session that asked for it; an expired session's token is refused", async () => {
    const user = await signUp(app);
    const jwt = await socketTokenWith(app, { cookie: user.cookie });
    const claims = await readSocketJwt(app.deps.secret, jwt);
    const [session] = await app.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(claims).toEqual({ userId: user.id, binding: { via: "session", id: session!.id } });
    await app.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session!.id));
    expect(await closedWithin(await openSocket(app, jwt), 2_000)).toBe(SOCKET_CLOSE.unauthorized);
  });

  it("S1-7.002 / a token bound to another user's session, or to none, opens nothing", async () => {
    const [ada, bob] = [await signUp(app), await signUp(app)];
    const bobs = (await readSocketJwt(app.deps.secret, await socketTokenWith(app, { cookie: bob.cookie })))!;
    // Signed with the server's key, but naming Ada with Bob's session: refused.
    const forged = await signSocketJwt(app.deps.secret, ada.id, bobs.binding);
    expect(await closedWithin(await openSocket(app, forged), 2_000)).toBe(SOCKET_CLOSE.unauthorized);
    // A token of the old form, naming only the user, is bound to nothing: refused.
    const unbound = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(ada.id)
      .setAudience("boxyard:socket")
      .setExpirationTime("10m")
      .sign(app.deps.secret);
    expect(await closedWithin(await openSocket(app, unbound), 2_000)).toBe(SOCKET_CLOSE.unauthorized);
  });

  it("S1-7.002 / a socket opened with a bearer API token closes when the token is revoked, and its socket tokens stop working", async () => {
    const user = await signUp(app);
    const token = await apiToken(app, user);
    const bearer = { authorization: `Bearer ${token}` };
    const stale = await socketTokenWith(app, bearer);
    expect((await readSocketJwt(app.deps.secret, stale))?.binding.via).toBe("token");
    const socket = await joinedSocket(app, user, bearer);
    const browser = await joinedSocket(app, user, { cookie: user.cookie });
    const revoked = await app.inject({
      method: "DELETE",
      url: `/api/v1/auth/revoke/${token}`,
      headers: bearer,
    });
    expect(revoked.statusCode).toBe(204);
    expect(await closedWithin(socket, 2_000)).toBe(SOCKET_CLOSE.unauthorized);
    expect(await closedWithin(await openSocket(app, stale), 2_000)).toBe(SOCKET_CLOSE.unauthorized);
    expect(await closedWithin(browser, 300)).toBe("open");
    browser.close();
  });

  it("S1-4.019 / when every session of a user ends (password reset, account deleted) all their sockets close", async () => {
    const user = await signUp(app);
    const sockets = [
      await joinedSocket(app, user, { cookie: user.cookie }),
      await joinedSocket(app, user, { cookie: await secondSession(app, user) }),
    ];
    const bystander = await signUp(app);
    const theirs = await joinedSocket(app, bystander, { cookie: bystander.cookie });
    await app.deps.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    await app.deps.sessions.revoke({ userId: user.id });
    for (const socket of sockets) expect(await closedWithin(socket, 2_000)).toBe(SOCKET_CLOSE.unauthorized);
    expect(await closedWithin(theirs, 300)).toBe("open");
    theirs.close();
  });
});

describe.runIf(redisUrl)(
  "live sockets end with their session on every replica (two replicas, one Redis)",
  () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const env = {
        REDIS_URL: redisUrl!,
        BOXYARD_REDIS_PREFIX: `boxyard-test-${randomBytes(4).toString("hex")}:`,
        BOXYARD_SIGNIN_RATE_LIMIT: "1000",
      };
      a = await testApp(env);
      // Replica B: its own process state (session cache, live bus, sockets), the same database.
      const uploads = mkdtempSync(join(tmpdir(), "boxyard-test-uploads-"));
      const config = loadConfig({ LOG_LEVEL: "silent", BOXYARD_PUBLIC_URL: "http://localhost:3000", ...env });
      b = (await buildApp({
        config,
        database: a.deps.database,
        logger: false,
        storage: new DiskStorage(uploads),
      })) as TestApp;
      closeAfterAll(async () => {
        await b.close();
        rmSync(uploads, { recursive: true, force: true });
      });
      const deadline = Date.now() + 15_000;
      while (!(a.deps.live.available && b.deps.live.available) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
    });

    it("S1-4.019 / S1-7.020 / signing out through replica A closes the session's socket on replica B, and B refuses its tokens", async () => {
      const user = await signUp(a);
      const staleToken = await socketTokenWith(b, { cookie: user.cookie });
      const onB = await joinedSocket(b, user, { cookie: user.cookie });
      const onA = await joinedSocket(a, user, { cookie: user.cookie });
      const elsewhere = await joinedSocket(b, user, { cookie: await secondSession(a, user) });

      expect((await signOut(a, user.cookie)).statusCode).toBe(204);
      expect(await closedWithin(onB, 2_000)).toBe(SOCKET_CLOSE.unauthorized);
      expect(await closedWithin(onA, 2_000)).toBe(SOCKET_CLOSE.unauthorized);
      expect(await closedWithin(await openSocket(b, staleToken), 2_000)).toBe(SOCKET_CLOSE.unauthorized);
      expect(await closedWithin(elsewhere, 300)).toBe("open");
      elsewhere.close();
    });
  },
);
