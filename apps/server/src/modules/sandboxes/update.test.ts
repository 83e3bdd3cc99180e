import { DASHBOARD_MESSAGES, FREE_LIMITS, SANDBOX_MESSAGES } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { type Personas, personas, setFrozen, type TestUser } from "../../../test/factories.ts";
import { workspaces } from "../../db/schema/index.ts";
import { sandbox } from "../search/testing.ts";
import { call, sandboxRow } from "./testing.ts";

let app: TestApp;
let p: Personas;
let full: Personas;
beforeAll(async () => {
  app = await testApp();
  [p, full] = await Promise.all([personas(app), personas(app)]);
  for (let i = 0; i < FREE_LIMITS.includedPrivateSandboxes; i++) {
    await sandbox(app.deps.db, { workspaceId: full.workspaceId, authorId: full.admin.id, privacy: 2 });
  }
});

const make = (values: Partial<Parameters<typeof sandbox>[1]> = {}) =>
  sandbox(app.deps.db, { workspaceId: p.workspaceId, authorId: p.writer.id, privacy: 0, ...values });

/** Each persona's answer to the same request on a fresh sandbox; a refusal leaves the row as it was. */
async function rolesAnswer(
  request: (user: TestUser | null, id: string) => Promise<{ statusCode: number }>,
  values: Partial<Parameters<typeof sandbox>[1]> = {},
) {
  const answers: Record<string, number> = {};
  for (const [name, user] of [
    ["signedOut", null],
    ["outsider", p.outsider],
    ["reader", p.reader],
    ["writer", p.writer],
    ["admin", p.admin],
  ] as const) {
    const s = await make(values);
    const before = await sandboxRow(app, s.id);
    answers[name] = (await request(user, s.id)).statusCode;
    if (answers[name]! >= 400) expect(await sandboxRow(app, s.id), name).toEqual(before);
  }
  const s = await make(values);
  await setFrozen(app, p.workspaceId, true);
  try {
    answers.frozen = (await request(p.admin, s.id)).statusCode;
  } finally {
    await setFrozen(app, p.workspaceId, false);
  }
  return answers;
}

const REFUSED = { signedOut: 401, outsider: 404, reader: 403, frozen: 403 };

