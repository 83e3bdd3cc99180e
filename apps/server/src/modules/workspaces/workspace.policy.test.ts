import { describe, expect, it } from "vitest";
import type { AppError } from "../../http/errors.ts";
import {
  authorizeWorkspace,
  lastAdminProblem,
  type Membership,
  memberLimitProblem,
  personalProblem,
  sandboxSettingsProblem,
  WORKSPACE_FROZEN,
  WORKSPACE_RULES,
} from "./workspace.policy.ts";

const member = (authorization: Membership["authorization"], frozen = false): Membership => ({
  workspaceId: "w",
  userId: "u",
  authorization,
  teamManager: false,
  frozen,
  minimumPrivacy: 0,
  preventSandboxExport: false,
  preventSandboxLeaving: false,
});

const codeOf = (run: () => unknown) => {
  try {
    run();
    return "OK";
  } catch (error) {
    return (error as AppError).code;
  }
};

describe("workspace policy", () => {
  it("answers a non-member as if the workspace did not exist", () => {
    expect(codeOf(() => authorizeWorkspace(null, "READ", { write: false }))).toBe("NOT_FOUND");
  });

  it("S1-6.002 / S1-6.005 / READ may read but not write; WRITE may write; only ADMIN administers", () => {
    expect(codeOf(() => authorizeWorkspace(member("READ"), "READ", { write: false }))).toBe("OK");
    expect(codeOf(() => authorizeWorkspace(member("READ"), "WRITE", { write: true }))).toBe("FORBIDDEN");
    expect(codeOf(() => authorizeWorkspace(member("WRITE"), "WRITE", { write: true }))).toBe("OK");
    expect(codeOf(() => authorizeWorkspace(member("WRITE"), "ADMIN", { write: true }))).toBe("FORBIDDEN");
    expect(codeOf(() => authorizeWorkspace(member("ADMIN"), "ADMIN", { write: true }))).toBe("OK");
  });

  it("S1-6.006 / a frozen workspace refuses writes, even to admins, and still allows reads", () => {
    expect(() => authorizeWorkspace(member("ADMIN", true), "WRITE", { write: true })).toThrow(
      WORKSPACE_FROZEN,
    );
    expect(codeOf(() => authorizeWorkspace(member("READ", true), "READ", { write: false }))).toBe("OK");
  });
});

describe("workspace management rules", () => {
  it("a frozen workspace refuses growth (inviting) but not administration, leaving or deleting", () => {
    const refused = Object.entries(WORKSPACE_RULES)
      .filter(([, rule]) => rule.frozen === "refused")
      .map(([operation]) => operation);
    expect(refused).toEqual(["invite"]);
    expect(WORKSPACE_RULES.leave.need).toBe("READ");
  });

  it("the last admin cannot go", () => {
    expect(lastAdminProblem([{ userId: "a", authorization: "WRITE" }])?.code).toBe("INVALID");
    expect(lastAdminProblem([])?.code).toBe("INVALID");
    expect(lastAdminProblem([{ userId: "a", authorization: "ADMIN" }])).toBeNull();
  });

  it("S2-6.015 / members and pending invitations count together against the plan's limit", () => {
    expect(memberLimitProblem(3, 1, 1, 5)).toBeNull();
    expect(memberLimitProblem(3, 2, 1, 5)?.code).toBe("FORBIDDEN");
  });

  it("a personal workspace takes no invitations and cannot be left or deleted; a team workspace can", () => {
    for (const action of ["invite", "leave", "delete"] as const) {
      expect(personalProblem({ type: "PERSONAL" }, action)?.code).toBe("FORBIDDEN");
      expect(personalProblem({ type: "TEAM" }, action)).toBeNull();
    }
  });

  it("S2-6.007 / prevent leaving and export need Pro to switch on, never to switch off", () => {
    const off = { preventSandboxLeaving: false, preventSandboxExport: false };
    expect(sandboxSettingsProblem(false, off)).toBeNull();
    expect(sandboxSettingsProblem(false, { ...off, preventSandboxExport: true })?.code).toBe("FORBIDDEN");
    expect(
      sandboxSettingsProblem(true, { preventSandboxLeaving: true, preventSandboxExport: true }),
    ).toBeNull();
  });
});
