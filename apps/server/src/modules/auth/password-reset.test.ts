import { SOCKET_CLOSE } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdmin } from "../../../scripts/admin.ts";
import { CLIENT, type TestApp, testApp } from "../../../test/app.ts";
import { cookieJar, signUp, type TestUser, unique } from "../../../test/factories.ts";
import { openSocket, socketToken, type TestSocket } from "../../../test/socket.ts";
import { firstLink, type ReceivedMail, startSmtpInbox } from "../../../test/standins/smtp-inbox.ts";
import { apiTokens, emailTokens, identities, users } from "../../db/schema/index.ts";
import { PASSWORD_MESSAGES } from "./password.service.ts";
import { hashToken, newToken } from "./tokens.ts";

// Anyone may ask for a reset link (the answer tells nothing) and use one (the token is the proof);
// changing the password needs the signed-in owner and their current password.

let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let app: TestApp;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  // The timing test signs in and up more often than the per-minute sign-in limit allows.
  app = await testApp({
    SMTP_URL: inbox.url,
    SMTP_FROM: "Boxyard <boxyard@example.test>",
    BOXYARD_SIGNIN_RATE_LIMIT: "1000",
  });
});
afterAll(() => inbox.close());

const isReset = (mail: ReceivedMail) => mail.subject === "Reset your Boxyard password";
const tokenOf = (mail: ReceivedMail) => new URL(firstLink(mail)).searchParams.get("token")!;

const post = (url: string, payload: unknown, headers: Record<string, string> = CLIENT) =>
  app.inject({ method: "POST", url, headers, payload: payload as Record<string, unknown> });
const forgot = (email: string) => post("/api/v1/auth/password/forgot", { email });
const reset = (token: string, password: string) => post("/api/v1/auth/password/reset", { token, password });
const signIn = (email: string, password: string) => post("/api/v1/auth/local/signin", { email, password });
const currentStatus = async (cookie: string) =>
  (await app.inject({ url: "/api/v1/users/current", headers: { cookie } })).statusCode;

/** A second browser of the same person, signed in with their password. */
async function secondSession(user: TestUser, password = user.password) {
  const jar = cookieJar();
  const answer = jar.take(await signIn(user.email, password));
  expect(answer.json()).toEqual({ type: "signin" });
  return jar.header;
}

async function apiTokenOf(user: TestUser) {
  const token = newToken();
  await app.deps.db.insert(apiTokens).values({ tokenHash: hashToken(token), userId: user.id });
  return token;
}

const stillOpen = (socket: TestSocket, ms: number) =>
  Promise.race([
    socket.closed.then(() => false),
    new Promise<boolean>((done) => setTimeout(() => done(true), ms)),
  ]);

