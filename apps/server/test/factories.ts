import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { emailTokens, workspaceMembers, workspaces } from "../src/db/schema/index.ts";
import { issueEmailToken } from "../src/modules/auth/email-tokens.ts";
import { confirmEmail } from "../src/modules/auth/verification.service.ts";
import { CLIENT, type TestApp } from "./app.ts";

let counter = 0;
export const unique = (prefix: string) => `${prefix}${++counter}${randomBytes(3).toString("hex")}`;

/** Waits (2 s at most) for the verification link sign-up mails in the background. */
async function mailedLinkOf(app: TestApp, userId: string) {
  for (let tries = 0; tries < 100; tries++) {
    const [row] = await app.deps.db
      .select({ id: emailTokens.userId })
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, "verify_email")))
      .limit(1);
    if (row) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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
  const { pendingUserId } = started.json() as { pendingUserId: string };
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
  // Most tests' people have proven their address (they follow a verification link, as if mailed
  // to them); `verified: false` leaves it unproven, as right after sign-up.
  if (overrides.verified !== false) {
    // With SMTP set, sign-up mails its own link after answering; a newer link replaces it, so ours
    // is made once that one exists.
    if (app.deps.mailer) await mailedLinkOf(app, user.id);
    const token = await issueEmailToken(app.deps.db, { userId: user.id, purpose: "verify_email", email });
    await confirmEmail(app.deps, token);
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
