import { randomBytes } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { pendingUsers, workspaceMembers, workspaces } from "../src/db/schema/index.ts";
import { issueEmailToken } from "../src/modules/auth/email-tokens.ts";
import { linkBinding } from "../src/modules/auth/signup-link.ts";
import { newToken } from "../src/modules/auth/tokens.ts";
import { confirmEmail } from "../src/modules/auth/verification.service.ts";
import { runCommand } from "../src/service/context.ts";
import { CLIENT, type TestApp } from "./app.ts";

let counter = 0;
export const unique = (prefix: string) => `${prefix}${++counter}${randomBytes(3).toString("hex")}`;

/** Collects Set-Cookie answers into a Cookie header, as a browser would. */
export function cookieJar() {
  const jar = new Map<string, string>();
  return {
    take(response: LightMyRequestResponse) {
      for (const c of response.cookies as {
        name: string;
        value: string;
        maxAge?: number;
        expires?: Date;
      }[]) {
        const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === "";
        if (expired) jar.delete(c.name);
        else jar.set(c.name, c.value);
      }
      return response;
    },
    get header() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    },
    get(name: string) {
      return jar.get(name);
    },
  };
}

export type TestUser = {
  id: string;
  username: string;
  email: string;
  password: string;
  primaryTeamId: string;
  cookie: string;
  headers: Record<string, string>;
};

/**
 * Follows the sign-up link mailed to `email`, through the real route. The mailed token is known
 * only to the mailbox, so the pending sign-up is given a link token of the test's own first.
 */
export async function followSignUpLink(app: TestApp, jar: ReturnType<typeof cookieJar>, email: string) {
  const token = newToken();
  await app.deps.db
    .update(pendingUsers)
    .set({ browserTokenHash: linkBinding(token) })
    .where(and(eq(pendingUsers.email, email.toLowerCase()), like(pendingUsers.browserTokenHash, "link:%")));
  const continued = jar.take(
    await app.inject({
      method: "POST",
      url: "/api/v1/auth/local/signup/continue",
      headers: { ...CLIENT, cookie: jar.header },
      payload: { token },
    }),
  );
  if (continued.statusCode !== 200) throw new Error(`signup link failed: ${continued.body}`);
  return (continued.json() as { pendingUserId: string }).pendingUserId;
}

/** Signs a new person up with a local account and finishes onboarding, through the HTTP API. */
export async function signUp(
  app: TestApp,
  overrides: Partial<{ username: string; email: string; verified: boolean }> = {},
) {
  const username = overrides.username ?? unique("user");
  const email = overrides.email ?? `${username}@example.test`;
  const password = "correct horse battery";
  const jar = cookieJar();
  const started = jar.take(
    await app.inject({
      method: "POST",
      url: "/api/v1/auth/local/signup",
      headers: CLIENT,
      payload: { email, password },
    }),
  );
  if (started.statusCode !== 200) throw new Error(`signup failed: ${started.body}`);
  const answer = started.json() as { type: string; pendingUserId?: string };
  // With SMTP, sign-up waits for the link mailed to the address: the person follows it.
  const pendingUserId =
    answer.type === "verify-email" ? await followSignUpLink(app, jar, email) : answer.pendingUserId!;
  if (answer.type === "verify-email" && overrides.verified === false) {
    // An unproven local account, as one made before the installation sent e-mail.
    await app.deps.db
      .update(pendingUsers)
      .set({ emailVerified: false })
      .where(eq(pendingUsers.id, pendingUserId));
  }
  const finalized = jar.take(
    await app.inject({
      method: "POST",
      url: "/api/v1/users/finalize",
      headers: { ...CLIENT, cookie: jar.header },
      payload: {
        id: pendingUserId,
        username,
        name: `Test ${username}`,
        role: "fullstack",
        usage: "personal",
      },
    }),
  );
  if (finalized.statusCode !== 200) throw new Error(`finalize failed: ${finalized.body}`);
  const me = await app.inject({
    method: "GET",
    url: "/api/v1/users/current",
    headers: { cookie: jar.header },
  });
  const user = me.json() as { id: string };
  // `verified: false` leaves the address unproven. Without SMTP the account starts unproven: most tests' people then follow a verification link
  // (as if mailed to them); with SMTP they proved the address by following the sign-up link.
  if (overrides.verified !== false && answer.type !== "verify-email") {
    const token = await issueEmailToken(app.deps.db, { userId: user.id, purpose: "verify_email", email });
    await runCommand(app.deps, null, confirmEmail, { token });
  }
  return {
    id: user.id,
    username,
    email,
    password,
    primaryTeamId: (finalized.json() as { primaryTeamId: string }).primaryTeamId,
    cookie: jar.header,
    headers: { ...CLIENT, cookie: jar.header },
  } satisfies TestUser;
}

/** Runs a GraphQL operation as a user (or anonymously) and answers the parsed body. */
export async function gql<T = Record<string, unknown>>(
  app: TestApp,
  user: TestUser | null,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const response = await app.inject({
    method: "POST",
    url: "/api/graphql",
    headers: { ...CLIENT, ...(user ? { cookie: user.cookie } : {}) },
    payload: { query, variables },
  });
  return response.json() as {
    data: T | null;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
}

/** Adds a user to a workspace with a role, directly (invitations are their own feature). */
export async function addMember(
  app: TestApp,
  workspaceId: string,
  user: TestUser,
  authorization: "ADMIN" | "WRITE" | "READ",
  teamManager = false,
) {
  await app.deps.db
    .insert(workspaceMembers)
    .values({ workspaceId, userId: user.id, authorization, teamManager });
}

export async function setFrozen(app: TestApp, workspaceId: string, frozen: boolean) {
  await app.deps.db.update(workspaces).set({ frozen }).where(eq(workspaces.id, workspaceId));
}

export type Personas = {
  workspaceId: string;
  admin: TestUser;
  writer: TestUser;
  reader: TestUser;
  outsider: TestUser;
};

/**
 * A team workspace with one member of each role and a user outside it: the cast of every
 * authorization test (ARCHITECTURE.md: owner/admin, writer, reader, outsider).
 */
export async function personas(app: TestApp): Promise<Personas> {
  const [admin, writer, reader, outsider] = await Promise.all([
    signUp(app),
    signUp(app),
    signUp(app),
    signUp(app),
  ]);
  const team = await gql<{ createTeam: { id: string } }>(
    app,
    admin,
    "mutation($name: String!) { createTeam(name: $name) { id } }",
    { name: unique("Team ") },
  );
  const workspaceId = team.data!.createTeam.id;
  await addMember(app, workspaceId, writer, "WRITE");
  await addMember(app, workspaceId, reader, "READ");
  return { workspaceId, admin, writer, reader, outsider };
}
