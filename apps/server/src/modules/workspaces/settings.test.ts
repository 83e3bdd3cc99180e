import { DASHBOARD_MESSAGES, WORKSPACE_MESSAGES } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, type Personas, personas, type TestUser } from "../../../test/factories.ts";
import { sandboxes, workspaces } from "../../db/schema/index.ts";
import { makeSandbox } from "../sandboxes/testing.ts";
import { expectOnlyAdmins, outcome, whileFrozen } from "./testing.ts";

let app: TestApp;
let p: Personas;
beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
});

const setMinimum = (user: TestUser, teamId: string, minimumPrivacy: number, updateDrafts: boolean) =>
  gql<{ setTeamMinimumPrivacy: { minimumPrivacy: number } }>(
    app,
    user,
    `mutation SetTeamMinimumPrivacy($teamId: UUID4!, $minimumPrivacy: Int!, $updateDrafts: Boolean!) {
      setTeamMinimumPrivacy(teamId: $teamId, minimumPrivacy: $minimumPrivacy, updateDrafts: $updateDrafts) { minimumPrivacy } }`,
    { teamId, minimumPrivacy, updateDrafts },
  );
const setDefault = (user: TestUser, teamId: string, defaultAuthorization: string) =>
  gql<{ setDefaultTeamMemberAuthorization: { defaultAuthorization: string } }>(
    app,
    user,
    `mutation SetDefaultTeamMemberAuthorization($teamId: UUID4!, $defaultAuthorization: TeamMemberAuthorization!) {
      setDefaultTeamMemberAuthorization(teamId: $teamId, defaultAuthorization: $defaultAuthorization) { defaultAuthorization } }`,
    { teamId, defaultAuthorization },
  );
const setSandboxSettings = (
  user: TestUser,
  teamId: string,
  preventSandboxLeaving: boolean,
  preventSandboxExport: boolean,
) =>
  gql<{ setWorkspaceSandboxSettings: { preventSandboxLeaving: boolean; preventSandboxExport: boolean } }>(
    app,
    user,
    `mutation SetWorkspaceSandboxSettings($teamId: UUID4!, $preventSandboxLeaving: Boolean!, $preventSandboxExport: Boolean!) {
      setWorkspaceSandboxSettings(teamId: $teamId, preventSandboxLeaving: $preventSandboxLeaving, preventSandboxExport: $preventSandboxExport) {
        preventSandboxLeaving preventSandboxExport } }`,
    { teamId, preventSandboxLeaving, preventSandboxExport },
  );
const CONSENT = {
  privateRepositories: true,
  privateSandboxes: false,
  publicRepositories: true,
  publicSandboxes: true,
};
const setConsent = (user: TestUser, teamId: string, consent = CONSENT) =>
  gql<{ setTeamAiConsent: typeof CONSENT }>(
    app,
    user,
    `mutation SetTeamAiConsent($teamId: UUID4!, $privateRepositories: Boolean!, $privateSandboxes: Boolean!, $publicRepositories: Boolean!, $publicSandboxes: Boolean!) {
      setTeamAiConsent(teamId: $teamId, privateRepositories: $privateRepositories, privateSandboxes: $privateSandboxes, publicRepositories: $publicRepositories, publicSandboxes: $publicSandboxes) {
        privateRepositories privateSandboxes publicRepositories publicSandboxes } }`,
    { teamId, ...consent },
  );

async function settings(teamId: string) {
  const [row] = await app.deps.db.select().from(workspaces).where(eq(workspaces.id, teamId));
  return row!;
}
async function privacyOf(id: string) {
  const [row] = await app.deps.db
    .select({ privacy: sandboxes.privacy })
    .from(sandboxes)
    .where(eq(sandboxes.id, id));
  return row!.privacy;
}

describe("minimum privacy", () => {
  it("S2-4.004 / raising it with updateDrafts raises the drafts below it (deleted ones too); other sandboxes keep theirs", async () => {
    const team = await personas(app);
    const draft = await makeSandbox(app, team.workspaceId, team.writer.id, { path: null, privacy: 0 });
    const deletedDraft = await makeSandbox(app, team.workspaceId, team.writer.id, {
      path: null,
      privacy: 0,
      removed: true,
    });
    const privateDraft = await makeSandbox(app, team.workspaceId, team.writer.id, { path: null, privacy: 2 });
    const inFolder = await makeSandbox(app, team.workspaceId, team.writer.id, { path: "/site", privacy: 0 });
    const elsewhere = await makeSandbox(app, team.writer.primaryTeamId, team.writer.id, {
      path: null,
      privacy: 0,
    });

    const result = await setMinimum(team.admin, team.workspaceId, 1, true);
    expect(result.data!.setTeamMinimumPrivacy).toEqual({ minimumPrivacy: 1 });
    expect(await privacyOf(draft)).toBe(1);
    expect(await privacyOf(deletedDraft)).toBe(1);
    expect(await privacyOf(privateDraft)).toBe(2);
    expect(await privacyOf(inFolder)).toBe(0);
    expect(await privacyOf(elsewhere)).toBe(0);
  });

  it("S2-4.004 / without updateDrafts the drafts keep their privacy; what changes afterwards is held to the minimum", async () => {
    const team = await personas(app);
    const draft = await makeSandbox(app, team.workspaceId, team.writer.id, { path: null, privacy: 0 });
    await setMinimum(team.admin, team.workspaceId, 2, false);
    expect(await privacyOf(draft)).toBe(0);
    expect((await settings(team.workspaceId)).minimumPrivacy).toBe(2);
    // The sandboxes service refuses a privacy below the new minimum.
    const lowered = await gql(
      app,
      team.writer,
      "mutation($ids: [ID!]!) { setSandboxesPrivacy(sandboxIds: $ids, privacy: 1) { id } }",
      { ids: [draft] },
    );
    expect(outcome(lowered)).toEqual({ code: "INVALID", message: DASHBOARD_MESSAGES.privacyBelowMinimum(2) });
  });

  it("an invalid privacy value is refused and changes nothing", async () => {
    const before = (await settings(p.workspaceId)).minimumPrivacy;
    for (const value of [-1, 3, 10]) {
      expect(outcome(await setMinimum(p.admin, p.workspaceId, value, true))).toEqual({
        code: "INVALID",
        message: DASHBOARD_MESSAGES.privacyInvalid,
      });
    }
    expect((await settings(p.workspaceId)).minimumPrivacy).toBe(before);
  });
});

