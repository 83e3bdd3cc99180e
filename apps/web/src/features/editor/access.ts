import type { SandboxAuthorization, TeamMemberAuthorization } from "@boxyard/domain";
import { EDITOR_MESSAGES } from "./messages.ts";

export type SandboxAccess = {
  /** Files and the file tree: OWNER and WRITE_CODE, in an unfrozen workspace, the sandbox unprotected. */
  canEditFiles: boolean;
  /** Title, privacy: WRITE_PROJECT and above, in an unfrozen workspace. */
  canEditDetails: boolean;
  /** Move to a folder and delete: the workspace's editors (WRITE and ADMIN members). */
  canManage: boolean;
  /** Why the files are read only (null when they are not). */
  readOnlyReason: string | null;
};

const FILE_WRITERS: readonly SandboxAuthorization[] = ["OWNER", "WRITE_CODE"];
const DETAIL_WRITERS: readonly SandboxAuthorization[] = ["OWNER", "WRITE_CODE", "WRITE_PROJECT"];

/**
 * What the viewer may do on the sandbox page (spec 1 §3 and §6, issue 15). The server checks each
 * change again; this only decides what the page offers.
 */
export function sandboxAccess({
  authorization,
  isFrozen,
  isLoggedIn,
  membership,
  workspaceFrozen,
}: {
  authorization: SandboxAuthorization;
  isFrozen: boolean;
  isLoggedIn: boolean;
  /** The viewer's role in the sandbox's workspace, null when not a member. */
  membership: TeamMemberAuthorization | null;
  workspaceFrozen: boolean;
}): SandboxAccess {
  const canEditFiles = isLoggedIn && FILE_WRITERS.includes(authorization) && !isFrozen && !workspaceFrozen;
  const canEditDetails = isLoggedIn && DETAIL_WRITERS.includes(authorization) && !workspaceFrozen;
  const canManage = isLoggedIn && membership !== null && membership !== "READ" && !workspaceFrozen;
  const readOnlyReason = canEditFiles
    ? null
    : !isLoggedIn
      ? EDITOR_MESSAGES.readOnlySignedOut
      : isFrozen && FILE_WRITERS.includes(authorization)
        ? EDITOR_MESSAGES.readOnlyFrozen
        : EDITOR_MESSAGES.readOnly;
  return { canEditFiles, canEditDetails, canManage, readOnlyReason };
}
