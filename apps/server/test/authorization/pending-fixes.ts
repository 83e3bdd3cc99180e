/**
 * Cells of the authorization table that fail today because of holes other work is closing (issue
 * 13). Each names the cell (`<path or route> <url> / <persona>`) and why it fails. The test fails
 * for every failing cell not listed here, and for a listed cell that passes (the fix landed:
 * remove it from the list).
 */
type PendingFix = { cell: string; reason: string };

/** The REST sandbox view (sandbox-view.ts) answers `team: {id, name}` to anyone who reads the sandbox. */
const sandboxViewTeam = (sandbox: string, personas: string[]): PendingFix[] =>
  personas.map((persona) => ({
    cell: `GET /api/v1/sandboxes/:id /api/v1/sandboxes/{${sandbox}} / ${persona}`,
    reason:
      "GET /api/v1/sandboxes/:id shows the sandbox's workspace ({id, name}) to non-members; like GraphQL " +
      "Sandbox.team it is null for them (sandboxes module, sandbox-view.ts)",
  }));

export const PENDING_FIXES: PendingFix[] = [
  ...sandboxViewTeam("publicSandbox", ["signedOut", "outsider"]),
  ...sandboxViewTeam("unlistedSandbox", ["signedOut", "outsider"]),
  ...sandboxViewTeam("sharedSandbox", ["outsider"]),
  ...sandboxViewTeam("forkOfPrivateTemplate", ["signedOut", "outsider"]),
];
