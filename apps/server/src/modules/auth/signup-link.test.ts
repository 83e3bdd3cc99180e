import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../../test/app.ts";
import { cookieJar, signUp, unique } from "../../../test/factories.ts";
import { firstLink, type ReceivedMail, startSmtpInbox } from "../../../test/standins/smtp-inbox.ts";
import { pendingUsers, users } from "../../db/schema/index.ts";
import { PENDING_COOKIE } from "./auth.routes.ts";
import { SIGNUP_LINK_MESSAGES } from "./signup-link.ts";

// With SMTP, local sign-up proves the address first: anyone may ask (the answer is the same for
// every address), and only the holder of the mailed link continues the sign-up.

let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let app: TestApp;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  app = await testApp({
    SMTP_URL: inbox.url,
    SMTP_FROM: "Boxyard <boxyard@example.test>",
    BOXYARD_SIGNIN_RATE_LIMIT: "1000",
  });
});
afterAll(() => inbox.close());

const PASSWORD = "a long enough password";
const isLink = (mail: ReceivedMail) => mail.subject === "Finish creating your Boxyard account";
const isTold = (mail: ReceivedMail) => mail.subject.startsWith("Someone tried to create");
const tokenOf = (mail: ReceivedMail) => new URL(firstLink(mail)).searchParams.get("token")!;
const fresh = () => `${unique("new")}@example.test`;

const startSignUp = (email: string, password = PASSWORD) =>
  app.inject({
    method: "POST",
    url: "/api/v1/auth/local/signup",
    headers: CLIENT,
    payload: { email, password },
  });
const follow = (token: string, jar = cookieJar()) =>
  app
    .inject({
      method: "POST",
      url: "/api/v1/auth/local/signup/continue",
      headers: { ...CLIENT, cookie: jar.header },
      payload: { token },
    })
    .then((response) => jar.take(response));
const finalize = (pendingUserId: string, jar: ReturnType<typeof cookieJar>) =>
  app
    .inject({
      method: "POST",
      url: "/api/v1/users/finalize",
      headers: { ...CLIENT, cookie: jar.header },
      payload: {
        id: pendingUserId,
        username: unique("u"),
        name: "New",
        role: "fullstack",
        usage: "personal",
      },
    })
    .then((response) => jar.take(response));

