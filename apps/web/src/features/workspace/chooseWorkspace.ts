type Candidate = { id: string; subscription?: { status: string } | null };

export type WorkspaceChoiceInput = {
  /** The `workspace` query parameter. */
  urlWorkspaceId?: string | null;
  /** The stored choice (localStorage). */
  storedWorkspaceId?: string | null;
  primaryWorkspaceId?: string | null;
  workspaces: readonly Candidate[];
};

/**
 * Active workspace choice (spec 1 §4), in order: URL parameter, stored choice, primary workspace,
 * first workspace with an active subscription, first workspace. An id that is not one of the
 * user's workspaces is skipped. Null means there is none: the user is sent to /create-workspace.
 */
export function chooseWorkspace({
  urlWorkspaceId,
  storedWorkspaceId,
  primaryWorkspaceId,
  workspaces,
}: WorkspaceChoiceInput): string | null {
  const ids = new Set(workspaces.map((workspace) => workspace.id));
  for (const candidate of [urlWorkspaceId, storedWorkspaceId, primaryWorkspaceId]) {
    if (candidate && ids.has(candidate)) return candidate;
  }
  const subscribed = workspaces.find((workspace) => workspace.subscription?.status === "ACTIVE");
  if (subscribed) return subscribed.id;
  return workspaces[0]?.id ?? null;
}
