import { OFFICIAL_TEMPLATES, POPULAR_TEMPLATE_IDS, TEMPLATE_MESSAGES } from "@boxyard/domain";
import { and, count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../../test/app.ts";
import { gql, type Personas, personas, setFrozen, type TestUser } from "../../../test/factories.ts";
import {
  sandboxDirectories,
  sandboxes,
  sandboxModules,
  templates,
  users,
  workspaceMembers,
  workspaces,
} from "../../db/schema/index.ts";
import { call } from "../sandboxes/testing.ts";
import { sandbox } from "../search/testing.ts";
import {
  officialTemplatesSql,
  SYSTEM_EMAIL,
  SYSTEM_USER_ID,
  SYSTEM_WORKSPACE_ID,
  starterRows,
} from "./official.ts";
import { STARTER_FILES } from "./starters/index.ts";

let app: TestApp;
let p: Personas;
beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
});

type Official = {
  id: string;
  title: string;
  alias: string;
  description: string;
  v2: boolean;
  fork_count: number;
  view_count: number;
  environment: string;
  tags: string[];
  custom_template: { icon_url: string; color: string };
  source_template: string;
  type: string;
  editor_url: string;
};

describe("official templates", () => {
  it("S1-7.014 S1-3.014 S2-3.001 / GET /api/v1/sandboxes/templates/official answers every official template with raw snake_case keys, in the catalogue's order, to anyone", async () => {
    for (const user of [null, p.outsider, p.reader]) {
      const response = await call(app, user, "GET", "/api/v1/sandboxes/templates/official");
      expect(response.statusCode).toBe(200);
      const groups = response.json() as { sandboxes: Official[] }[];
      expect(groups).toHaveLength(1);
      const list = groups[0]!.sandboxes;
      expect(list.map((t) => t.id)).toEqual(OFFICIAL_TEMPLATES.map((t) => t.id));
      for (const [i, t] of OFFICIAL_TEMPLATES.entries()) {
        expect(list[i]).toMatchObject({
          id: t.id,
          title: t.title,
          alias: t.alias,
          description: t.description,
          v2: t.runtime === "server",
          type: t.runtime === "server" ? "devbox" : "sandbox",
          environment: t.runtime,
          fork_count: expect.any(Number),
          view_count: expect.any(Number),
          tags: [...t.tags],
          source_template: t.sourceTemplate,
          editor_url: `/s/${t.id}`,
          custom_template: { icon_url: t.iconUrl, color: t.color },
        });
      }
    }
    for (const id of POPULAR_TEMPLATE_IDS) expect(OFFICIAL_TEMPLATES.map((t) => t.id)).toContain(id);
  });

  it("S1-3.046 / the migration seeded each template's real starter files: every file of its starter, a README, a package.json (a requirements.txt for Python), an entry file", async () => {
    for (const t of OFFICIAL_TEMPLATES) {
      const modules = await app.deps.db
        .select()
        .from(sandboxModules)
        .where(eq(sandboxModules.sandboxId, t.id));
      const directories = await app.deps.db
        .select()
        .from(sandboxDirectories)
        .where(eq(sandboxDirectories.sandboxId, t.id));
      const expected = starterRows(STARTER_FILES[t.id]!);
      expect(modules.map((m) => [m.shortid, m.title, m.code, m.directoryShortid]).sort(), t.id).toEqual(
        expected.modules.map((m) => [m.shortid, m.title, m.code, m.directoryShortid]).sort(),
      );
      expect(directories.length, t.id).toBe(expected.directories.length);
      const titles = modules.map((m) => m.title);
      expect(titles, t.id).toContain("README.md");
      const manifest = modules.find((m) => m.title === "package.json" && m.directoryShortid === null);
      if (t.sourceTemplate === "python") expect(titles).toContain("requirements.txt");
      else {
        const pkg = JSON.parse(manifest!.code) as {
          scripts?: Record<string, string>;
          dependencies?: object;
          devDependencies?: object;
        };
        expect(Object.keys(pkg.scripts ?? {}).length, t.id).toBeGreaterThan(0);
        if (t.sourceTemplate !== "docker") {
          expect(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).length, t.id).toBeGreaterThan(
            0,
          );
        }
      }
      if (t.runtime === "browser" && t.sourceTemplate !== "angular")
        expect(titles, t.id).toContain("index.html");
      if (t.sourceTemplate === "docker") expect(titles).toContain("Dockerfile");
      const [row] = await app.deps.db.select().from(sandboxes).where(eq(sandboxes.id, t.id));
      expect(row, t.id).toMatchObject({
        workspaceId: SYSTEM_WORKSPACE_ID,
        authorId: SYSTEM_USER_ID,
        privacy: 0,
        isV2: t.runtime === "server",
      });
      expect(row!.collectionId, t.id).not.toBeNull();
    }
  });

  it("S1-1.002 / anyone opens an official template with its files, signed out too; nobody can sign in as their author or act in their workspace", async () => {
    const open = await call(app, null, "GET", "/api/v1/sandboxes/react");
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({
      id: "react",
      // The system workspace's details are its members' (it has none).
      team: null,
      author: { username: "boxyard" },
      authorization: "READ",
    });
    expect(open.json().modules.length).toBeGreaterThan(3);
    const signIn = await app.inject({
      method: "POST",
      url: "/api/v1/auth/local/signin",
      headers: CLIENT,
      payload: { email: SYSTEM_EMAIL, password: "any password at all" },
    });
    expect(signIn.json()).not.toMatchObject({ type: "signin" });
    const [members] = await app.deps.db
      .select({ n: count() })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, SYSTEM_WORKSPACE_ID));
    expect(members!.n).toBe(0);
    const [system] = await app.deps.db.select().from(users).where(eq(users.id, SYSTEM_USER_ID));
    expect(system!.passwordHash).toBeNull();
    expect(
      (await call(app, p.admin, "PUT", "/api/v1/sandboxes/react", { sandbox: { title: "Mine" } })).statusCode,
    ).toBe(404);
    expect((await call(app, p.admin, "DELETE", "/api/v1/sandboxes/react")).statusCode).toBe(404);
  });

  it("S1-3.014 / the seeding SQL is idempotent: running it again adds nothing", async () => {
    const counts = async () => {
      const [s] = await app.deps.db
        .select({ n: count() })
        .from(sandboxes)
        .where(eq(sandboxes.workspaceId, SYSTEM_WORKSPACE_ID));
      const [m] = await app.deps.db.select({ n: count() }).from(sandboxModules);
      const [t] = await app.deps.db
        .select({ n: count() })
        .from(templates)
        .where(eq(templates.official, true));
      const [w] = await app.deps.db.select({ n: count() }).from(workspaces);
      return [s!.n, m!.n, t!.n, w!.n];
    };
    const before = await counts();
    for (const statement of officialTemplatesSql().split("--> statement-breakpoint")) {
      await app.deps.db.execute(sql.raw(statement));
    }
    expect(await counts()).toEqual(before);
    expect(before[0]).toBe(OFFICIAL_TEMPLATES.length);
  });
});

