import { OFFICIAL_TEMPLATES } from "@boxyard/domain";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, type Personas, personas, signUp, type TestUser } from "../../../test/factories.ts";
import { sandboxes, templates, templateUses, workspaceMembers } from "../../db/schema/index.ts";
import { call } from "../sandboxes/testing.ts";
import { sandbox } from "../search/testing.ts";
import { RECENT_TEMPLATES_LIMIT } from "./recent-templates.service.ts";

let app: TestApp;
let p: Personas;
beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
});

/** The CreateTemplate selection (api-contract §3) the create dialog asks for. */
const CREATE_TEMPLATE = `iconUrl tags sandbox { id alias title description isV2 forkCount viewCount team { name } source { template } }`;

type CreateTemplate = {
  iconUrl: string | null;
  tags: string[];
  sandbox: {
    id: string;
    title: string;
    isV2: boolean;
    team: { name: string } | null;
    source: { template: string | null };
  } | null;
};

async function recent(user: TestUser, teamId?: string | null) {
  const result = await gql<{ me: { recentlyUsedTemplates: CreateTemplate[] } }>(
    app,
    user,
    `query RecentTemplates($teamId: UUID4) { me { id recentlyUsedTemplates(teamId: $teamId) { ${CREATE_TEMPLATE} } } }`,
    teamId === undefined ? {} : { teamId },
  );
  expect(result.errors).toBeUndefined();
  return result.data!.me.recentlyUsedTemplates;
}
const ids = (list: CreateTemplate[]) => list.map((t) => t.sandbox!.id);

const fork = (user: TestUser, id: string, body: Record<string, unknown> = {}) =>
  call(app, user, "POST", `/api/v1/sandboxes/${id}/fork`, body);

/** A template of the personas' workspace, made by the writer. */
async function workspaceTemplate(title: string, values: Partial<Parameters<typeof sandbox>[1]> = {}) {
  const row = await sandbox(app.deps.db, {
    workspaceId: p.workspaceId,
    authorId: p.writer.id,
    title,
    privacy: 2,
    ...values,
  });
  await app.deps.db.insert(templates).values({ sandboxId: row.id, tags: ["team", "api"], iconUrl: "node" });
  return row;
}

