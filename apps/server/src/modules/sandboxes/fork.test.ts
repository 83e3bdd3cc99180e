import { DASHBOARD_MESSAGES, FREE_LIMITS, SANDBOX_MESSAGES } from "@boxyard/domain";
import { and, count, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, type Personas, personas, setFrozen, signUp, type TestUser } from "../../../test/factories.ts";
import { sandboxes, sandboxModules, workspaces } from "../../db/schema/index.ts";
import { folder, sandbox } from "../search/testing.ts";
import { call, sandboxRow } from "./testing.ts";

let app: TestApp;
let p: Personas;
beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
});

const FILES = [
  { path: "package.json", code: '{"name":"source"}' },
  { path: "src/index.js", code: "console.log(1)" },
  { path: "src/lib/util.js", code: "export const x = 1;" },
  { path: "logo.png", code: "data:image/png;base64,AAAA", isBinary: true },
];

const make = (values: Partial<Parameters<typeof sandbox>[1]> = {}) =>
  sandbox(app.deps.db, { workspaceId: p.workspaceId, authorId: p.writer.id, files: FILES, ...values });

const fork = (user: TestUser | null, id: string, body: Record<string, unknown> = {}) =>
  call(app, user, "POST", `/api/v1/sandboxes/${id}/fork`, body);

async function sandboxCount(workspaceId: string) {
  const [row] = await app.deps.db
    .select({ n: count() })
    .from(sandboxes)
    .where(eq(sandboxes.workspaceId, workspaceId));
  return row!.n;
}

async function filesOf(id: string) {
  const rows = await app.deps.db.select().from(sandboxModules).where(eq(sandboxModules.sandboxId, id));
  return rows.map((m) => `${m.title}:${m.code}:${m.isBinary}`).sort();
}