describe("DELETE /api/v1/sandboxes/:sandboxId/templates/:templateId", () => {
  const MAKE =
    "mutation($sandboxIds: [ID!]!) { makeSandboxesTemplates(sandboxIds: $sandboxIds) { id customTemplate { id } } }";
  async function templateOf(user: TestUser) {
    const s = await sandbox(app.deps.db, { workspaceId: p.workspaceId, authorId: p.writer.id, privacy: 0 });
    const made = await gql<{ makeSandboxesTemplates: { customTemplate: { id: string } }[] }>(
      app,
      user,
      MAKE,
      { sandboxIds: [s.id] },
    );
    return { sandboxId: s.id, templateId: made.data!.makeSandboxesTemplates[0]!.customTemplate.id };
  }
  const remove = (user: TestUser | null, t: { sandboxId: string; templateId: string }) =>
    call(app, user, "DELETE", `/api/v1/sandboxes/${t.sandboxId}/templates/${t.templateId}`);
  const exists = async (templateId: string) =>
    (await app.deps.db.select().from(templates).where(eq(templates.id, templateId))).length === 1;

  it("S1-7.012 S1-8.024 / unmakes the template and answers the removed template", async () => {
    const t = await templateOf(p.writer);
    const response = await remove(p.writer, t);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: t.templateId, sandboxId: t.sandboxId });
    expect(await exists(t.templateId)).toBe(false);
    expect((await remove(p.writer, t)).statusCode).toBe(404);
  });

  it("S1-7.012 / authorization: outsiders and mismatched ids 404, READ and a frozen workspace 403, signed out 401, official templates 404; refusals keep the template", async () => {
    const t = await templateOf(p.admin);
    expect((await remove(null, t)).statusCode).toBe(401);
    expect((await remove(p.outsider, t)).statusCode).toBe(404);
    expect((await remove(p.reader, t)).statusCode).toBe(403);
    const other = await templateOf(p.admin);
    expect((await remove(p.admin, { sandboxId: t.sandboxId, templateId: other.templateId })).statusCode).toBe(
      404,
    );
    expect((await remove(p.admin, { sandboxId: t.sandboxId, templateId: "not-a-uuid" })).statusCode).toBe(
      404,
    );
    await setFrozen(app, p.workspaceId, true);
    try {
      expect((await remove(p.admin, t)).statusCode).toBe(403);
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
    expect(await exists(t.templateId)).toBe(true);
    const [official] = await app.deps.db.select().from(templates).where(eq(templates.sandboxId, "react"));
    expect((await remove(p.admin, { sandboxId: "react", templateId: official!.id })).statusCode).toBe(404);
    expect(await exists(official!.id)).toBe(true);
    expect((await remove(p.admin, t)).statusCode).toBe(200);
  });
});

