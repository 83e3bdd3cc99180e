import { describe, expect, it } from "vitest";
import type { AppError } from "../../http/errors.ts";
import { authorizeWorkspace, type Membership, WORKSPACE_FROZEN } from "./workspace.policy.ts";

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