describe("POST /api/v1/sandboxes/:id/fork", () => {
  it("S1-7.011 S2-7.012 S2-1.002 / forks into the primary workspace as a private draft by default: files and directories copied, forkedFrom and source template kept, a fork counted on the source", async () => {
    const user = await signUp(app);
    const source = await make({
      privacy: 0,
      title: "Weather",
      sourceTemplate: "react",
      description: "Sunny",
    });
    const response = await fork(user, source.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      title: "Weather",
      description: "Sunny",
      teamId: user.primaryTeamId,
      draft: true,
      privacy: 2,
      v2: false,
      forkedFromId: source.id,
      source: { template: "react" },
      authorization: "OWNER",
      author: { id: user.id },
      forkedFrom: { id: source.id },
    });
    expect(body.id).not.toBe(source.id);
    expect(body.alias).toMatch(new RegExp(`^weather-${body.id}$`));
    expect(body.modules).toHaveLength(4);
    expect(body.directories.map((d: { title: string }) => d.title).sort()).toEqual(["lib", "src"]);
    expect(await filesOf(body.id)).toEqual(await filesOf(source.id));
    expect((await sandboxRow(app, source.id))!.forkCount).toBe(1);
    // The fork is the user's draft.
    const drafts = await gql<{ me: { team: { drafts: { id: string }[] } } }>(
      app,
      user,
      "query($teamId: UUID4!) { me { id team(id: $teamId) { drafts { id } } } }",
      { teamId: user.primaryTeamId },
    );
    expect(drafts.data!.me.team.drafts.map((d) => d.id)).toContain(body.id);
  });

  it("S2-7.012 S2-4.004 S2-7.019 / (snake_case request, camelCase answer) into a chosen workspace and folder, with a title, alias and privacy that cannot go below the workspace minimum", async () => {
    const root = await folder(app.deps.db, p.workspaceId, "/");
    const source = await make({ privacy: 0 });
    await app.deps.db.update(workspaces).set({ minimumPrivacy: 1 }).where(eq(workspaces.id, p.workspaceId));
    try {
      const response = await fork(p.writer, source.id, {
        title: "  My copy ",
        team_id: p.workspaceId,
        collection_id: root.id,
        privacy: 0,
        alias: "my-copy-of-weather",
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        title: "My copy",
        alias: "my-copy-of-weather",
        teamId: p.workspaceId,
        draft: false,
        privacy: 1,
        collection: { id: root.id, path: "/" },
      });
      const taken = await fork(p.writer, source.id, {
        team_id: p.workspaceId,
        collection_id: root.id,
        privacy: 1,
        alias: "my-copy-of-weather",
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ errors: { alias: [SANDBOX_MESSAGES.aliasTaken] } });
    } finally {
      await app.deps.db.update(workspaces).set({ minimumPrivacy: 0 }).where(eq(workspaces.id, p.workspaceId));
    }
  });

  it("S1-7.011 / POST /api/v1/sandboxes/fork/* takes the id as the rest of the path (ids with '/')", async () => {
    const source = await make({ privacy: 0 });
    const response = await call(app, p.writer, "POST", `/api/v1/sandboxes/fork/${source.id}`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().forkedFromId).toBe(source.id);
    expect(
      (await call(app, p.writer, "POST", "/api/v1/sandboxes/fork/github/owner/repo", {})).statusCode,
    ).toBe(404);
    expect((await call(app, null, "POST", `/api/v1/sandboxes/fork/${source.id}`, {})).statusCode).toBe(401);
    expect(
      (await call(app, p.outsider, "POST", `/api/v1/sandboxes/fork/${(await make({ privacy: 2 })).id}`, {}))
        .statusCode,
    ).toBe(404);
  });

  it("S1-8.008 S1-6.006 S2-6.012 / authorization: signed out is asked to sign in; the source must be readable (else 404); the target workspace writable (outsider 404, READ 403, frozen 403); refusals change nothing", async () => {
    const pub = await make({ privacy: 0 });
    const devbox = await make({ privacy: 0, isV2: true });
    const priv = await make({ privacy: 2 });
    const before = await sandboxCount(p.workspaceId);

    const signedOut = await fork(null, pub.id);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ errors: { detail: [SANDBOX_MESSAGES.signInToForkBrowser] } });
    expect((await fork(null, devbox.id)).json()).toEqual({
      errors: { detail: [SANDBOX_MESSAGES.signInToForkServer] },
    });
    expect((await fork(null, priv.id)).statusCode).toBe(401);

    const outsiderPrivate = await fork(p.outsider, priv.id);
    expect(outsiderPrivate.statusCode).toBe(404);
    expect(outsiderPrivate.json()).toEqual({ errors: { detail: [DASHBOARD_MESSAGES.sandboxNotFound] } });
    // An outsider may fork a public sandbox into their own workspace, never into one they are not in.
    expect((await fork(p.outsider, pub.id)).statusCode).toBe(200);
    expect((await fork(p.outsider, pub.id, { team_id: p.workspaceId })).statusCode).toBe(404);
    const reader = await fork(p.reader, pub.id, { team_id: p.workspaceId });
    expect(reader.statusCode).toBe(403);
    await setFrozen(app, p.workspaceId, true);
    try {
      const frozen = await fork(p.writer, pub.id, { team_id: p.workspaceId });
      expect(frozen.statusCode).toBe(403);
      expect(frozen.json().errors.detail[0]).toMatch(/frozen/);
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
    expect(await sandboxCount(p.workspaceId)).toBe(before);
    expect((await sandboxRow(app, pub.id))!.forkCount).toBe(1);
    for (const member of [p.writer, p.admin]) {
      expect((await fork(member, priv.id, { team_id: p.workspaceId })).statusCode).toBe(200);
    }
    expect((await sandboxRow(app, priv.id))!.forkCount).toBe(2);
  });

  it("S2-6.007 / a sandbox that may not leave its workspace forks only into that workspace (its own setting or the workspace's)", async () => {
    const held = await make({ privacy: 0, preventSandboxLeaving: true });
    const refused = await fork(p.writer, held.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: { detail: [DASHBOARD_MESSAGES.sandboxCannotLeave] } });
    expect((await fork(p.writer, held.id, { team_id: p.workspaceId })).statusCode).toBe(200);
    const free = await make({ privacy: 0 });
    await app.deps.db
      .update(workspaces)
      .set({ preventSandboxLeaving: true })
      .where(eq(workspaces.id, p.workspaceId));
    try {
      expect((await fork(p.outsider, free.id)).statusCode).toBe(403);
    } finally {
      await app.deps.db
        .update(workspaces)
        .set({ preventSandboxLeaving: false })
        .where(eq(workspaces.id, p.workspaceId));
    }
  });

  it("S1-5.017 S2-8.017 / limits: a draft fork past the drafts cap fails with DRAFT_LIMIT, a private fork past a Free workspace's private cap with SANDBOX_LIMIT; nothing is made", async () => {
    const user = await signUp(app);
    const source = await make({ privacy: 0 });
    const teamId = user.primaryTeamId;
    for (let i = 0; i < FREE_LIMITS.includedDrafts; i++) {
      await sandbox(app.deps.db, { workspaceId: teamId, authorId: user.id, draft: true, privacy: 0 });
    }
    const before = await sandboxCount(teamId);
    const drafts = await fork(user, source.id, { privacy: 0 });
    expect(drafts.statusCode).toBe(422);
    expect(drafts.json()).toEqual({ errors: { detail: [`DRAFT_LIMIT: ${DASHBOARD_MESSAGES.draftLimit}`] } });

    const root = await folder(app.deps.db, teamId, "/");
    for (let i = 0; i < FREE_LIMITS.includedPrivateSandboxes; i++) {
      await sandbox(app.deps.db, { workspaceId: teamId, authorId: user.id, privacy: 2 });
    }
    const privateFork = await fork(user, source.id, { collection_id: root.id });
    expect(privateFork.statusCode).toBe(422);
    expect(privateFork.json()).toEqual({
      errors: { detail: [`SANDBOX_LIMIT: ${DASHBOARD_MESSAGES.privateSandboxLimit}`] },
    });
    expect(await sandboxCount(teamId)).toBe(before + FREE_LIMITS.includedPrivateSandboxes);
    expect((await sandboxRow(app, source.id))!.forkCount).toBe(0);
    // A public fork into the folder is within both limits.
    expect((await fork(user, source.id, { collection_id: root.id, privacy: 0 })).statusCode).toBe(200);
  });

  it("S2-7.012 / bad input: invalid privacy, empty title, malformed or foreign workspace and folder, invalid alias, a devbox as a browser sandbox, no client marker, a body over 5MB; nothing changes", async () => {
    const source = await make({ privacy: 0 });
    const devbox = await make({ privacy: 0, isV2: true });
    const before = await sandboxCount(p.workspaceId);
    const elsewhere = await folder(app.deps.db, p.outsider.primaryTeamId, "/");
    const bad = async (body: Record<string, unknown>, status: number, field?: string, id = source.id) => {
      const r = await fork(p.writer, id, { team_id: p.workspaceId, ...body });
      expect(r.statusCode, JSON.stringify(body)).toBe(status);
      if (field) expect(Object.keys(r.json().errors)).toEqual([field]);
    };
    await bad({ privacy: 3 }, 422, "privacy");
    await bad({ privacy: "public" }, 422, "privacy");
    await bad({ title: "   " }, 422, "title");
    await bad({ title: "x".repeat(300) }, 422, "title");
    await bad({ alias: "Not An Alias" }, 422, "alias");
    await bad({ v2: "yes" }, 422, "v2");
    await bad({ team_id: "not-a-team" }, 404);
    await bad({ collection_id: "nope" }, 404);
    await bad({ collection_id: elsewhere.id }, 404);
    await bad({ v2: false }, 422, "v2", devbox.id);
    const noMarker = await app.inject({
      method: "POST",
      url: `/api/v1/sandboxes/${source.id}/fork`,
      headers: { cookie: p.writer.cookie },
      payload: {},
    });
    expect(noMarker.statusCode).toBe(403);
    const huge = await fork(p.writer, source.id, { title: "x".repeat(6 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(await sandboxCount(p.workspaceId)).toBe(before);
    expect((await sandboxRow(app, source.id))!.forkCount).toBe(0);
    // A browser sandbox may become a devbox on the way.
    const converted = await fork(p.writer, source.id, { team_id: p.workspaceId, v2: true, privacy: 0 });
    expect(converted.json()).toMatchObject({ v2: true, isV2: true });
  });

  it("S2-1.002 S1-3.014 / forking an official template gives its files and keeps the template for the card (forkedTemplate colour and icon)", async () => {
    const user = await signUp(app);
    const response = await fork(user, "react");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      source: { template: "react" },
      forkedFromId: "react",
      forkedTemplate: { color: "#61dafb", iconUrl: "react", official: true },
    });
    expect(await filesOf(body.id)).toEqual(await filesOf("react"));
    const cards = await gql<{
      me: { team: { drafts: { id: string; forkedTemplate: { color: string; iconUrl: string } }[] } };
    }>(
      app,
      user,
      "query($teamId: UUID4!) { me { id team(id: $teamId) { drafts { id forkedTemplate { color iconUrl } } } } }",
      { teamId: user.primaryTeamId },
    );
    expect(cards.data!.me.team.drafts.find((d) => d.id === body.id)!.forkedTemplate).toEqual({
      color: "#61dafb",
      iconUrl: "react",
    });
    const [official] = await app.deps.db
      .select({ forkCount: sandboxes.forkCount })
      .from(sandboxes)
      .where(and(eq(sandboxes.id, "react"), isNull(sandboxes.removedAt)));
    expect(official!.forkCount).toBeGreaterThanOrEqual(1);
  });
});
