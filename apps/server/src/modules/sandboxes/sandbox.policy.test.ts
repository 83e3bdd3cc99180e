import { describe, expect, it } from "vitest";
import type { Membership } from "../workspaces/workspace.policy.ts";
import {
  canSeeSandbox,
  leavingProblem,
  type SandboxSubject,
  sandboxAuthorization,
  sandboxProblem,
} from "./sandbox.policy.ts";

const member = (authorization: Membership["authorization"], frozen = false): Membership => ({
  workspaceId: "w1",
  userId: "u1",
  authorization,
  teamManager: false,
  frozen,
  minimumPrivacy: 0,
  preventSandboxExport: false,
  preventSandboxLeaving: false,
});
const sandbox = (over: Partial<SandboxSubject> = {}): SandboxSubject => ({
  id: "abc123",
  workspaceId: "w1",
  authorId: "u2",
  collectionId: "c1",
  isFrozen: false,
  preventSandboxLeaving: false,
  ...over,
});
const code = (e: { code: string } | null) => e?.code ?? "OK";

describe("sandbox policy", () => {
  it("S1-6.009 / members see the workspace's sandboxes; drafts only their author", () => {
    expect(canSeeSandbox("u1", member("READ"), sandbox())).toBe(true);
    expect(canSeeSandbox("u1", member("ADMIN"), sandbox({ collectionId: null }))).toBe(false);
    expect(canSeeSandbox("u2", { ...member("READ"), userId: "u2" }, sandbox({ collectionId: null }))).toBe(
      true,
    );
    expect(canSeeSandbox("u1", null, sandbox())).toBe(false);
    expect(canSeeSandbox("u1", member("ADMIN"), sandbox({ workspaceId: "w2" }))).toBe(false);
  });

  it("S1-6.009 / writes need WRITE and an unfrozen workspace; protected blocks changes; admin actions need ADMIN", () => {
    const table: [Membership | null, Partial<SandboxSubject>, "edit" | "change" | "admin", string][] = [
      [null, {}, "edit", "NOT_FOUND"],
      [member("READ"), {}, "edit", "FORBIDDEN"],
      [member("WRITE"), {}, "edit", "OK"],
      [member("WRITE", true), {}, "edit", "FORBIDDEN"],
      [member("WRITE"), { isFrozen: true }, "edit", "OK"],
      [member("WRITE"), { isFrozen: true }, "change", "FORBIDDEN"],
      [member("WRITE"), {}, "admin", "FORBIDDEN"],
      [member("ADMIN"), {}, "admin", "OK"],
      [member("ADMIN"), { collectionId: null }, "edit", "NOT_FOUND"],
    ];
    for (const [m, over, action, expected] of table) {
      expect(code(sandboxProblem("u1", m, sandbox(over), action))).toBe(expected);
    }
  });

  it("S1-7.034 / prevent-leaving (sandbox or workspace) stops a move out of the workspace", () => {
    expect(code(leavingProblem(sandbox(), member("WRITE")))).toBe("OK");
    expect(code(leavingProblem(sandbox({ preventSandboxLeaving: true }), member("WRITE")))).toBe("FORBIDDEN");
    expect(code(leavingProblem(sandbox(), { ...member("WRITE"), preventSandboxLeaving: true }))).toBe(
      "FORBIDDEN",
    );
  });

  it("S1-7.033 / the viewer's sandbox authorization", () => {
    expect(sandboxAuthorization("u2", { ...member("READ"), userId: "u2" }, sandbox())).toBe("OWNER");
    expect(sandboxAuthorization("u1", member("WRITE"), sandbox())).toBe("WRITE_PROJECT");
    expect(sandboxAuthorization("u1", member("READ"), sandbox())).toBe("READ");
    expect(sandboxAuthorization("u1", null, sandbox())).toBe("NONE");
  });
});
