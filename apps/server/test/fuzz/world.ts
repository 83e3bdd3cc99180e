/**
 * The fuzzed world: one team workspace with an admin, a WRITE and a READ member, an outsider with
 * a workspace of their own, and objects of every kind (folders, sandboxes of each privacy, a
 * draft, a deleted and a frozen sandbox, a template, invitations, a notification, a like, a
 * subscription), seeded once per file. Accepted requests may change it; `repair` puts back what
 * the personas stand on (their sessions and roles), and a world whose workspace is gone is seeded
 * again.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../src/db/client.ts";
import { rowsOf } from "../../src/db/rows.ts";
import { users, workspaceMembers, workspaces } from "../../src/db/schema/index.ts";
import { SESSION_COOKIE } from "../../src/http/viewer.ts";
import { createSession, resolveSession } from "../../src/modules/auth/sessions.service.ts";
import { subscribe } from "../../src/modules/billing/testing.ts";
import { makeSandbox } from "../../src/modules/sandboxes/testing.ts";
import { CLIENT, type TestApp } from "../app.ts";
import { gql, personas, type TestUser } from "../factories.ts";
import { ChangeWatch } from "./change-log.ts";

export const PERSONAS = ["signedOut", "outsider", "reader", "writer", "admin"] as const;
export type PersonaName = (typeof PERSONAS)[number];

/** Who sends a request: their cookie (none signed out). */
export type Persona = {
  name: PersonaName;
  userId: string | null;
  cookie: string | null;
  token: string | null;
};

/** Values of real objects, to aim generated arguments at. */
export type Pool = {
  uuids: string[];
  sandboxIds: string[];
  workspaceIds: string[];
  userIds: string[];
  usernames: string[];
  emails: string[];
  paths: string[];
  inviteTokens: string[];
  templateIds: string[];
  notificationIds: string[];
  /** Files' and folders' shortids (the file API's `:shortid`, `directory_shortid`). */
  shortids: string[];
};

const ROLES = { admin: "ADMIN", writer: "WRITE", reader: "READ" } as const;

export class World {
  watch!: ChangeWatch;
  workspaceId = "";
  users = {} as Record<Exclude<PersonaName, "signedOut">, TestUser>;
  personas = {} as Record<PersonaName, Persona>;
  pool!: Pool;
  /** How many times the world was seeded (1 + the times an accepted request destroyed it). */
  seedings = 0;

  constructor(readonly app: TestApp) {}

  get db(): Db {
    return this.app.deps.db;
  }

  static async create(app: TestApp): Promise<World> {
    const world = new World(app);
    world.watch = await ChangeWatch.install(app.deps.db);
    await world.seed();
    return world;
  }

  /** Headers of a request as `persona`; the client marker unless told otherwise. */
  headers(persona: Persona, marker = true): Record<string, string> {
    return {
      ...(marker ? CLIENT : {}),
      ...(persona.cookie ? { cookie: persona.cookie } : {}),
    };
  }

  private async seed() {
    this.seedings++;
    const p = await personas(this.app);
    this.workspaceId = p.workspaceId;
    this.users = { admin: p.admin, writer: p.writer, reader: p.reader, outsider: p.outsider };
    const team = p.workspaceId;
    const publicId = await makeSandbox(this.app, team, p.admin.id, { privacy: 0, title: "Public" });
    await makeSandbox(this.app, team, p.writer.id, { privacy: 1, path: "/a", title: "Unlisted" });
    const privateId = await makeSandbox(this.app, team, p.admin.id, {
      privacy: 2,
      path: "/a/b",
      title: "Private",
    });
    await makeSandbox(this.app, team, p.writer.id, { path: null, title: "Draft" });
    await makeSandbox(this.app, team, p.admin.id, { removed: true, title: "Deleted" });
    await makeSandbox(this.app, team, p.admin.id, { isFrozen: true, title: "Frozen" });
    await makeSandbox(this.app, p.outsider.primaryTeamId, p.outsider.id, { privacy: 0, title: "Theirs" });
    await makeSandbox(this.app, p.outsider.primaryTeamId, p.outsider.id, {
      privacy: 2,
      title: "Their secret",
    });
    await this.must(
      gql(this.app, p.admin, "mutation($ids: [ID!]!) { makeSandboxesTemplates(sandboxIds: $ids) { id } }", {
        ids: [publicId],
      }),
    );
    await this.must(
      gql(
        this.app,
        p.admin,
        `mutation($team: UUID4!, $email: String!) {
          inviteToTeamViaEmail(teamId: $team, email: $email, authorization: WRITE) }`,
        { team, email: "invitee@fuzz.test" },
      ),
    );
    await this.must(
      gql(
        this.app,
        p.admin,
        `mutation($team: UUID4!, $username: String!) {
          inviteToTeam(teamId: $team, username: $username, authorization: READ) { id } }`,
        { team, username: p.outsider.username },
      ),
    );
    await this.must(
      gql(
        this.app,
        p.admin,
        `mutation($id: ID!, $who: String!) {
          shareSandbox(sandboxId: $id, usernameOrEmail: $who, authorization: READ) { id } }`,
        { id: privateId, who: p.reader.username },
      ),
    );
    const liked = await this.app.inject({
      method: "POST",
      url: `/api/v1/sandboxes/${publicId}/like`,
      headers: p.reader.headers,
    });
    if (liked.statusCode !== 200) throw new Error(`like failed: ${liked.body}`);
    await subscribe(this.app, team);
    this.pool = await this.readPool();
    await this.repair();
  }