describe("PUT /api/v1/sandboxes/:id", () => {
  it("S1-7.011 / a partial update: title and description together; v2: true converts a sandbox to a devbox", async () => {
    const s = await make({ title: "Old", description: "Old text" });
    const response = await call(app, p.writer, "PUT", `/api/v1/sandboxes/${s.id}`, {
      sandbox: { title: " New title ", description: "New text" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: s.id,
      title: "New title",
      description: "New text",
      v2: false,
    });
    const converted = await call(app, p.writer, "PUT", `/api/v1/sandboxes/${s.id}`, {
      sandbox: { v2: true },
    });
    expect(converted.json()).toMatchObject({ v2: true, isV2: true, title: "New title" });
    const back = await call(app, p.writer, "PUT", `/api/v1/sandboxes/${s.id}`, { sandbox: { v2: false } });
    expect(back.statusCode).toBe(422);
    expect((await sandboxRow(app, s.id))!.isV2).toBe(true);
    const aliased = await call(app, p.writer, "PUT", `/api/v1/sandboxes/${s.id}`, {
      sandbox: { alias: "weather-now" },
    });
    expect(aliased.json().alias).toBe("weather-now");
    const other = await make();
    const taken = await call(app, p.writer, "PUT", `/api/v1/sandboxes/${other.id}`, {
      sandbox: { alias: "weather-now" },
    });
    expect(taken.statusCode).toBe(409);
    const cleared = await call(app, p.writer, "PUT", `/api/v1/sandboxes/${s.id}`, {
      sandbox: { description: null },
    });
    expect(cleared.json().description).toBeNull();
  });

  it("S1-7.011 / authorization: WRITE and ADMIN of an unfrozen workspace; READ 403, outsider 404, signed out 401; a protected sandbox refuses", async () => {
    const answers = await rolesAnswer((user, id) =>
      call(app, user, "PUT", `/api/v1/sandboxes/${id}`, { sandbox: { title: "Renamed" } }),
    );
    expect(answers).toEqual({ ...REFUSED, writer: 200, admin: 200 });
    const guarded = await make({ isFrozen: true });
    const refused = await call(app, p.admin, "PUT", `/api/v1/sandboxes/${guarded.id}`, {
      sandbox: { title: "No" },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: { detail: [DASHBOARD_MESSAGES.sandboxProtected] } });
  });

  it("S1-7.011 / bad input changes nothing: no sandbox key, no known field, empty or long title, long description; a refusal halfway (the private cap) rolls the title back", async () => {
    const s = await make({ title: "Keep" });
    const url = `/api/v1/sandboxes/${s.id}`;
    const before = await sandboxRow(app, s.id);
    for (const body of [
      {},
      { title: "top level" },
      { sandbox: {} },
      { sandbox: { title: "" } },
      { sandbox: { title: "x".repeat(256) } },
      { sandbox: { description: "x".repeat(2001) } },
      { sandbox: { privacy: 9 } },
      { sandbox: { v2: "true" } },
    ]) {
      const r = await call(app, p.writer, "PUT", url, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await sandboxRow(app, s.id)).toEqual(before);
    expect(
      (await call(app, p.writer, "PUT", "/api/v1/sandboxes/nosuch", { sandbox: { title: "x" } })).statusCode,
    ).toBe(404);

    const capped = await sandbox(app.deps.db, {
      workspaceId: full.workspaceId,
      authorId: full.writer.id,
      title: "Public",
      privacy: 0,
    });
    const halfway = await call(app, full.writer, "PUT", `/api/v1/sandboxes/${capped.id}`, {
      sandbox: { title: "Would be renamed", privacy: 2 },
    });
    expect(halfway.statusCode).toBe(422);
    expect(halfway.json().errors.detail[0]).toMatch(/^SANDBOX_LIMIT: /);
    expect((await sandboxRow(app, capped.id))!.title).toBe("Public");
  });
});

describe("PATCH /api/v1/sandboxes/:id/privacy", () => {
  it("S1-7.012 / sets the privacy ({sandbox: {privacy}}) and answers the sandbox", async () => {
    const s = await make();
    const response = await call(app, p.writer, "PATCH", `/api/v1/sandboxes/${s.id}/privacy`, {
      sandbox: { privacy: 1 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: s.id, privacy: 1 });
    const answers = await rolesAnswer((user, id) =>
      call(app, user, "PATCH", `/api/v1/sandboxes/${id}/privacy`, { sandbox: { privacy: 1 } }),
    );
    expect(answers).toEqual({ ...REFUSED, writer: 200, admin: 200 });
  });

  it("S2-4.004 S1-5.017 / invalid privacy, privacy below the workspace minimum and the private cap are refused; nothing changes", async () => {
    const s = await make();
    const url = `/api/v1/sandboxes/${s.id}/privacy`;
    for (const body of [
      { sandbox: { privacy: 3 } },
      { sandbox: { privacy: "private" } },
      { privacy: 1 },
      {},
    ]) {
      expect((await call(app, p.writer, "PATCH", url, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    await app.deps.db.update(workspaces).set({ minimumPrivacy: 1 }).where(eq(workspaces.id, p.workspaceId));
    try {
      const below = await call(app, p.writer, "PATCH", url, { sandbox: { privacy: 0 } });
      expect(below.statusCode).toBe(422);
      expect(below.json()).toEqual({ errors: { privacy: [DASHBOARD_MESSAGES.privacyBelowMinimum(1)] } });
    } finally {
      await app.deps.db.update(workspaces).set({ minimumPrivacy: 0 }).where(eq(workspaces.id, p.workspaceId));
    }
    const capped = await sandbox(app.deps.db, {
      workspaceId: full.workspaceId,
      authorId: full.writer.id,
      privacy: 0,
    });
    const limit = await call(app, full.writer, "PATCH", `/api/v1/sandboxes/${capped.id}/privacy`, {
      sandbox: { privacy: 2 },
    });
    expect(limit.statusCode).toBe(422);
    expect(limit.json()).toEqual({
      errors: { detail: [`SANDBOX_LIMIT: ${DASHBOARD_MESSAGES.privateSandboxLimit}`] },
    });
    expect((await sandboxRow(app, s.id))!.privacy).toBe(0);
    expect((await sandboxRow(app, capped.id))!.privacy).toBe(0);
  });
});

describe("PATCH /api/v1/sandboxes/:id/vm_tier", () => {
  it("S2-7.013 S2-5.003 S2-6.016 / a devbox's VM tier, 1 to 6 and never above the plan's included tier; browser sandboxes have none", async () => {
    const devbox = await make({ isV2: true });
    const url = `/api/v1/sandboxes/${devbox.id}/vm_tier`;
    const ok = await call(app, p.writer, "PATCH", url, { vm_tier: FREE_LIMITS.includedVmTier });
    expect(ok.statusCode).toBe(204);
    expect((await sandboxRow(app, devbox.id))!.vmTier).toBe(FREE_LIMITS.includedVmTier);
    const above = await call(app, p.writer, "PATCH", url, { vm_tier: FREE_LIMITS.includedVmTier + 1 });
    expect(above.statusCode).toBe(422);
    expect(above.json()).toEqual({
      errors: { vmTier: [SANDBOX_MESSAGES.vmTierAbovePlan(FREE_LIMITS.includedVmTier)] },
    });
    for (const vmTier of [0, 7, 1.5, "2", null]) {
      const r = await call(app, p.writer, "PATCH", url, { vm_tier: vmTier });
      expect(r.statusCode, String(vmTier)).toBe(422);
      expect(r.json()).toEqual({ errors: { vmTier: [SANDBOX_MESSAGES.vmTierInvalid] } });
    }
    expect((await call(app, p.writer, "PATCH", url, {})).statusCode).toBe(422);
    expect((await sandboxRow(app, devbox.id))!.vmTier).toBe(FREE_LIMITS.includedVmTier);
    const browser = await make();
    const notDevbox = await call(app, p.writer, "PATCH", `/api/v1/sandboxes/${browser.id}/vm_tier`, {
      vm_tier: 1,
    });
    expect(notDevbox.json()).toEqual({ errors: { vmTier: [SANDBOX_MESSAGES.vmTierDevboxOnly] } });

    const answers = await rolesAnswer(
      (user, id) => call(app, user, "PATCH", `/api/v1/sandboxes/${id}/vm_tier`, { vm_tier: 2 }),
      { isV2: true },
    );
    expect(answers).toEqual({ ...REFUSED, writer: 204, admin: 204 });
  });
});

describe("DELETE /api/v1/sandboxes/:id", () => {
  it("S1-7.012 / moves the sandbox to Recently deleted; the body's id, when sent, must match", async () => {
    const s = await make();
    const mismatch = await call(app, p.writer, "DELETE", `/api/v1/sandboxes/${s.id}`, { id: "other" });
    expect(mismatch.statusCode).toBe(422);
    expect((await sandboxRow(app, s.id))!.removedAt).toBeNull();
    const response = await call(app, p.writer, "DELETE", `/api/v1/sandboxes/${s.id}`, { id: s.id });
    expect(response.statusCode).toBe(204);
    expect((await sandboxRow(app, s.id))!.removedAt).toBeInstanceOf(Date);
    const answers = await rolesAnswer((user, id) => call(app, user, "DELETE", `/api/v1/sandboxes/${id}`));
    expect(answers).toEqual({ ...REFUSED, writer: 204, admin: 204 });
    const guarded = await make({ isFrozen: true });
    expect((await call(app, p.admin, "DELETE", `/api/v1/sandboxes/${guarded.id}`)).statusCode).toBe(403);
    expect((await call(app, p.admin, "DELETE", "/api/v1/sandboxes/nosuch")).statusCode).toBe(404);
  });
});
