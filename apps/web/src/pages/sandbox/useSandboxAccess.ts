import { useQuery } from "@tanstack/react-query";
import type { SandboxDetail } from "../../api/queries/sandbox.ts";
import { allTeamsQuery, teamQuery } from "../../api/queries/workspaces.ts";
import { type SandboxAccess, sandboxAccess } from "../../features/editor/access.ts";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { workspaceRole } from "../../features/workspace/roles.ts";

/**
 * What the viewer may do on this sandbox: its `authorization` (the server's word), whether the
 * viewer is a member of its workspace and in which role, and whether that workspace is frozen.
 */
export function useSandboxAccess(sandbox: SandboxDetail): SandboxAccess {
  const { isLoggedIn, user } = useSession();
  const teams = useQuery({ ...allTeamsQuery(), enabled: isLoggedIn });
  const workspace = teams.data?.me?.workspaces.find((w) => w.id === sandbox.teamId) ?? null;
  const membership = workspace ? workspaceRole(workspace, user?.id) : null;
  const team = useQuery({ ...teamQuery(sandbox.teamId), enabled: membership !== null });
  return sandboxAccess({
    authorization: sandbox.authorization,
    isFrozen: sandbox.isFrozen,
    isLoggedIn,
    membership,
    workspaceFrozen: team.data?.me?.team?.frozen ?? false,
  });
}
