import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../../test/app.ts";
import { cookieJar, signUp, unique } from "../../../test/factories.ts";
import { pendingUsers, users, workspaces } from "../../db/schema/index.ts";

// Who may call these: anyone may sign up, sign in or check a username; a pending user is read and
// finalized only from the browser that started it; sign-out revokes the caller's own session.

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

const rows = async () => ({
  users: (await app.deps.db.select({ n: count() }).from(users))[0]!.n,
  pending: (await app.deps.db.select({ n: count() }).from(pendingUsers))[0]!.n,
  workspaces: (await app.deps.db.select({ n: count() }).from(workspaces))[0]!.n,
});

async function startSignUp(email: string, jar = cookieJar()) {
  const response = jar.take(
    await app.inject({
      method: "POST",
      url: "/api/v1/auth/local/signup",
      headers: CLIENT,
      payload: { email, password: "a long enough password" },
    }),
  );
  return { response, jar };
}

describe("local accounts: sign-up, onboarding, sign-in, sign-out", () => {
  it("S1-4.018 / sign-up makes a pending user; finalize creates the user and the primary workspace", async () => {
    const email = `${unique("new")}@example.test`;
    const { response, jar } = await startSignUp(email);
    expect(response.statusCode).toBe(200);
    const { type, pendingUserId } = response.json();
    expect(type).toBe("signup");

    const pending = await app.inject({
      url: `/api/v1/users/pending/${pendingUserId}`,
      headers: { cookie: jar.header },
    });
    expect(pending.json()).toMatchObject({ id: pendingUserId, username: email.split("@")[0] });

    const username = unique("ada");
    const finalized = jar.take(
      await app.inject({
        method: "POST",
        url: "/api/v1/users/finalize",
        headers: { ...CLIENT, cookie: jar.header },
        // snake_case on the wire (S1-7.001)
        payload: {
          id: pendingUserId,
          username,
          name: "Ada",
          role: "lead-dev",
          usage: "work",
          company_name: "Acme",
          company_size: "10-50",
        },
      }),
    );
    expect(finalized.statusCode).toBe(200);
    const { primaryTeamId } = finalized.json();
    expect(primaryTeamId).toMatch(/^[0-9a-f-]{36}$/);
    expect(jar.get("boxyard_signed_in")).toBe("1");

    const me = await app.inject({ url: "/api/v1/users/current", headers: { cookie: jar.header } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username,
      email,
      name: "Ada",
      primaryWorkspaceId: primaryTeamId,
      personalWorkspaceId: primaryTeamId,
      provider: "password",
      deletionRequested: false,
    });
  });

  it("S1-3.002 / a pending user answers id, username, name, avatarUrl and valid: whether the suggested username is free", async () => {
    const free = unique("free");
    const { response, jar } = await startSignUp(`${free}@example.test`);
    const read = async (id: string, cookie: string) =>
      (await app.inject({ url: `/api/v1/users/pending/${id}`, headers: { cookie } })).json();
    const pendingUserId = response.json().pendingUserId;
    expect(await read(pendingUserId, jar.header)).toEqual({
      id: pendingUserId,
      username: free,
      name: null,
      avatarUrl: null,
      valid: true,
    });

    const taken = (await signUp(app)).username;
    const second = await startSignUp(`${taken}@elsewhere.test`);
    const secondId = second.response.json().pendingUserId;
    expect(await read(secondId, second.jar.header)).toMatchObject({ username: taken, valid: false });
  });

  it("S1-2.010 / the session cookie is HttpOnly and SameSite=Lax; the marker cookie is readable", async () => {
    const { response } = await startSignUp(`${unique("c")}@example.test`);
    const jar = cookieJar();
    jar.take(response);
    const user = await signUp(app);
    const signin = await app.inject({
      method: "POST",
      url: "/api/v1/auth/local/signin",
      headers: CLIENT,
      payload: { email: user.email, password: user.password },
    });
    expect(signin.json()).toEqual({ type: "signin" });
    const session = signin.cookies.find((c) => c.name === "boxyard_session")!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe("Lax");
    const marker = signin.cookies.find((c) => c.name === "boxyard_signed_in")!;
    expect(marker.httpOnly).toBeFalsy();
  });

  it("S1-8.009 / a wrong password answers 'Could not authenticate' and creates no session", async () => {
    const user = await signUp(app);
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/auth/local/signin",
      headers: CLIENT,
      payload: { email: user.email, password: "not the password" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: { detail: ["Could not authenticate"] } });
    expect(response.cookies.find((c) => c.name === "boxyard_session")).toBeUndefined();
  });

  it("S1-5.002 / a taken username is refused with the spec's text and changes nothing", async () => {
    const taken = await signUp(app);
    expect(
      (await app.inject({ url: `/api/v1/users/available/${taken.username.toUpperCase()}` })).json(),
    ).toEqual({
      available: false,
    });
    expect((await app.inject({ url: `/api/v1/users/available/${unique("free")}` })).json()).toEqual({
      available: true,
    });
    const { response, jar } = await startSignUp(`${unique("late")}@example.test`);
    const before = await rows();
    const finalized = await app.inject({
      method: "POST",
      url: "/api/v1/users/finalize",
      headers: { ...CLIENT, cookie: jar.header },
      payload: {
        id: response.json().pendingUserId,
        username: taken.username,
        name: "Late",
        role: "other",
        usage: "personal",
      },
    });
    expect(finalized.statusCode).toBe(409);
    expect(finalized.json()).toEqual({ errors: { username: ["Sorry, that username is already taken."] } });
    expect(await rows()).toEqual(before);
  });

  it("S1-5.003 / onboarding requires username, name, role and usage, and a company size for work", async () => {
    const { response, jar } = await startSignUp(`${unique("ob")}@example.test`);
    const id = response.json().pendingUserId;
    const before = await rows();
    const attempt = (payload: Record<string, unknown>) =>
      app.inject({
        method: "POST",
        url: "/api/v1/users/finalize",
        headers: { ...CLIENT, cookie: jar.header },
        payload: { id, username: unique("u"), name: "N", role: "student", usage: "personal", ...payload },
      });
    expect((await attempt({ role: undefined })).statusCode).toBe(422);
    expect((await attempt({ name: "  " })).statusCode).toBe(422);
    const work = await attempt({ usage: "work" });
    expect(work.statusCode).toBe(422);
    expect(work.json().errors.companySize).toBeDefined();
    expect(await rows()).toEqual(before);
  });

  it("S1-4.018 / a pending user can only be finalized from the browser that started it", async () => {
    const { response } = await startSignUp(`${unique("bind")}@example.test`);
    const stranger = await app.inject({
      method: "POST",
      url: "/api/v1/users/finalize",
      headers: CLIENT,
      payload: {
        id: response.json().pendingUserId,
        username: unique("x"),
        name: "X",
        role: "other",
        usage: "personal",
      },
    });
    expect(stranger.statusCode).toBe(404);
    expect(
      (await app.inject({ url: `/api/v1/users/pending/${response.json().pendingUserId}` })).statusCode,
    ).toBe(404);
  });

  it("signing up with a known e-mail answers as for a new address (no account-existence oracle, issue 13)", async () => {
    const user = await signUp(app);
    const { response } = await startSignUp(user.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(["pendingUserId", "type"]);
    expect(response.json().type).toBe("signup");
  });

  it("rejects an invalid e-mail and a short password with a clear error, creating nothing", async () => {
    const before = await rows();
    const bad = await app.inject({
      method: "POST",
      url: "/api/v1/auth/local/signup",
      headers: CLIENT,
      payload: { email: "not-an-email", password: "a long enough password" },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { email: ["Enter a valid e-mail address."] } });
    const short = await app.inject({
      method: "POST",
      url: "/api/v1/auth/local/signup",
      headers: CLIENT,
      payload: { email: "ok@example.test", password: "short" },
    });
    expect(short.statusCode).toBe(422);
    expect(await rows()).toEqual(before);
  });

  it("S1-4.019 / sign-out revokes the session server-side and clears the cookies", async () => {
    const user = await signUp(app);
    const out = await app.inject({ method: "DELETE", url: "/api/v1/users/signout", headers: user.headers });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === "boxyard_session")?.value).toBe("");
    const me = await app.inject({ url: "/api/v1/users/current", headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(401);
  });
});