describe("forgot password (issue 13, hole 2)", () => {
  it("a one-time link is mailed; resetting ends every session (cached ones too) and API token; the new password signs in", async () => {
    const user = await signUp(app);
    const other = await secondSession(user);
    const token = await apiTokenOf(user);
    // Both sessions are read (and kept in the session cache) before the reset.
    expect(await currentStatus(user.cookie)).toBe(200);
    expect(await currentStatus(other)).toBe(200);
    const socket = await openSocket(app, await socketToken(app, user));

    const asked = await forgot(user.email.toUpperCase());
    expect(asked.statusCode).toBe(202);
    const mail = await inbox.waitFor(user.email, isReset);
    expect(firstLink(mail)).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);

    const done = await reset(tokenOf(mail), "a brand new password");
    expect(done.statusCode).toBe(204);
    expect(await currentStatus(user.cookie)).toBe(401);
    expect(await currentStatus(other)).toBe(401);
    const [row] = await app.deps.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hashToken(token)));
    expect(row!.revokedAt).not.toBeNull();
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, "a brand new password")).json()).toEqual({ type: "signin" });
    expect((await socket.closed).code).toBe(SOCKET_CLOSE.unauthorized);

    // Used once only.
    const again = await reset(tokenOf(mail), "yet another password");
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { token: [PASSWORD_MESSAGES.resetLinkInvalid] } });
  });

  it("forged, expired and superseded links are refused and change nothing; a short password is refused", async () => {
    const user = await signUp(app);
    await forgot(user.email);
    const first = await inbox.waitFor(user.email, isReset);
    const token = tokenOf(first);
    expect((await reset(`${token.slice(0, -3)}abc`, "a brand new password")).statusCode).toBe(422);
    expect((await reset("", "a brand new password")).statusCode).toBe(422);
    const short = await reset(token, "short");
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ errors: { password: [PASSWORD_MESSAGES.tooShort] } });

    await app.deps.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    expect((await reset(token, "a brand new password")).statusCode).toBe(422);
    expect(await currentStatus(user.cookie)).toBe(200);
    expect((await signIn(user.email, user.password)).json()).toEqual({ type: "signin" });
  });

  it("no account-existence oracle: forgot, sign-in and sign-up answer alike for known and unknown addresses", async () => {
    const user = await signUp(app);
    const unknown = `${unique("nobody")}@example.test`;
    const [known, missing] = [await forgot(user.email), await forgot(unknown)];
    expect([known.statusCode, known.body]).toEqual([missing.statusCode, missing.body]);

    // A provider-only account (no password) answers sign-in exactly as a wrong password does.
    const providerOnly = await signUp(app);
    await app.deps.db.update(users).set({ passwordHash: null }).where(eq(users.id, providerOnly.id));
    await app.deps.db.insert(identities).values({
      userId: providerOnly.id,
      provider: "github",
      providerUserId: unique("gh"),
      email: providerOnly.email,
    });
    const answers = await Promise.all([
      signIn(user.email, "not the password"),
      signIn(unknown, "not the password"),
      signIn(providerOnly.email, "not the password"),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual(answers[0]!.json());
    }

    // Sign-up of a known address answers as for a new one; the owner is told by e-mail.
    const [taken, fresh] = [
      await post("/api/v1/auth/local/signup", { email: user.email, password: "guessing passwords" }),
      await post("/api/v1/auth/local/signup", { email: unknown, password: "guessing passwords" }),
    ];
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual({ type: "verify-email", email: user.email });
    expect(fresh.json()).toEqual({ type: "verify-email", email: unknown });
    const told = await inbox.waitFor(user.email, (m) => m.subject.startsWith("Someone tried to create"));
    expect(told.text).toContain("already has one");

    // The provider-only account's owner hears it has no password; nobody gets a reset link for it.
    await forgot(providerOnly.email);
    const noPassword = await inbox.waitFor(
      providerOnly.email,
      (m) => m.subject === "About your Boxyard password",
    );
    expect(noPassword.text).toContain("it signs in with GitHub");
    expect(inbox.mails.filter((m) => m.to.includes(providerOnly.email) && isReset(m))).toEqual([]);
    expect(inbox.mails.filter((m) => m.to.includes(unknown) && isReset(m))).toEqual([]);
  });

  it("sign-in and sign-up take about as long for a known address as for an unknown one (the same password work)", async () => {
    const user = await signUp(app);
    const unknown = () => `${unique("nobody")}@example.test`;
    const timed = async (run: () => Promise<unknown>) => {
      const start = performance.now();
      await run();
      return performance.now() - start;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const times = {
      knownIn: [] as number[],
      unknownIn: [] as number[],
      knownUp: [] as number[],
      unknownUp: [] as number[],
    };
    // Interleaved, so that a busy moment of the machine weighs on both.
    for (let i = 0; i < 5; i++) {
      times.knownIn.push(await timed(() => signIn(user.email, "not the password")));
      times.unknownIn.push(await timed(() => signIn(unknown(), "not the password")));
      times.knownUp.push(
        await timed(() =>
          post("/api/v1/auth/local/signup", { email: user.email, password: "guessing passwords" }),
        ),
      );
      times.unknownUp.push(
        await timed(() =>
          post("/api/v1/auth/local/signup", { email: unknown(), password: "guessing passwords" }),
        ),
      );
    }
    const inRatio = median(times.knownIn) / median(times.unknownIn);
    const upRatio = median(times.knownUp) / median(times.unknownUp);
    expect(inRatio).toBeGreaterThan(0.5);
    expect(inRatio).toBeLessThan(2);
    expect(upRatio).toBeGreaterThan(0.5);
    expect(upRatio).toBeLessThan(2);
  });

  it("asking again within a minute mails nothing more, with the same answer", async () => {
    const user = await signUp(app);
    await forgot(user.email);
    await inbox.waitFor(user.email, isReset);
    const again = await forgot(user.email);
    expect(again.statusCode).toBe(202);
    // A later mail to someone else arrives; none more came to this user meanwhile.
    const other = await signUp(app);
    await forgot(other.email);
    await inbox.waitFor(other.email, isReset);
    expect(inbox.mails.filter((m) => m.to.includes(user.email) && isReset(m))).toHaveLength(1);
  });
});

