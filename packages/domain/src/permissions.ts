import type { TeamMemberAuthorization } from "./roles.ts";

/** Sandbox permission levels, highest first (spec 1 §6). */
export const PERMISSION_LEVELS = ["write_code", "write_project", "comment", "read", "none"] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/** True when `held` is at or above `required`. */
export function hasPermission(held: PermissionLevel, required: PermissionLevel): boolean {
  return PERMISSION_LEVELS.indexOf(held) <= PERMISSION_LEVELS.indexOf(required);
}

export const SANDBOX_AUTHORIZATIONS = [
  "COMMENT",
  "NONE",
  "OWNER",
  "READ",
  "WRITE_CODE",
  "WRITE_PROJECT",
] as const;
export type SandboxAuthorization = (typeof SANDBOX_AUTHORIZATIONS)[number];

/** The permission level a sandbox authorization grants. */
export function permissionOf(authorization: SandboxAuthorization): PermissionLevel {
  switch (authorization) {
    case "OWNER":
    case "WRITE_CODE":
      return "write_code";
    case "WRITE_PROJECT":
      return "write_project";
    case "COMMENT":
      return "comment";
    case "READ":
      return "read";
    case "NONE":
      return "none";
  }
}

/** The sandbox authorization a workspace member holds on the workspace's sandboxes. */
export function sandboxAuthorizationFor(role: TeamMemberAuthorization): SandboxAuthorization {
  return role === "READ" ? "READ" : "WRITE_CODE";
}

export type WorkspaceRoles = {
  admin: boolean;
  editor: boolean;
  viewer: boolean;
  billingManager: boolean;
};

/** Roles from a member's authorization (spec 1 §6): ADMIN ⊃ WRITE ⊃ READ; teamManager adds billing manager. */
export function workspaceRoles(authorization: TeamMemberAuthorization, teamManager: boolean): WorkspaceRoles {
  return {
    admin: authorization === "ADMIN",
    editor: authorization === "ADMIN" || authorization === "WRITE",
    viewer: true,
    billingManager: authorization === "ADMIN" || teamManager,
  };
}

/** Folder-level editing (create, rename, delete, move) needs editor rights in an unfrozen workspace. */
export function canEditFolders(authorization: TeamMemberAuthorization, frozen: boolean): boolean {
  return !frozen && authorization !== "READ";
}

/** The stronger of two authorizations a user holds on one sandbox (say as member and as collaborator). */
export function higherAuthorization(a: SandboxAuthorization, b: SandboxAuthorization): SandboxAuthorization {
  const rank = (x: SandboxAuthorization) =>
    PERMISSION_LEVELS.indexOf(permissionOf(x)) - (x === "OWNER" ? 0.5 : 0);
  return rank(b) < rank(a) ? b : a;
}