describe("client marker (CSRF defence)", () => {
  it("S1-7.001 / a cookie-authenticated state change without x-boxyard-client is refused and changes nothing", async () => {
    const user = await signUp(app);
    const out = await app.inject({
      method: "DELETE",
      url: "/api/v1/users/signout",
      headers: { cookie: user.cookie },
    });
    expect(out.statusCode).toBe(403);
    expect(out.json()).toEqual({ errors: { detail: ["Missing x-boxyard-client header."] } });
    const me = await app.inject({ url: "/api/v1/users/current", headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(200);
  });

  it("S1-7.024 / GraphQL mutations by cookie need the marker too", async () => {
    const user = await signUp(app);
    const response = await app.inject({
      method: "POST",
      url: "/api/graphql",
      headers: { cookie: user.cookie },
      payload: { query: 'mutation { createTeam(name: "Sneaky") { id } }' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("bodies", () => {
  it("S1-8.006 / a body over 5 MB is answered 413 'File too large, upload limit is 5MB.'", async () => {
    const before = await rows();
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/auth/local/signup",
      headers: { ...CLIENT, "content-type": "application/json" },
      payload: JSON.stringify({ email: "big@example.test", password: "x".repeat(5 * 1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ errors: { detail: ["File too large, upload limit is 5MB."] } });
    expect(await rows()).toEqual(before);
  });

  it("sends security headers", async () => {
    const response = await app.inject({ url: "/api/meta/features" });
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});