describe("me.recentlyUsedTemplates(teamId)", () => {
  it("S2-2.008 S2-7.020 / the templates the user forked from, newest first, each once, with the CreateTemplate selection; forking a plain sandbox records nothing", async () => {
    const user = await signUp(app);
    expect(await recent(user, user.primaryTeamId)).toEqual([]);
    for (const id of ["react", "vue", "nextjs", "react"]) {
      expect((await fork(user, id)).statusCode).toBe(200);
    }
    const plain = await sandbox(app.deps.db, {
      workspaceId: p.workspaceId,
      authorId: p.writer.id,
      privacy: 0,
    });
    expect((await fork(user, plain.id)).statusCode).toBe(200);
    const list = await recent(user, user.primaryTeamId);
    expect(ids(list)).toEqual(["react", "nextjs", "vue"]);
    expect(list[0]).toEqual({
      iconUrl: "react",
      tags: ["react", "javascript", "frontend", "vite"],
      sandbox: expect.objectContaining({
        id: "react",
        title: "React",
        isV2: false,
        source: { template: "react" },
      }),
    });
    expect(list[1]!.sandbox!.isV2).toBe(true);
    // Without a workspace: every fork counts.
    expect(ids(await recent(user))).toEqual(["react", "nextjs", "vue"]);
    expect(ids(await recent(user, null))).toEqual(["react", "nextjs", "vue"]);
    const rows = await app.deps.db.select().from(templateUses).where(eq(templateUses.userId, user.id));
    expect(rows).toHaveLength(3);
  });

  it("S2-2.008 / with teamId only the forks into that workspace count, and only official templates or that workspace's own; at most a dozen", async () => {
    const mine = await workspaceTemplate("Team API starter");
    expect((await fork(p.writer, mine.id, { team_id: p.workspaceId })).statusCode).toBe(200);
    expect((await fork(p.writer, "flask", { team_id: p.workspaceId })).statusCode).toBe(200);
    expect((await fork(p.writer, "svelte")).statusCode).toBe(200); // into the writer's own workspace
    const inTeam = await recent(p.writer, p.workspaceId);
    expect(ids(inTeam)).toEqual(["flask", mine.id]);
    expect(inTeam[1]).toMatchObject({
      tags: ["team", "api"],
      iconUrl: "node",
      sandbox: { team: { name: expect.any(String) } },
    });
    expect(ids(await recent(p.writer, p.writer.primaryTeamId))).toEqual(["svelte"]);
    // The workspace's template forked into the writer's own workspace is not that workspace's.
    expect((await fork(p.writer, mine.id)).statusCode).toBe(200);
    expect(ids(await recent(p.writer, p.writer.primaryTeamId))).toEqual(["svelte"]);
    expect(ids(await recent(p.writer))).toEqual([mine.id, "svelte", "flask"]);

    const many = await signUp(app);
    const catalogue = OFFICIAL_TEMPLATES.map((t) => t.id);
    for (const id of catalogue.slice(0, RECENT_TEMPLATES_LIMIT + 2)) {
      expect((await fork(many, id, { privacy: 0, team_id: many.primaryTeamId })).statusCode).toBe(200);
    }
    const capped = await recent(many, many.primaryTeamId);
    expect(capped).toHaveLength(RECENT_TEMPLATES_LIMIT);
    expect(ids(capped)[0]).toBe(catalogue[RECENT_TEMPLATES_LIMIT + 1]);
  });

  it("S2-2.008 / authorization: another workspace's list is empty for a non-member; a member who left, a deleted template or one that stopped being a template drop out; every member role sees its own", async () => {
    const shared = await workspaceTemplate("Shared starter");
    for (const member of [p.reader, p.writer, p.admin]) {
      // Members fork it into their own workspace (readers cannot write to the team).
      expect((await fork(member, shared.id, { team_id: member.primaryTeamId })).statusCode).toBe(200);
      expect(ids(await recent(member))).toContain(shared.id);
    }
    // A refused fork records nothing.
    const reader = await signUp(app);
    expect((await fork(reader, shared.id, { team_id: p.workspaceId })).statusCode).toBe(404);
    expect(await recent(reader)).toEqual([]);
    expect(await recent(p.outsider, p.workspaceId)).toEqual([]);
    expect(await recent(p.outsider, "00000000-0000-4000-8000-000000000000")).toEqual([]);

    // The reader leaves the workspace: its templates are no longer theirs to use.
    await app.deps.db
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, p.workspaceId), eq(workspaceMembers.userId, p.reader.id)));
    try {
      expect(ids(await recent(p.reader))).not.toContain(shared.id);
    } finally {
      await app.deps.db
        .insert(workspaceMembers)
        .values({ workspaceId: p.workspaceId, userId: p.reader.id, authorization: "READ" });
    }
    expect(ids(await recent(p.reader))).toContain(shared.id);

    await app.deps.db.update(sandboxes).set({ removedAt: new Date() }).where(eq(sandboxes.id, shared.id));
    expect(ids(await recent(p.admin))).not.toContain(shared.id);
    await app.deps.db.update(sandboxes).set({ removedAt: null }).where(eq(sandboxes.id, shared.id));
    expect(ids(await recent(p.admin))).toContain(shared.id);
    await app.deps.db.delete(templates).where(eq(templates.sandboxId, shared.id));
    expect(ids(await recent(p.admin))).not.toContain(shared.id);

    const anonymous = await gql(app, null, "{ me { id recentlyUsedTemplates { iconUrl } } }");
    expect(anonymous.data).toEqual({ me: null });
  });

  it("S2-7.020 / TeamTemplatesForCreate: me.team(id).templates answers the workspace's templates with the CreateTemplate selection, to members only", async () => {
    const own = await workspaceTemplate("Create starter", { privacy: 0 });
    const query = `query TeamTemplatesForCreate($id: UUID4!) { me { id team(id: $id) { templates { ${CREATE_TEMPLATE} } } } }`;
    for (const member of [p.reader, p.writer, p.admin]) {
      const result = await gql<{ me: { team: { templates: CreateTemplate[] } } }>(app, member, query, {
        id: p.workspaceId,
      });
      const found = result.data!.me.team.templates.find((t) => t.sandbox?.id === own.id);
      expect(found).toMatchObject({ tags: ["team", "api"], sandbox: { title: "Create starter" } });
    }
    const outsider = await gql<{ me: { team: null } }>(app, p.outsider, query, { id: p.workspaceId });
    expect(outsider.data!.me.team).toBeNull();
  });
});
