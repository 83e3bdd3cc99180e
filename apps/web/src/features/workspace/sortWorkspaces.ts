/** The primary workspace first, the others sorted by lowercase name (spec 1 §2). */
export function sortWorkspaces<T extends { id: string; name: string }>(
  workspaces: readonly T[],
  primaryWorkspaceId: string | null | undefined,
): T[] {
  const primary = workspaces.filter((workspace) => workspace.id === primaryWorkspaceId);
  const others = workspaces
    .filter((workspace) => workspace.id !== primaryWorkspaceId)
    .sort((a, b) => {
      const left = a.name.toLowerCase();
      const right = b.name.toLowerCase();
      return left < right ? -1 : left > right ? 1 : 0;
    });
  return [...primary, ...others];
}
