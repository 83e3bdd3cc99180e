import { describe, expect, it } from "vitest";
import type { Membership } from "../workspaces/workspace.policy.ts";
import {
  canSeeSandbox,
  codeWriteProblem,
  effectiveAuthorization,
  leavingProblem,
  type SandboxAccess,
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

  it("S1-3.040 S1-6.001 / the viewer's sandbox authorization: author OWNER, WRITE and ADMIN members WRITE_CODE, READ members READ", () => {
    expect(sandboxAuthorization("u2", { ...member("WRITE"), userId: "u2" }, sandbox())).toBe("OWNER");
    expect(sandboxAuthorization("u2", { ...member("READ"), userId: "u2" }, sandbox())).toBe("READ");
    expect(sandboxAuthorization("u1", member("WRITE"), sandbox())).toBe("WRITE_CODE");
    expect(sandboxAuthorization("u1", member("ADMIN"), sandbox())).toBe("WRITE_CODE");
    expect(sandboxAuthorization("u1", member("READ"), sandbox())).toBe("READ");
    expect(sandboxAuthorization("u1", null, sandbox())).toBe("NONE");
  });

  describe("issue 15 / who may edit a sandbox's files", () => {
    const access = (over: Partial<SandboxAccess> & { subject?: Partial<SandboxSubject> } = {}) => {
      const { subject, ...rest } = over;
      return {
        sandbox: { ...sandbox(subject), privacy: 2, removedAt: null },
        membership: null,
        collaboration: null,
        workspaceFrozen: false,
        ...rest,
      } satisfies SandboxAccess;
    };
    const author = { ...member("WRITE"), userId: "u2" };
    const cases: [string, string, SandboxAccess, string, string][] = [
      ["the author", "u2", access({ membership: author }), "OWNER", "OK"],
      ["a WRITE member", "u1", access({ membership: member("WRITE") }), "WRITE_CODE", "OK"],
      ["an ADMIN member", "u1", access({ membership: member("ADMIN") }), "WRITE_CODE", "OK"],
      ["a READ member", "u1", access({ membership: member("READ") }), "READ", "FORBIDDEN"],
      ["a WRITE_CODE collaborator", "u9", access({ collaboration: "WRITE_CODE" }), "WRITE_CODE", "OK"],
      [
        "a WRITE_PROJECT collaborator",
        "u9",
        access({ collaboration: "WRITE_PROJECT" }),
        "WRITE_PROJECT",
        "FORBIDDEN",
      ],
      ["a COMMENT collaborator", "u9", access({ collaboration: "COMMENT" }), "COMMENT", "FORBIDDEN"],
      ["a READ collaborator", "u9", access({ collaboration: "READ" }), "READ", "FORBIDDEN"],
      [
        "a READ member shared WRITE_CODE",
        "u1",
        access({ membership: member("READ"), collaboration: "WRITE_CODE" }),
        "WRITE_CODE",
        "OK",
      ],
      ["a stranger (private)", "u9", access(), "NONE", "NOT_FOUND"],
      [
        "a stranger (public)",
        "u9",
        access({ sandbox: { ...sandbox(), privacy: 0, removedAt: null } }),
        "NONE",
        "FORBIDDEN",
      ],
      [
        "an ADMIN of a frozen workspace",
        "u1",
        access({ membership: member("ADMIN", true), workspaceFrozen: true }),
        "READ",
        "FORBIDDEN",
      ],
      [
        "a WRITE_CODE collaborator, frozen workspace",
        "u9",
        access({ collaboration: "WRITE_CODE", workspaceFrozen: true }),
        "READ",
        "FORBIDDEN",
      ],
      [
        "the author of a protected sandbox",
        "u2",
        access({ membership: author, subject: { isFrozen: true } }),
        "WRITE_PROJECT",
        "FORBIDDEN",
      ],
      [
        "a READ member of a protected sandbox",
        "u1",
        access({ membership: member("READ"), subject: { isFrozen: true } }),
        "READ",
        "FORBIDDEN",
      ],
      [
        "the author of a deleted sandbox",
        "u2",
        access({ membership: author, sandbox: { ...sandbox(), privacy: 2, removedAt: new Date() } }),
        "READ",
        "FORBIDDEN",
      ],
      [
        "a WRITE member, another's draft",
        "u1",
        access({ membership: member("WRITE"), subject: { collectionId: null } }),
        "NONE",
        "NOT_FOUND",
      ],
    ];
    it.each(cases)("%s", (_, userId, facts, level, write) => {
      expect(effectiveAuthorization(userId, facts)).toBe(level);
      expect(code(codeWriteProblem(userId, facts))).toBe(write);
    });
  });
});
