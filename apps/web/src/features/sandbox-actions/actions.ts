import type { DashboardPage, Privacy, TeamMemberAuthorization } from "@boxyard/domain";
import type { DashboardSandbox } from "../../api/queries/sandbox-fragments.ts";

/**
 * The dashboard pages a sandbox list can sit on (spec 1 §2 'Dashboard page kinds'); the template
 * home and the repositories pages list no sandboxes.
 */
export type ListPage = Exclude<DashboardPage, "TEMPLATE_HOME" | "REPOS">;

export type SandboxActionId =
  | "open"
  | "open-new-tab"
  | "download"
  | "rename"
  | "move"
  | "make-template"
  | "unmake-template"
  | "edit-template"
  | "privacy"
  | "protect"
  | "unprotect"
  | "prevent-leaving"
  | "allow-leaving"
  | "prevent-export"
  | "allow-export"
  | "trash"
  | "recover"
  | "delete-permanently";

/**
 * What the context menu offers for one item or a selection (spec 1 §6): READ members open and
 * download; sandbox actions need the sandbox to belong to the active workspace, an editor and an
 * unfrozen workspace (the server refuses every change in a frozen one);
 * the prevent-leaving and prevent-export switches are for admins of Pro workspaces (spec 2 §6).
 * On Recently deleted: Recover and Delete permanently.
 */
export function sandboxActions({
  items,
  page,
  role,
  activeTeamId,
  pro = false,
  frozen = false,
}: {
  items: readonly DashboardSandbox[];
  page: ListPage;
  role: TeamMemberAuthorization;
  activeTeamId: string | null;
  pro?: boolean;
  frozen?: boolean;
}): SandboxActionId[] {
  if (items.length === 0) return [];
  const single = items.length === 1;
  const editor = role !== "READ" && !frozen;
  const own = items.every((item) => item.teamId === null || item.teamId === activeTeamId);
  if (page === "DELETED") return editor && own ? ["recover", "delete-permanently"] : [];

  const actions: SandboxActionId[] = single ? ["open", "open-new-tab"] : [];
  // Download as zip: whoever sees the sandboxes; devboxes and export-prevented ones are skipped.
  const download: SandboxActionId[] = own ? ["download"] : [];
  if (!editor || !own) return [...actions, ...download];
  if (single) actions.push("rename");
  actions.push("move");
  const templates = items.filter((item) => item.customTemplate !== null).length;
  if (templates === 0) actions.push("make-template");
  else if (templates === items.length) actions.push("unmake-template");
  if (single && templates === 1) actions.push("edit-template");
  actions.push("privacy");
  const isProtected = items.filter((item) => item.isFrozen).length;
  if (isProtected < items.length) actions.push("protect");
  if (isProtected > 0) actions.push("unprotect");
  if (role === "ADMIN" && pro) {
    const all = (key: "preventSandboxLeaving" | "preventSandboxExport") =>
      items.every((item) => item.permissions?.[key] ?? false);
    actions.push(all("preventSandboxLeaving") ? "allow-leaving" : "prevent-leaving");
    actions.push(all("preventSandboxExport") ? "allow-export" : "prevent-export");
  }
  actions.push(...download, "trash");
  return actions;
}

export const PRIVACY_LABELS: Record<Privacy, string> = { 0: "Public", 1: "Unlisted", 2: "Private" };

/** The page of a sandbox (by its alias) or a devbox (by its id): /s/{id*} (spec 1 §2). */
export function sandboxUrl(sandbox: Pick<DashboardSandbox, "id" | "alias" | "isV2">): string {
  return `/s/${sandbox.isV2 ? sandbox.id : sandbox.alias || sandbox.id}`;
}

export function openSandbox(sandbox: Pick<DashboardSandbox, "id" | "alias" | "isV2">, newTab = false) {
  const url = sandboxUrl(sandbox);
  if (newTab) window.open(url, "_blank", "noopener");
  else window.location.assign(url);
}
