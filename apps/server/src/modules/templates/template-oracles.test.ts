import { randomUUID } from "node:crypto";
import { TEMPLATE_MESSAGES } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, type Personas, personas } from "../../../test/factories.ts";
import { templates } from "../../db/schema/index.ts";
import { call } from "../sandboxes/testing.ts";
import { sandbox } from "../search/testing.ts";

/**
 * Issue 13 hole 6: a template of a workspace the caller is not in answers exactly as one that does
 * not exist (same status, same message), so its id tells nothing.
 */
let app: TestApp;
let p: Personas;
let theirs: { sandboxId: string; templateId: string };
beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
  const s = await sandbox(app.deps.db, { workspaceId: p.workspaceId, authorId: p.admin.id, privacy: 2 });
  const [row] = await app.deps.db.insert(templates).values({ sandboxId: s.id }).returning();
  theirs = { sandboxId: s.id, templateId: row!.id };
});

const SET = `mutation($templateId: UUID4!) { setTemplateAppearance(templateId: $templateId, color: "#000000") { id } }`;

describe("issue 13 hole 6 / template commands: forbidden and missing answer alike", () => {
  it("DELETE /api/v1/sandboxes/{id}/templates/{t}: another workspace's real template, a random id and a random sandbox answer the same 404", async () => {
    const answers = [];
    for (const [sandboxId, templateId] of [
      [theirs.sandboxId, theirs.templateId],
      [theirs.sandboxId, randomUUID()],
      ["tnothere1", randomUUID()],
      ["tnothere1", theirs.templateId],
    ]) {
      const response = await call(
        app,
        p.outsider,
        "DELETE",
        `/api/v1/sandboxes/${sandboxId}/templates/${templateId}`,
      );
      answers.push({ status: response.statusCode, body: response.json() });
    }
    expect(answers[0]).toEqual({
      status: 404,
      body: { errors: { detail: [TEMPLATE_MESSAGES.templateNotFound] } },
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(
      (await app.deps.db.select().from(templates).where(eq(templates.id, theirs.templateId))).length,
    ).toBe(1);
  });

  it("setTemplateAppearance: another workspace's real template and a random id answer the same NOT_FOUND error", async () => {
    const real = await gql(app, p.outsider, SET, { templateId: theirs.templateId });
    const missing = await gql(app, p.outsider, SET, { templateId: randomUUID() });
    expect(real.errors![0]).toMatchObject({
      message: TEMPLATE_MESSAGES.templateNotFound,
      extensions: { code: "NOT_FOUND" },
    });
    expect(real.errors!.map(({ message, extensions }) => ({ message, extensions }))).toEqual(
      missing.errors!.map(({ message, extensions }) => ({ message, extensions })),
    );
    const [row] = await app.deps.db.select().from(templates).where(eq(templates.id, theirs.templateId));
    expect(row!.color).toBeNull();
  });

  it("members still get their own answers (READ: FORBIDDEN), which tell them nothing they cannot see", async () => {
    const read = await gql(app, p.reader, SET, { templateId: theirs.templateId });
    expect(read.errors![0]!.extensions!.code).toBe("FORBIDDEN");
  });
});