describe("setTemplateAppearance", () => {
  const SET = `mutation($templateId: UUID4!, $color: String, $iconUrl: String) {
    setTemplateAppearance(templateId: $templateId, color: $color, iconUrl: $iconUrl) { id color iconUrl } }`;
  const SET_COLOR_ONLY = `mutation($templateId: UUID4!, $color: String) {
    setTemplateAppearance(templateId: $templateId, color: $color) { id color iconUrl } }`;
  async function newTemplate() {
    const s = await sandbox(app.deps.db, { workspaceId: p.workspaceId, authorId: p.writer.id, privacy: 0 });
    const [row] = await app.deps.db.insert(templates).values({ sandboxId: s.id }).returning();
    return { sandboxId: s.id, id: row!.id };
  }
  const row = async (id: string) =>
    (await app.deps.db.select().from(templates).where(eq(templates.id, id)))[0]!;
  type Answer = { setTemplateAppearance: { color: string | null; iconUrl: string | null } | null };
  const code = (r: { errors?: { extensions?: { code?: string } }[] }) =>
    r.errors?.[0]?.extensions?.code ?? "OK";

  it("S1-3.013 S1-3.046 / an editor sets a template's hex colour and icon (built-in name or https image); the dashboard's cards read them (customTemplate, forkedTemplate)", async () => {
    const t = await newTemplate();
    const set = await gql<Answer>(app, p.writer, SET, {
      templateId: t.id,
      color: "#FF3E00",
      iconUrl: "svelte",
    });
    expect(set.errors).toBeUndefined();
    expect(set.data!.setTemplateAppearance).toEqual({ id: t.id, color: "#ff3e00", iconUrl: "svelte" });
    const image = await gql<Answer>(app, p.writer, SET, {
      templateId: t.id,
      iconUrl: "https://cdn.example.test/logo.svg",
    });
    expect(image.data!.setTemplateAppearance).toMatchObject({
      color: "#ff3e00",
      iconUrl: "https://cdn.example.test/logo.svg",
    });
    const colourOnly = await gql<Answer>(app, p.writer, SET_COLOR_ONLY, { templateId: t.id, color: "#abc" });
    expect(colourOnly.data!.setTemplateAppearance).toMatchObject({
      color: "#aabbcc",
      iconUrl: "https://cdn.example.test/logo.svg",
    });

    const fork = await call(app, p.writer, "POST", `/api/v1/sandboxes/${t.sandboxId}/fork`, {
      team_id: p.workspaceId,
      privacy: 0,
    });
    const cards = await gql<{
      me: { team: { drafts: { id: string; forkedTemplate: { color: string; iconUrl: string } }[] } };
    }>(
      app,
      p.writer,
      "query($teamId: UUID4!) { me { id team(id: $teamId) { drafts { id forkedTemplate { color iconUrl } } } } }",
      { teamId: p.workspaceId },
    );
    expect(cards.data!.me.team.drafts.find((d) => d.id === fork.json().id)!.forkedTemplate).toEqual({
      color: "#aabbcc",
      iconUrl: "https://cdn.example.test/logo.svg",
    });
    const reset = await gql<Answer>(app, p.writer, SET, { templateId: t.id, color: null, iconUrl: null });
    expect(reset.data!.setTemplateAppearance).toMatchObject({ color: null, iconUrl: null });
  });

  it("S1-3.013 / bad colours and icons are refused with their field and change nothing", async () => {
    const t = await newTemplate();
    await gql(app, p.writer, SET, { templateId: t.id, color: "#112233", iconUrl: "vue" });
    for (const vars of [
      { color: "red" },
      { color: "#12345" },
      { iconUrl: "http://cdn.example.test/a.svg" },
      { iconUrl: "javascript:alert(1)" },
      { iconUrl: "not-an-icon" },
    ]) {
      const r = await gql(app, p.writer, SET, { templateId: t.id, ...vars });
      expect(code(r), JSON.stringify(vars)).toBe("INVALID");
      expect(r.errors![0]!.message).toBe(
        "color" in vars ? TEMPLATE_MESSAGES.colorInvalid : TEMPLATE_MESSAGES.iconInvalid,
      );
    }
    expect(await row(t.id)).toMatchObject({ color: "#112233", iconUrl: "vue" });
  });

  it("S1-3.013 / authorization: editors of an unfrozen workspace; READ and frozen FORBIDDEN, outsiders and official templates NOT_FOUND, signed out UNAUTHENTICATED", async () => {
    const t = await newTemplate();
    const attempt = (user: TestUser | null, templateId = t.id) =>
      gql(app, user, SET, { templateId, color: "#000000" });
    expect(code(await attempt(null))).toBe("UNAUTHENTICATED");
    expect(code(await attempt(p.outsider))).toBe("NOT_FOUND");
    expect(code(await attempt(p.reader))).toBe("FORBIDDEN");
    await setFrozen(app, p.workspaceId, true);
    try {
      expect(code(await attempt(p.admin))).toBe("FORBIDDEN");
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
    expect((await row(t.id)).color).toBeNull();
    expect(code(await attempt(p.admin))).toBe("OK");
    expect(code(await attempt(p.writer))).toBe("OK");
    const [official] = await app.deps.db
      .select()
      .from(templates)
      .where(and(eq(templates.sandboxId, "vue"), eq(templates.official, true)));
    expect(code(await attempt(p.admin, official!.id))).toBe("NOT_FOUND");
    expect((await row(official!.id)).color).toBe("#41b883");
  });
});
