/** Query parameters the dashboard handles once and removes (spec 1 §2). */
export const DASHBOARD_PARAMS = [
  "workspace",
  "import_repo",
  "create_sandbox",
  "create_devbox",
  "create",
  "preferences",
] as const;

export type CreateIntent = { kind: "sandbox" | "devbox" | "generic"; forkSandboxId: string | null };

export type DashboardIntent = {
  workspaceId: string | null;
  /** owner/name to prefill, or `{ prefill: null }` to open the import dialog without one. */
  importRepo: { prefill: { owner: string; name: string } | null } | null;
  create: CreateIntent | null;
  preferences: string | null;
};

const OWNER_NAME = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/;

function createIntent(kind: "sandbox" | "devbox", value: string | null): CreateIntent | null {
  if (value === null) return null;
  // create_sandbox / create_devbox values other than true are a sandbox id to fork (spec 1 §5).
  return { kind, forkSandboxId: value === "true" || value === "" ? null : value };
}

export function parseDashboardParams(search: string): {
  intent: DashboardIntent;
  remaining: string;
  consumed: boolean;
} {
  const params = new URLSearchParams(search);
  const importValue = params.get("import_repo");
  const match = importValue?.match(OWNER_NAME);
  const intent: DashboardIntent = {
    workspaceId: params.get("workspace") || null,
    importRepo:
      importValue === null ? null : { prefill: match ? { owner: match[1]!, name: match[2]! } : null },
    create:
      createIntent("sandbox", params.get("create_sandbox")) ??
      createIntent("devbox", params.get("create_devbox")) ??
      (params.get("create") === "true" ? { kind: "generic", forkSandboxId: null } : null),
    preferences: params.get("preferences") || null,
  };
  const consumed = DASHBOARD_PARAMS.some((key) => params.has(key));
  for (const key of DASHBOARD_PARAMS) params.delete(key);
  const rest = params.toString();
  return { intent, remaining: rest ? `?${rest}` : "", consumed };
}
