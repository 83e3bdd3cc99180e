import {
  DASHBOARD_MESSAGES,
  FILE_MESSAGES,
  hasTeamAuthorization,
  higherAuthorization,
  PERMISSION_LEVELS,
  permissionOf,
  type SandboxAuthorization,
  type TeamMemberAuthorization,
} from "@boxyard/domain";
import { type AppError, forbidden, notFound } from "../../http/errors.ts";
import { type Membership, WORKSPACE_FROZEN } from "../workspaces/workspace.policy.ts";

/** The parts of a sandbox row its policy looks at. */
export type SandboxSubject = {
  id: string;
  workspaceId: string;
  authorId: string | null;
  collectionId: string | null;
  isFrozen: boolean;
  preventSandboxLeaving: boolean;
};

export type SandboxAction =
  | "edit" // privacy, protect, templates: WRITE and an unfrozen workspace
  | "change" // rename, move, delete: also refused while the sandbox is protected
  | "admin"; // prevent export / prevent leaving: ADMIN only

export const isDraft = (s: Pick<SandboxSubject, "collectionId">) => s.collectionId === null;

/** A workspace member sees the workspace's sandboxes; a draft only its author sees. */
export function canSeeSandbox(
  userId: string,
  membership: Membership | null,
  sandbox: SandboxSubject,
): boolean {
  if (!membership || membership.workspaceId !== sandbox.workspaceId) return false;
  return !isDraft(sandbox) || sandbox.authorId === userId;
}

/** Why the user may not do `action` on the sandbox, or null when they may. Unseen sandboxes are NOT_FOUND. */
export function sandboxProblem(
  userId: string,
  membership: Membership | null,
  sandbox: SandboxSubject,
  action: SandboxAction,
): AppError | null {
  if (!membership || !canSeeSandbox(userId, membership, sandbox)) {
    return notFound(DASHBOARD_MESSAGES.sandboxNotFound);
  }
  const need: TeamMemberAuthorization = action === "admin" ? "ADMIN" : "WRITE";
  if (!hasTeamAuthorization(membership.authorization, need)) {
    return forbidden(
      need === "ADMIN"
        ? "Only workspace admins can do that."
        : "Viewers cannot change sandboxes of this workspace.",
    );
  }
  if (membership.frozen) return forbidden(WORKSPACE_FROZEN);
  if (action === "change" && sandbox.isFrozen) return forbidden(DASHBOARD_MESSAGES.sandboxProtected);
  return null;
}

export const DRAFT_NOT_YOURS = "Only its author or a workspace admin can move a sandbox into drafts.";

/**
 * Moving a sandbox into drafts makes it the mover's draft, seen by them alone: only its author, or
 * an admin of its workspace, may do it (a WRITE member would take another's sandbox away).
 */
export function draftProblem(
  userId: string,
  membership: Membership,
  sandbox: Pick<SandboxSubject, "authorId">,
): AppError | null {
  if (sandbox.authorId === userId || membership.authorization === "ADMIN") return null;
  return forbidden(DRAFT_NOT_YOURS);
}

/** Whether the sandbox may leave its workspace (sandbox or workspace setting). */
export function leavingProblem(
  sandbox: Pick<SandboxSubject, "preventSandboxLeaving">,
  source: Pick<Membership, "preventSandboxLeaving">,
): AppError | null {
  if (sandbox.preventSandboxLeaving || source.preventSandboxLeaving) {
    return forbidden(DASHBOARD_MESSAGES.sandboxCannotLeave);
  }
  return null;
}

/**
 * The sandbox authorization a member holds (spec 1 §3 enumerations, §6 levels): its author OWNER,
 * the workspace's WRITE and ADMIN members WRITE_CODE, its READ members READ (an author who is now a
 * READ member included: a viewer of the workspace changes none of its sandboxes).
 */
export function sandboxAuthorization(
  userId: string,
  membership: Membership | null,
  sandbox: SandboxSubject,
): "OWNER" | "WRITE_CODE" | "READ" | "NONE" {
  if (!membership || !canSeeSandbox(userId, membership, sandbox)) return "NONE";
  if (!hasTeamAuthorization(membership.authorization, "WRITE")) return "READ";
  return sandbox.authorId === userId ? "OWNER" : "WRITE_CODE";
}

/** What the read rule looks at beyond the command subject. */
export type ReadableSubject = SandboxSubject & { privacy: number; removedAt: Date | null };

