import { DASHBOARD_MESSAGES, hasTeamAuthorization, type TeamMemberAuthorization } from "@boxyard/domain";
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

/** The sandbox authorization a member holds (spec 1 §3 enumerations). */
export function sandboxAuthorization(
  userId: string,
  membership: Membership | null,
  sandbox: SandboxSubject,
): "OWNER" | "WRITE_PROJECT" | "READ" | "NONE" {
  if (!membership || !canSeeSandbox(userId, membership, sandbox)) return "NONE";
  if (sandbox.authorId === userId) return "OWNER";
  return hasTeamAuthorization(membership.authorization, "WRITE") ? "WRITE_PROJECT" : "READ";
}

/** What the read rule looks at beyond the command subject. */
export type ReadableSubject = SandboxSubject & { privacy: number; removedAt: Date | null };

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