describe("change password (Preferences › Account)", () => {
  const change = (user: TestUser, currentPassword: string, newPassword: string) =>
    post("/api/v1/auth/password/change", { currentPassword, newPassword }, user.headers);

  it("needs the current password; the other sessions end, this one stays", async () => {
    const user = await signUp(app);
    const other = await secondSession(user);
    const wrong = await change(user, "not my password", "a brand new password");
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { currentPassword: [PASSWORD_MESSAGES.wrongCurrent] } });
    expect(await currentStatus(other)).toBe(200);

    expect((await change(user, user.password, "a brand new password")).statusCode).toBe(204);
    expect(await currentStatus(user.cookie)).toBe(200);
    expect(await currentStatus(other)).toBe(401);
    expect((await signIn(user.email, "a brand new password")).json()).toEqual({ type: "signin" });
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
  });

  it("the other sessions' sockets close; this session's socket and the API tokens stay", async () => {
    const user = await signUp(app);
    const other = await secondSession(user);
    const token = await apiTokenOf(user);
    const mine = await openSocket(app, await socketToken(app, user));
    const theirs = await openSocket(app, await socketToken(app, { ...user, cookie: other }));
    expect((await change(user, user.password, "a brand new password")).statusCode).toBe(204);
    expect((await theirs.closed).code).toBe(SOCKET_CLOSE.unauthorized);
    expect(await stillOpen(mine, 300)).toBe(true);
    const [row] = await app.deps.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hashToken(token)));
    expect(row!.revokedAt).toBeNull();
    mine.close();
  });

  it("is refused signed out, and for an account without a password", async () => {
    expect(
      (
        await post("/api/v1/auth/password/change", {
          currentPassword: "x",
          newPassword: "a brand new password",
        })
      ).statusCode,
    ).toBe(401);
    const user = await signUp(app);
    await app.deps.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const refused = await change(user, "anything at all", "a brand new password");
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { currentPassword: [PASSWORD_MESSAGES.noPassword] } });
  });
});

describe("npm run admin -- reset-password <email>", () => {
  const admin = (...argv: string[]) =>
    runAdmin(argv, { db: app.deps.db, config: app.deps.config, sessions: app.deps.sessions });

  it("prints a one-time reset link that works, or sets a generated password and ends the sessions", async () => {
    const user = await signUp(app);
    const linked = await admin("reset-password", user.email);
    expect(linked.code).toBe(0);
    const link = /http:\/\/localhost:3000\/reset-password\?token=\S+/.exec(linked.output)?.[0];
    expect(link).toBeTruthy();
    expect((await reset(new URL(link!).searchParams.get("token")!, "chosen by the owner")).statusCode).toBe(
      204,
    );
    expect((await signIn(user.email, "chosen by the owner")).json()).toEqual({ type: "signin" });

    const second = await signUp(app);
    const generated = await admin("reset-password", second.email.toUpperCase(), "--generate");
    expect(generated.code).toBe(0);
    const password = /New password of \S+: (\S+)/.exec(generated.output)?.[1];
    expect(password).toBeTruthy();
    expect(await currentStatus(second.cookie)).toBe(401);
    expect((await signIn(second.email, password!)).json()).toEqual({ type: "signin" });
  });

  it("says so for an unknown address and prints the usage for a bad command", async () => {
    expect(await admin("reset-password", "nobody@example.test")).toEqual({
      code: 2,
      output: "No account has the address nobody@example.test.",
    });
    expect((await admin("reset-pass", "x@example.test")).code).toBe(1);
    expect((await admin("reset-password")).output).toContain("Usage:");
    expect((await admin("reset-password", "a@b.c", "--bogus")).code).toBe(1);
  });
});