  private async must(answer: Promise<{ errors?: { message: string }[] }>) {
    const result = await answer;
    if (result.errors) throw new Error(`seeding failed: ${result.errors[0]!.message}`);
  }

  private async readPool(): Promise<Pool> {
    const ids = async (table: string) =>
      (await rowsOf<{ id: string }>(this.db, sql.raw(`select id::text as id from "${table}" limit 40`))).map(
        (r) => r.id,
      );
    const withId = await rowsOf<{ name: string }>(
      this.db,
      sql`select table_name as name from information_schema.columns
          where table_schema = 'public' and column_name = 'id' and data_type = 'uuid'`,
    );
    const uuids = (await Promise.all(withId.map((t) => ids(t.name)))).flat();
    const people = await this.db
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users);
    const paths = await rowsOf<{ path: string }>(this.db, sql`select distinct path from collections`);
    const tokens = await rowsOf<{ token: string }>(
      this.db,
      sql`select invite_token as token from workspaces where invite_token is not null`,
    );
    return {
      uuids,
      sandboxIds: await ids("sandboxes"),
      workspaceIds: await ids("workspaces"),
      userIds: people.map((u) => u.id),
      usernames: people.flatMap((u) => (u.username ? [u.username] : [])),
      emails: [...people.map((u) => u.email), "invitee@fuzz.test"],
      paths: paths.map((r) => r.path),
      inviteTokens: tokens.map((r) => r.token),
      templateIds: await ids("templates"),
      notificationIds: await ids("notifications"),
      shortids: (
        await rowsOf<{ shortid: string }>(
          this.db,
          sql`select shortid from sandbox_modules union select shortid from sandbox_directories`,
        )
      ).map((r) => r.shortid),
    };
  }

  /**
   * Puts back what accepted requests may have taken from the personas: the workspace (seeded
   * again when deleted), each one's account, session and role, an unfrozen workspace and no
   * requested account deletion. Its own writes are taken from the change log.
   */
  async repair() {
    const [team] = await this.db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.id, this.workspaceId));
    const ids = Object.values(this.users).map((u) => u.id);
    const alive = await this.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    if (!team || alive.length !== ids.length) {
      await this.seed();
      return;
    }
    await this.db
      .update(workspaces)
      .set({ frozen: false })
      .where(and(eq(workspaces.id, this.workspaceId), ne(workspaces.frozen, false)));
    await this.db.update(users).set({ deletionRequestedAt: null }).where(inArray(users.id, ids));
    for (const [name, role] of Object.entries(ROLES) as [keyof typeof ROLES, "ADMIN" | "WRITE" | "READ"][]) {
      await this.db
        .insert(workspaceMembers)
        .values({ workspaceId: this.workspaceId, userId: this.users[name].id, authorization: role })
        .onConflictDoUpdate({
          target: [workspaceMembers.workspaceId, workspaceMembers.userId],
          set: { authorization: role },
        });
    }
    await this.db
      .delete(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, this.workspaceId),
          eq(workspaceMembers.userId, this.users.outsider.id),
        ),
      );
    this.personas.signedOut = { name: "signedOut", userId: null, cookie: null, token: null };
    for (const name of ["outsider", "reader", "writer", "admin"] as const) {
      const user = this.users[name];
      const token = this.personas[name]?.token;
      if (
        this.personas[name]?.userId !== user.id ||
        !token ||
        (await resolveSession(this.db, token)) !== user.id
      ) {
        const fresh = await createSession(this.db, user.id);
        this.personas[name] = { name, userId: user.id, cookie: `${SESSION_COOKIE}=${fresh}`, token: fresh };
      }
    }
    await this.watch.take();
  }
}