/**
 * The facts the level a user holds on one sandbox is decided on: their membership of its
 * workspace, the level it was shared with them at, and whether the workspace is frozen (known
 * without a membership: a collaborator is no member).
 */
export type SandboxAccess = {
  sandbox: ReadableSubject;
  membership: Membership | null;
  collaboration: Exclude<SandboxAuthorization, "OWNER" | "NONE"> | null;
  workspaceFrozen: boolean;
};

/** The level a user holds, as member or collaborator (the higher); a deleted sandbox is its members' only. */
export function heldAuthorization(userId: string, access: SandboxAccess): SandboxAuthorization {
  const asMember = sandboxAuthorization(userId, access.membership, access.sandbox);
  if (!access.collaboration || access.sandbox.removedAt) return asMember;
  return higherAuthorization(asMember, access.collaboration);
}

const rank = (a: SandboxAuthorization) => PERMISSION_LEVELS.indexOf(permissionOf(a));
/** `held`, lowered to `cap` when it is above it. */
const atMost = (held: SandboxAuthorization, cap: SandboxAuthorization) =>
  rank(held) < rank(cap) ? cap : held;

/**
 * What the user may do with the sandbox now (the `authorization` its views answer): the level they
 * hold, lowered by the sandbox's state. A deleted sandbox and a frozen workspace's are read-only;
 * a protected one keeps its code (its details, privacy for one, still change).
 */
export function effectiveAuthorization(userId: string, access: SandboxAccess): SandboxAuthorization {
  const held = heldAuthorization(userId, access);
  if (held === "NONE") return held;
  if (access.sandbox.removedAt || access.workspaceFrozen) return atMost(held, "READ");
  if (access.sandbox.isFrozen) return atMost(held, "WRITE_PROJECT");
  return held;
}

/**
 * Why the user may not change the sandbox's files and folders, or null when they may (issue 15,
 * spec 1 §3 and §6): OWNER and WRITE_CODE may, in a sandbox neither deleted nor protected, of a
 * workspace that is not frozen. Whoever may not read it is told it does not exist.
 */
export function codeWriteProblem(userId: string, access: SandboxAccess): AppError | null {
  const { sandbox, membership, collaboration } = access;
  if (!canReadSandbox(userId, membership, collaboration !== null, sandbox)) {
    return notFound(DASHBOARD_MESSAGES.sandboxNotFound);
  }
  if (sandbox.removedAt) return forbidden(FILE_MESSAGES.deleted);
  if (permissionOf(heldAuthorization(userId, access)) !== "write_code") {
    return forbidden(FILE_MESSAGES.readOnly);
  }
  if (access.workspaceFrozen) return forbidden(WORKSPACE_FROZEN);
  if (sandbox.isFrozen) return forbidden(DASHBOARD_MESSAGES.sandboxProtected);
  return null;
}

/**
 * Who may open a sandbox (its page, `GET /api/v1/sandboxes/:id`, GraphQL `sandbox`): a draft its
 * author and the people they shared it with; a deleted sandbox only the members who see it in
 * Recently deleted; a public (0) or unlisted (1) one anyone, signed out too; a private (2) one the
 * members of its workspace and its collaborators. Everyone else is told it does not exist.
 */
export function canReadSandbox(
  viewerId: string | null,
  membership: Membership | null,
  isCollaborator: boolean,
  sandbox: ReadableSubject,
): boolean {
  if (sandbox.removedAt !== null) return viewerId !== null && canSeeSandbox(viewerId, membership, sandbox);
  // A draft its author shared is open to the people it was shared with.
  if (isDraft(sandbox)) {
    return viewerId !== null && (canSeeSandbox(viewerId, membership, sandbox) || isCollaborator);
  }
  if (sandbox.privacy < 2) return true;
  if (viewerId === null) return false;
  return canSeeSandbox(viewerId, membership, sandbox) || isCollaborator;
}

/**
 * A short-lived token that lets a preview read as the user who asked for it, within a scope: one
 * sandbox (the /auth/sandbox page) or one workspace's sandboxes (the /auth/sandpack page).
 */
export type ReadGrant = { userId: string } & ({ sandboxId: string } | { workspaceId: string });

export function grantCovers(grant: ReadGrant, sandbox: Pick<SandboxSubject, "id" | "workspaceId">): boolean {
  return "sandboxId" in grant ? grant.sandboxId === sandbox.id : grant.workspaceId === sandbox.workspaceId;
}