describe("settings", () => {
  it("S1-3.006 / an admin sets the default authorization, the AI consent, and switches the Pro-only sandbox settings off", async () => {
    expect(
      (await setDefault(p.admin, p.workspaceId, "READ")).data!.setDefaultTeamMemberAuthorization,
    ).toEqual({
      defaultAuthorization: "READ",
    });
    expect((await setConsent(p.admin, p.workspaceId)).data!.setTeamAiConsent).toEqual(CONSENT);
    expect(
      (await setSandboxSettings(p.admin, p.workspaceId, false, false)).data!.setWorkspaceSandboxSettings,
    ).toEqual({
      preventSandboxLeaving: false,
      preventSandboxExport: false,
    });
    expect(await settings(p.workspaceId)).toMatchObject({ defaultAuthorization: "READ", aiConsent: CONSENT });
    const bad = await setDefault(p.admin, p.workspaceId, "OWNER");
    expect(bad.errors![0]!.message).toContain("OWNER");
    expect((await settings(p.workspaceId)).defaultAuthorization).toBe("READ");
  });

  it("S2-6.007 / prevent leaving and prevent export are for Pro workspaces: a Free workspace's admin cannot switch them on", async () => {
    for (const [leaving, exporting] of [
      [true, false],
      [false, true],
    ] as const) {
      expect(outcome(await setSandboxSettings(p.admin, p.workspaceId, leaving, exporting))).toEqual({
        code: "FORBIDDEN",
        message: WORKSPACE_MESSAGES.proOnlySandboxSettings,
      });
    }
    expect(await settings(p.workspaceId)).toMatchObject({
      preventSandboxLeaving: false,
      preventSandboxExport: false,
    });
  });

  it("only admins change settings; a non-member is told the workspace does not exist; frozen workspaces keep their settings editable", async () => {
    const before = await settings(p.workspaceId);
    await expectOnlyAdmins(p, (user) => setMinimum(user, p.workspaceId, 2, true));
    await expectOnlyAdmins(p, (user) => setDefault(user, p.workspaceId, "ADMIN"));
    await expectOnlyAdmins(p, (user) => setSandboxSettings(user, p.workspaceId, false, false));
    await expectOnlyAdmins(p, (user) =>
      setConsent(user, p.workspaceId, { ...CONSENT, privateSandboxes: true }),
    );
    const after = await settings(p.workspaceId);
    expect([after.minimumPrivacy, after.defaultAuthorization, after.aiConsent]).toEqual([
      before.minimumPrivacy,
      before.defaultAuthorization,
      before.aiConsent,
    ]);
    await whileFrozen(app, p, async () => {
      expect(outcome(await setMinimum(p.admin, p.workspaceId, 1, false))).toBe("OK");
      expect(outcome(await setDefault(p.admin, p.workspaceId, "WRITE"))).toBe("OK");
      expect(outcome(await setConsent(p.admin, p.workspaceId))).toBe("OK");
    });
  });
});

describe("on an on-premise install (Pro)", () => {
  it("S1-6.014 / S2-6.007 / admins switch prevent leaving and prevent export on; members may be 20", async () => {
    const onPremise = await testApp({ BOXYARD_ON_PREMISE: "true" });
    const team = await personas(onPremise);
    const result = await gql<{ setWorkspaceSandboxSettings: { preventSandboxLeaving: boolean } }>(
      onPremise,
      team.admin,
      `mutation($teamId: UUID4!) { setWorkspaceSandboxSettings(teamId: $teamId, preventSandboxLeaving: true, preventSandboxExport: true) {
        preventSandboxLeaving preventSandboxExport } }`,
      { teamId: team.workspaceId },
    );
    expect(result.data!.setWorkspaceSandboxSettings).toEqual({
      preventSandboxLeaving: true,
      preventSandboxExport: true,
    });
    const limits = await gql<{ me: { team: { limits: { includedMembers: number } } } }>(
      onPremise,
      team.admin,
      "query($teamId: UUID4!) { me { id team(id: $teamId) { limits { includedMembers } } } }",
      { teamId: team.workspaceId },
    );
    expect(limits.data!.me.team.limits.includedMembers).toBe(20);
  });
});
