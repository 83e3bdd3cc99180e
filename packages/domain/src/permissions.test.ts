import { describe, expect, it } from "vitest";
import {
  canEditFolders,
  hasPermission,
  higherAuthorization,
  permissionOf,
  workspaceRoles,
} from "./permissions.ts";

describe("permissions", () => {
  it("S1-6.001 / a user holds a permission when their level is at or above the required one", () => {
    expect(hasPermission("write_code", "read")).toBe(true);
    expect(hasPermission("comment", "comment")).toBe(true);
    expect(hasPermission("read", "comment")).toBe(false);
    expect(hasPermission("none", "read")).toBe(false);
    expect(permissionOf("OWNER")).toBe("write_code");
    expect(permissionOf("COMMENT")).toBe("comment");
  });

  it("S1-6.002 / ADMIN is admin, editor and viewer and billing manager; WRITE editor and viewer; READ viewer; teamManager adds billing manager", () => {
    expect(workspaceRoles("ADMIN", false)).toEqual({
      admin: true,
      editor: true,
      viewer: true,
      billingManager: true,
    });
    expect(workspaceRoles("WRITE", false)).toEqual({
      admin: false,
      editor: true,
      viewer: true,
      billingManager: false,
    });
    expect(workspaceRoles("READ", true)).toEqual({
      admin: false,
      editor: false,
      viewer: true,
      billingManager: true,
    });
  });

  it("S1-5.014 / folder-level editing needs editor rights and an unfrozen workspace", () => {
    expect(canEditFolders("WRITE", false)).toBe(true);
    expect(canEditFolders("ADMIN", true)).toBe(false);
    expect(canEditFolders("READ", false)).toBe(false);
  });
});

describe("higherAuthorization", () => {
  it("S1-6.001 / a member who is also a collaborator holds the stronger of the two; the owner wins a tie", () => {
    expect(higherAuthorization("READ", "COMMENT")).toBe("COMMENT");
    expect(higherAuthorization("WRITE_PROJECT", "COMMENT")).toBe("WRITE_PROJECT");
    expect(higherAuthorization("NONE", "READ")).toBe("READ");
    expect(higherAuthorization("WRITE_CODE", "OWNER")).toBe("OWNER");
    expect(higherAuthorization("OWNER", "WRITE_CODE")).toBe("OWNER");
    expect(higherAuthorization("NONE", "NONE")).toBe("NONE");
  });
});