describe("local sign-up verifies the address first when e-mail is configured", () => {
  it("a taken and a new address answer alike (status, body, no cookie) and differ only in the mail", async () => {
    const owner = await signUp(app);
    await inbox.waitFor(owner.email, isLink); // the owner's own sign-up link, mailed before
    const email = fresh();
    const before = inbox.mails.length;
    const [taken, unknown] = [await startSignUp(owner.email), await startSignUp(email)];
    expect(taken.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(taken.json()).toEqual({ type: "verify-email", email: owner.email });
    expect(unknown.json()).toEqual({ type: "verify-email", email });
    expect(taken.headers["set-cookie"]).toBeUndefined();
    expect(unknown.headers["set-cookie"]).toBeUndefined();

    const told = await inbox.waitFor(owner.email, isTold);
    expect(told.text).toContain("sign in instead");
    expect(told.text).toContain("reset it from the sign-in page");
    const link = await inbox.waitFor(email, isLink);
    expect(firstLink(link)).toMatch(/^http:\/\/localhost:3000\/signup\/continue\?token=/);
    const since = inbox.mails.slice(before);
    expect(since.filter((m) => m.to.includes(owner.email) && isLink(m))).toEqual([]);
    expect(since.filter((m) => m.to.includes(email) && isTold(m))).toEqual([]);

    // The password waits hashed, never in clear.
    const [pending] = await app.deps.db.select().from(pendingUsers).where(eq(pendingUsers.email, email));
    expect(pending!.passwordHash).toBeTruthy();
    expect(pending!.passwordHash).not.toContain(PASSWORD);
  });

  it("following the link binds the sign-up to the browser; onboarding creates a verified account with the chosen password", async () => {
    const email = fresh();
    await startSignUp(email);
    const jar = cookieJar();
    const continued = await follow(tokenOf(await inbox.waitFor(email, isLink)), jar);
    expect(continued.statusCode).toBe(200);
    const { type, pendingUserId } = continued.json();
    expect(type).toBe("signup");
    expect(jar.get(PENDING_COOKIE)).toBeTruthy();

    const finalized = await finalize(pendingUserId, jar);
    expect(finalized.statusCode).toBe(200);
    const me = await app.inject({ url: "/api/v1/users/current", headers: { cookie: jar.header } });
    expect(me.json()).toMatchObject({ email, emailVerified: true });

    const signedIn = await app.inject({
      method: "POST",
      url: "/api/v1/auth/local/signin",
      headers: CLIENT,
      payload: { email, password: PASSWORD },
    });
    expect(signedIn.json()).toEqual({ type: "signin" });
  });

  it("a used, forged, expired or superseded link is refused and binds nothing", async () => {
    const refused = async (token: string) => {
      const jar = cookieJar();
      const response = await follow(token, jar);
      expect(response.statusCode).toBe(422);
      expect(response.body).toContain(SIGNUP_LINK_MESSAGES.invalidLink);
      expect(jar.get(PENDING_COOKIE)).toBeUndefined();
    };

    const used = fresh();
    await startSignUp(used);
    const usedToken = tokenOf(await inbox.waitFor(used, isLink));
    expect((await follow(usedToken)).statusCode).toBe(200);
    await refused(usedToken);

    await refused("forged-token");

    const expired = fresh();
    await startSignUp(expired);
    const expiredToken = tokenOf(await inbox.waitFor(expired, isLink));
    await app.deps.db
      .update(pendingUsers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingUsers.email, expired));
    await refused(expiredToken);

    // Asking again (the screen's resend) mails a new link; only the latest one counts.
    const twice = fresh();
    await startSignUp(twice);
    const first = tokenOf(await inbox.waitFor(twice, isLink));
    await startSignUp(twice);
    const second = await inbox.waitFor(twice, (m) => isLink(m) && tokenOf(m) !== first);
    await refused(first);
    expect((await follow(tokenOf(second))).statusCode).toBe(200);
  });

  it("a link for an address that got an account meanwhile cannot make a second one", async () => {
    const email = fresh();
    await startSignUp(email);
    const jar = cookieJar();
    const continued = await follow(tokenOf(await inbox.waitFor(email, isLink)), jar);
    await signUp(app, { email });
    const finalized = await finalize(continued.json().pendingUserId, jar);
    expect(finalized.statusCode).toBe(409);
    const accounts = await app.deps.db.select().from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
  });
});

describe("local sign-up without e-mail configured", () => {
  it("goes on at once: the pending user is bound to the browser and the account is unverified; there is no link to follow", async () => {
    const plain = await testApp();
    const email = fresh();
    const jar = cookieJar();
    const started = jar.take(
      await plain.inject({
        method: "POST",
        url: "/api/v1/auth/local/signup",
        headers: CLIENT,
        payload: { email, password: PASSWORD },
      }),
    );
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ type: "signup", pendingUserId: expect.any(String) });
    expect(jar.get(PENDING_COOKIE)).toBeTruthy();
    const finalized = jar.take(
      await plain.inject({
        method: "POST",
        url: "/api/v1/users/finalize",
        headers: { ...CLIENT, cookie: jar.header },
        payload: {
          id: started.json().pendingUserId,
          username: unique("u"),
          name: "New",
          role: "fullstack",
          usage: "personal",
        },
      }),
    );
    expect(finalized.statusCode).toBe(200);
    const me = await plain.inject({ url: "/api/v1/users/current", headers: { cookie: jar.header } });
    expect(me.json()).toMatchObject({ email, emailVerified: false });

    const link = await plain.inject({
      method: "POST",
      url: "/api/v1/auth/local/signup/continue",
      headers: CLIENT,
      payload: { token: "anything" },
    });
    expect(link.statusCode).toBe(404);
  });
});
