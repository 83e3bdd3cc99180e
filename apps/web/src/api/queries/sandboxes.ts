import type { Privacy } from "@boxyard/domain";
import { type QueryClient, type QueryKey, queryOptions } from "@tanstack/react-query";
import { toast } from "../../ui/toastStore.ts";
import { getErrorMessage } from "../errors.ts";
import { graphql } from "../graphql.ts";
import { rest } from "../rest.ts";

/* ---------------------------------------------------------------------------------------------
 * Fragments (api-contract §3)
 * ------------------------------------------------------------------------------------------- */

export const SANDBOX_CARD = `fragment SandboxCard on Sandbox {
  id alias title description lastAccessedAt insertedAt updatedAt removedAt privacy isFrozen screenshotUrl
  viewCount likeCount isV2 draft restricted authorId teamId
  source { template } customTemplate { id color iconUrl } forkedTemplate { id color iconUrl }
  collection { path id } author { username }
  permissions { preventSandboxLeaving preventSandboxExport }
}`;

export const SANDBOX_BY_PATH = `fragment SandboxByPath on Sandbox {
  id alias title insertedAt updatedAt screenshotUrl isV2 isFrozen privacy restricted draft viewCount teamId
  source { template } customTemplate { id color iconUrl } forkedTemplate { id color iconUrl }
  collection { path id } author { username }
  permissions { preventSandboxLeaving preventSandboxExport }
}`;

export const DRAFT_SANDBOX = `fragment DraftSandbox on Sandbox { ...SandboxByPath authorId lastAccessedAt }
${SANDBOX_BY_PATH}`;

export const SANDBOX_SUMMARY = `fragment SandboxSummary on Sandbox {
  id alias title description updatedAt viewCount isV2 draft restricted privacy screenshotUrl teamId
  source { template } customTemplate { id color iconUrl } forkedTemplate { id color iconUrl } author { username } collection { path id }
}`;

export const RECENT_SANDBOX = `fragment RecentSandbox on Sandbox {
  id alias title lastAccessedAt privacy restricted draft isV2 screenshotUrl teamId
  source { template } customTemplate { id color iconUrl } forkedTemplate { id color iconUrl }
  collection { path id } author { username }
}`;

export const DELETED_SANDBOX = `fragment DeletedSandbox on Sandbox {
  id alias title isV2 removedAt privacy teamId collection { id path }
  source { template } customTemplate { id color iconUrl } forkedTemplate { id color iconUrl }
}`;

export const TEMPLATE_CARD = `fragment TemplateCard on Template {
  id color iconUrl published
  sandbox { ...SandboxCard team { name } git { id username commitSha path repo branch } }
}
${SANDBOX_CARD}`;

/* ---------------------------------------------------------------------------------------------
 * The one sandbox shape the dashboard lists use: every fragment above maps onto it; fields a
 * fragment leaves out are null.
 * ------------------------------------------------------------------------------------------- */

export type DashboardSandbox = {
  id: string;
  alias: string | null;
  title: string | null;
  description: string | null;
  insertedAt: string | null;
  updatedAt: string | null;
  lastAccessedAt: string | null;
  removedAt: string | null;
  privacy: Privacy;
  isFrozen: boolean;
  isV2: boolean;
  draft: boolean;
  restricted: boolean;
  viewCount: number;
  screenshotUrl: string | null;
  teamId: string | null;
  authorId: string | null;
  author: { username: string } | null;
  collection: { id: string; path: string } | null;
  source: { template: string | null } | null;
  /** Non-null when the sandbox is a template. */
  customTemplate: { id: string; color?: string | null; iconUrl: string | null } | null;
  forkedTemplate: { id: string; color?: string | null; iconUrl: string | null } | null;
  /** What the sandbox itself prevents (its workspace may prevent more). */
  permissions: { preventSandboxLeaving: boolean; preventSandboxExport: boolean } | null;
  /** Template metadata (Templates list only). */
  template?: { id: string; color: string | null; iconUrl: string | null } | null;
};

type RawSandbox = Partial<DashboardSandbox> & { id: string };

export function toDashboardSandbox(raw: RawSandbox): DashboardSandbox {
  return {
    id: raw.id,
    alias: raw.alias ?? null,
    title: raw.title ?? null,
    description: raw.description ?? null,
    insertedAt: raw.insertedAt ?? null,
    updatedAt: raw.updatedAt ?? null,
    lastAccessedAt: raw.lastAccessedAt ?? null,
    removedAt: raw.removedAt ?? null,
    privacy: (raw.privacy ?? 0) as Privacy,
    isFrozen: raw.isFrozen ?? false,
    isV2: raw.isV2 ?? false,
    draft: raw.draft ?? false,
    restricted: raw.restricted ?? false,
    viewCount: raw.viewCount ?? 0,
    screenshotUrl: raw.screenshotUrl ?? null,
    teamId: raw.teamId ?? null,
    authorId: raw.authorId ?? null,
    author: raw.author ?? null,
    collection: raw.collection ?? null,
    source: raw.source ?? null,
    customTemplate: raw.customTemplate ?? null,
    forkedTemplate: raw.forkedTemplate ?? null,
    permissions: raw.permissions ?? null,
    ...(raw.template !== undefined ? { template: raw.template } : {}),
  };
}

/** The title a sandbox shows: title, then alias, then id. */
export function sandboxTitle(sandbox: Pick<DashboardSandbox, "title" | "alias" | "id">): string {
  return sandbox.title || sandbox.alias || sandbox.id;
}

/** Every dashboard list is cached as `{items}` so optimistic updates can reach them all alike. */
export type SandboxList = { items: DashboardSandbox[] };

/* ---------------------------------------------------------------------------------------------
 * Keys: everything starts with ["sandboxes"], team lists with ["sandboxes", teamId].
 * ------------------------------------------------------------------------------------------- */

export const sandboxKeys = {
  all: ["sandboxes"] as const,
  team: (teamId: string) => ["sandboxes", teamId] as const,
  drafts: (teamId: string) => ["sandboxes", teamId, "drafts"] as const,
  deleted: (teamId: string) => ["sandboxes", teamId, "deleted"] as const,
  templates: (teamId: string) => ["sandboxes", teamId, "templates"] as const,
  recent: (teamId: string) => ["sandboxes", teamId, "recent"] as const,
  activity: (teamId: string) => ["sandboxes", teamId, "activity"] as const,
  byPath: (teamId: string, path: string) => ["sandboxes", teamId, "path", path] as const,
  shared: ["sandboxes", "shared-with-me"] as const,
};

/* ---------------------------------------------------------------------------------------------
 * Lists (api-contract §8, §9)
 * ------------------------------------------------------------------------------------------- */

export const TEAM_DRAFTS = `query TeamDrafts($teamId: UUID4!, $authorId: UUID4) {
  me { id team(id: $teamId) { id drafts(authorId: $authorId) { ...DraftSandbox } } }
}
${DRAFT_SANDBOX}`;

export const DELETED_TEAM_SANDBOXES = `query DeletedTeamSandboxes($teamId: UUID4!) {
  me { id team(id: $teamId) { id sandboxes(showDeleted: true, orderBy: { field: "updated_at", direction: DESC }) { ...DeletedSandbox } } }
}
${DELETED_SANDBOX}`;

export const TEAM_TEMPLATES = `query TeamTemplates($id: UUID4!) {
  me { id team(id: $id) { id name templates { ...TemplateCard } } }
}
${TEMPLATE_CARD}`;

export const SHARED_WITH_ME_SANDBOXES = `query SharedWithMeSandboxes {
  me { id collaboratorSandboxes { ...SandboxSummary } }
}
${SANDBOX_SUMMARY}`;

export const RECENTLY_ACCESSED_SANDBOXES = `query RecentlyAccessedSandboxes($limit: Int!, $teamId: UUID4) {
  me { id recentlyAccessedSandboxes(limit: $limit, teamId: $teamId) { ...RecentSandbox } }
}
${RECENT_SANDBOX}`;

type TeamField<T> = { me: { id: string; team: ({ id: string } & T) | null } | null };

/** The current user's drafts. The client sends `authorId: null`; the page keeps only the user's own. */
export const teamDraftsQuery = (teamId: string) =>
  queryOptions({
    queryKey: sandboxKeys.drafts(teamId),
    queryFn: async ({ signal }): Promise<SandboxList> => {
      const data = await graphql<TeamField<{ drafts: RawSandbox[] }>, { teamId: string; authorId: null }>(
        "TeamDrafts",
        TEAM_DRAFTS,
        { teamId, authorId: null },
        signal,
      );
      return { items: (data.me?.team?.drafts ?? []).map(toDashboardSandbox) };
    },
  });

export const deletedSandboxesQuery = (teamId: string) =>
  queryOptions({
    queryKey: sandboxKeys.deleted(teamId),
    queryFn: async ({ signal }): Promise<SandboxList> => {
      const data = await graphql<TeamField<{ sandboxes: RawSandbox[] }>, { teamId: string }>(
        "DeletedTeamSandboxes",
        DELETED_TEAM_SANDBOXES,
        { teamId },
        signal,
      );
      return { items: (data.me?.team?.sandboxes ?? []).map(toDashboardSandbox) };
    },
  });

type RawTemplate = { id: string; color: string | null; iconUrl: string | null; sandbox: RawSandbox | null };

export const teamTemplatesQuery = (teamId: string) =>
  queryOptions({
    queryKey: sandboxKeys.templates(teamId),
    queryFn: async ({ signal }): Promise<SandboxList> => {
      const data = await graphql<TeamField<{ name: string; templates: RawTemplate[] }>, { id: string }>(
        "TeamTemplates",
        TEAM_TEMPLATES,
        { id: teamId },
        signal,
      );
      const items: DashboardSandbox[] = [];
      for (const template of data.me?.team?.templates ?? []) {
        if (!template.sandbox) continue;
        items.push(
          toDashboardSandbox({
            ...template.sandbox,
            template: { id: template.id, color: template.color, iconUrl: template.iconUrl },
          }),
        );
      }
      return { items };
    },
  });

export const sharedWithMeQuery = () =>
  queryOptions({
    queryKey: sandboxKeys.shared,
    queryFn: async ({ signal }): Promise<SandboxList> => {
      const data = await graphql<{ me: { id: string; collaboratorSandboxes: RawSandbox[] } | null }>(
        "SharedWithMeSandboxes",
        SHARED_WITH_ME_SANDBOXES,
        undefined,
        signal,
      );
      return { items: (data.me?.collaboratorSandboxes ?? []).map(toDashboardSandbox) };
    },
  });

export const GET_WORKSPACE_SANDBOXES = `query GetWorkspaceSandboxes($teamId: UUID4!) {
  me { id team(id: $teamId) { id sandboxes(limit: 10, orderBy: { field: "updated_at", direction: DESC }) { ...SandboxSummary } } }
}
${SANDBOX_SUMMARY}`;

/** The Recent page's 'Explore workspace activity' when the user has no recent work of their own. */
export const workspaceActivityQuery = (teamId: string) =>
  queryOptions({
    queryKey: sandboxKeys.activity(teamId),
    queryFn: async ({ signal }): Promise<SandboxList> => {
      const data = await graphql<TeamField<{ sandboxes: RawSandbox[] }>, { teamId: string }>(
        "GetWorkspaceSandboxes",
        GET_WORKSPACE_SANDBOXES,
        { teamId },
        signal,
      );
      return { items: (data.me?.team?.sandboxes ?? []).map(toDashboardSandbox) };
    },
  });

/** The client sends limit 18 (RECENT_LIMIT). */
export const recentlyAccessedQuery = (teamId: string, limit = 18) =>
  queryOptions({
    queryKey: sandboxKeys.recent(teamId),
    queryFn: async ({ signal }): Promise<SandboxList> => {
      const data = await graphql<
        { me: { id: string; recentlyAccessedSandboxes: RawSandbox[] } | null },
        { limit: number; teamId: string }
      >("RecentlyAccessedSandboxes", RECENTLY_ACCESSED_SANDBOXES, { limit, teamId }, signal);
      return { items: (data.me?.recentlyAccessedSandboxes ?? []).map(toDashboardSandbox) };
    },
  });

/* ---------------------------------------------------------------------------------------------
 * Mutations (api-contract §7, §8, §9)
 * ------------------------------------------------------------------------------------------- */

export const MOVE_TO_TRASH = `mutation MoveToTrash($sandboxIds: [ID!]!) { deleteSandboxes(sandboxIds: $sandboxIds) { id } }`;
export const PERMANENTLY_DELETE_SANDBOXES = `mutation PermanentlyDeleteSandboxes($sandboxIds: [ID!]!) { permanentlyDeleteSandboxes(sandboxIds: $sandboxIds) { id } }`;
export const SET_SANDBOXES_PRIVACY = `mutation SetSandboxesPrivacy($sandboxIds: [ID!]!, $privacy: Int!) { setSandboxesPrivacy(sandboxIds: $sandboxIds, privacy: $privacy) { id } }`;
export const SET_SANDBOXES_FROZEN = `mutation SetSandboxesFrozen($sandboxIds: [ID!]!, $isFrozen: Boolean!) { setSandboxesFrozen(sandboxIds: $sandboxIds, isFrozen: $isFrozen) { id } }`;
export const RENAME_SANDBOX = `mutation RenameSandbox($id: ID!, $title: String!) { renameSandbox(id: $id, title: $title) { id } }`;
export const ADD_TO_FOLDER = `mutation AddToFolder($collectionPath: String, $sandboxIds: [ID!]!, $teamId: UUID4, $privacy: Int) { addToCollectionOrTeam(collectionPath: $collectionPath, sandboxIds: $sandboxIds, teamId: $teamId, privacy: $privacy) { id } }`;
export const MAKE_SANDBOXES_TEMPLATE = `mutation MakeSandboxesTemplate($sandboxIds: [ID!]!) { makeSandboxesTemplates(sandboxIds: $sandboxIds) { id } }`;
export const SET_PREVENT_SANDBOXES_LEAVING = `mutation SetPreventSandboxesLeavingWorkspace($sandboxIds: [ID!]!, $preventSandboxLeaving: Boolean!) { setPreventSandboxesLeavingWorkspace(sandboxIds: $sandboxIds, preventSandboxLeaving: $preventSandboxLeaving) { id } }`;
export const SET_PREVENT_SANDBOXES_EXPORT = `mutation SetPreventSandboxesExport($sandboxIds: [ID!]!, $preventSandboxExport: Boolean!) { setPreventSandboxesExport(sandboxIds: $sandboxIds, preventSandboxExport: $preventSandboxExport) { id } }`;
export const SET_TEMPLATE_APPEARANCE = `mutation SetTemplateAppearance($templateId: UUID4!, $color: String, $iconUrl: String) { setTemplateAppearance(templateId: $templateId, color: $color, iconUrl: $iconUrl) { id color iconUrl } }`;
export const UNMAKE_SANDBOXES_TEMPLATE = `mutation UnmakeSandboxesTemplate($sandboxIds: [ID!]!) { unmakeSandboxesTemplates(sandboxIds: $sandboxIds) { id } }`;

/** Dashboard messages (spec 1 §8), word for word. */
export const SANDBOX_MESSAGES = {
  getSandboxes: "There was a problem getting your sandboxes",
  getDeleted: "There was a problem getting your deleted Sandboxes",
  getTemplates: "There was a problem getting your Templates",
  delete: "There was a problem deleting your Sandbox",
  revertTemplate: "There was a problem reverting your template",
  rename: "There was a problem renaming your sandbox",
  makeTemplate: "There was a problem making your template",
  recover: "There was a problem recovering your sandbox",
  move: "There was a problem moving your sandbox",
  createFolder: "There was a problem creating your folder",
  // The spec names these failures without giving their words; same voice.
  renameFolder: "There was a problem renaming your folder",
  deleteFolder: "There was a problem deleting your folder",
  privacy: "There was a problem updating the privacy of your sandbox",
  frozen: "There was a problem updating the protected status of your sandbox",
  // The spec names a template-created notice without giving its words.
  templateCreated: "Template created",
  // Spec 1 §8 'sandbox permission update failure' and the success toast 'Sandbox permissions updated.'.
  permissions: "There was a problem updating the permissions of your sandbox",
  permissionsUpdated: "Sandbox permissions updated.",
  download: "There was a problem downloading your sandboxes",
  appearance: "There was a problem updating your template",
} as const;

/** Spec 1 §5: the notice of a download that skipped sandboxes (devboxes, export prevented). */
export function skippedMessage(skipped: number) {
  return `${skipped} sandbox(es) were skipped for lack of export permission.`;
}

/** 'Successfully moved to {destination}' (spec 1 §8). */
export function movedMessage(destination: string) {
  return `Successfully moved to ${destination}`;
}

/** The success toast of a move; the moves of one drop (sandboxes, folders) share it. */
export function toastMoved(destination: string) {
  toast.success(movedMessage(destination), { id: `moved:${destination}` });
}

/** Limit failures (SANDBOX_LIMIT, DRAFT_LIMIT) show the server's message; the rest the fixed text. */
export function mutationErrorText(error: unknown, fallback: string): string {
  const message = getErrorMessage(error);
  if (!/SANDBOX_LIMIT|DRAFT_LIMIT/.test(message)) return fallback;
  // The server puts the code in front of the text (spec 1 §5); the user reads only the text.
  return message.replace(/^\s*(SANDBOX_LIMIT|DRAFT_LIMIT)\s*[:-]?\s*/, "") || message;
}

type Snapshot = [QueryKey, unknown][];

/**
 * Applies `apply` to the cache at once, runs `request`, and on failure puts every touched query
 * back and shows the error toast. Afterwards (success or failure) it invalidates `invalidate`.
 */
export async function runOptimistic<T>(
  queryClient: QueryClient,
  {
    scopes,
    apply,
    request,
    errorText,
    invalidate = [],
    onSuccess,
  }: {
    /** Query key prefixes the optimistic change touches. */
    scopes: QueryKey[];
    apply: () => void;
    request: () => Promise<T>;
    errorText: string;
    invalidate?: QueryKey[];
    onSuccess?: (result: T) => void;
  },
): Promise<boolean> {
  await Promise.all(scopes.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  const snapshot: Snapshot = scopes.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
  apply();
  try {
    const result = await request();
    onSuccess?.(result);
    return true;
  } catch (error) {
    for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
    toast.error(mutationErrorText(error, errorText));
    return false;
  } finally {
    await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }
}

/** Changes the items of every cached sandbox list under `scope`. */
export function updateLists(
  queryClient: QueryClient,
  scope: QueryKey,
  update: (items: DashboardSandbox[], key: QueryKey) => DashboardSandbox[],
) {
  for (const [key, data] of queryClient.getQueriesData<SandboxList>({ queryKey: scope })) {
    if (!data || !Array.isArray(data.items)) continue;
    queryClient.setQueryData<SandboxList>(key, { ...data, items: update(data.items, key) });
  }
}

function isDeletedKey(key: QueryKey) {
  return key[2] === "deleted";
}
function isTemplatesKey(key: QueryKey) {
  return key[2] === "templates";
}

const patch = (ids: readonly string[], change: Partial<DashboardSandbox>) => (items: DashboardSandbox[]) =>
  items.map((item) => (ids.includes(item.id) ? { ...item, ...change } : item));

const without = (ids: readonly string[]) => (items: DashboardSandbox[]) =>
  items.filter((item) => !ids.includes(item.id));

/** Folder queries live under ["folders"]; imported lazily to keep the two modules independent. */
const FOLDERS_SCOPE = ["folders"] as const;

export function moveToTrash(queryClient: QueryClient, sandboxIds: string[]) {
  return runOptimistic(queryClient, {
    scopes: [sandboxKeys.all],
    apply: () =>
      updateLists(queryClient, sandboxKeys.all, (items, key) =>
        isDeletedKey(key) ? items : without(sandboxIds)(items),
      ),
    request: () => graphql("MoveToTrash", MOVE_TO_TRASH, { sandboxIds }),
    errorText: SANDBOX_MESSAGES.delete,
    invalidate: [sandboxKeys.all, FOLDERS_SCOPE],
  });
}

export function permanentlyDeleteSandboxes(queryClient: QueryClient, sandboxIds: string[]) {
  return runOptimistic(queryClient, {
    scopes: [sandboxKeys.all],
    apply: () => updateLists(queryClient, sandboxKeys.all, without(sandboxIds)),
    request: () => graphql("PermanentlyDeleteSandboxes", PERMANENTLY_DELETE_SANDBOXES, { sandboxIds }),
    errorText: SANDBOX_MESSAGES.delete,
    invalidate: [sandboxKeys.all],
  });
}

export function renameSandbox(queryClient: QueryClient, id: string, title: string) {
  return runOptimistic(queryClient, {
    scopes: [sandboxKeys.all],
    apply: () => updateLists(queryClient, sandboxKeys.all, patch([id], { title })),
    request: () => graphql("RenameSandbox", RENAME_SANDBOX, { id, title }),
    errorText: SANDBOX_MESSAGES.rename,
    invalidate: [sandboxKeys.all],
  });
}

export function setSandboxesPrivacy(queryClient: QueryClient, sandboxIds: string[], privacy: Privacy) {
  return runOptimistic(queryClient, {
    scopes: [sandboxKeys.all],
    apply: () => updateLists(queryClient, sandboxKeys.all, patch(sandboxIds, { privacy })),
    request: () => graphql("SetSandboxesPrivacy", SET_SANDBOXES_PRIVACY, { sandboxIds, privacy }),
    errorText: SANDBOX_MESSAGES.privacy,
    invalidate: [sandboxKeys.all],
  });
}

export function setSandboxesFrozen(queryClient: QueryClient, sandboxIds: string[], isFrozen: boolean) {
  return runOptimistic(queryClient, {
    scopes: [sandboxKeys.all],
    apply: () => updateLists(queryClient, sandboxKeys.all, patch(sandboxIds, { isFrozen })),
    request: () => graphql("SetSandboxesFrozen", SET_SANDBOXES_FROZEN, { sandboxIds, isFrozen }),
    errorText: SANDBOX_MESSAGES.frozen,
    invalidate: [sandboxKeys.all],
  });
}

export function makeSandboxesTemplate(queryClient: QueryClient, teamId: string, sandboxIds: string[]) {
  return runOptimistic(queryClient, {
    scopes: [sandboxKeys.all],
    apply: () =>
      updateLists(queryClient, sandboxKeys.all, (items) =>
        items.map((item) =>
          sandboxIds.includes(item.id) && !item.customTemplate
            ? { ...item, customTemplate: { id: `pending-${item.id}`, iconUrl: null } }
            : item,
        ),
      ),
    request: () => graphql("MakeSandboxesTemplate", MAKE_SANDBOXES_TEMPLATE, { sandboxIds }),
    errorText: SANDBOX_MESSAGES.makeTemplate,
    invalidate: [sandboxKeys.team(teamId)],
    onSuccess: () => toast.success(SANDBOX_MESSAGES.templateCreated),
  });
}

export function unmakeSandboxesTemplate(queryClient: QueryClient, teamId: string, sandboxIds: string[]) {
  return runOptimistic(queryClient, {
    scopes: [sandboxKeys.all],
    apply: () =>
      updateLists(queryClient, sandboxKeys.all, (items, key) =>
        isTemplatesKey(key) ? without(sandboxIds)(items) : patch(sandboxIds, { customTemplate: null })(items),
      ),
    request: () => graphql("UnmakeSandboxesTemplate", UNMAKE_SANDBOXES_TEMPLATE, { sandboxIds }),
    errorText: SANDBOX_MESSAGES.revertTemplate,
    invalidate: [sandboxKeys.team(teamId)],
  });
}

/** Prevent leaving the workspace / prevent export as .zip (admins of Pro workspaces, spec 2 §6). */
export function setSandboxesPermission(
  queryClient: QueryClient,
  sandboxIds: string[],
  key: "preventSandboxLeaving" | "preventSandboxExport",
  value: boolean,
) {
  return runOptimistic(queryClient, {
    scopes: [sandboxKeys.all],
    apply: () =>
      updateLists(queryClient, sandboxKeys.all, (items) =>
        items.map((item) =>
          sandboxIds.includes(item.id)
            ? {
                ...item,
                permissions: {
                  preventSandboxLeaving: item.permissions?.preventSandboxLeaving ?? false,
                  preventSandboxExport: item.permissions?.preventSandboxExport ?? false,
                  [key]: value,
                },
              }
            : item,
        ),
      ),
    request: () =>
      key === "preventSandboxLeaving"
        ? graphql("SetPreventSandboxesLeavingWorkspace", SET_PREVENT_SANDBOXES_LEAVING, {
            sandboxIds,
            preventSandboxLeaving: value,
          })
        : graphql("SetPreventSandboxesExport", SET_PREVENT_SANDBOXES_EXPORT, {
            sandboxIds,
            preventSandboxExport: value,
          }),
    errorText: SANDBOX_MESSAGES.permissions,
    invalidate: [sandboxKeys.all],
    onSuccess: () => toast.success(SANDBOX_MESSAGES.permissionsUpdated),
  });
}

/** A template's card colour and icon; answers whether it was saved (failures show a toast). */
export async function setTemplateAppearance(
  queryClient: QueryClient,
  variables: { templateId: string; color: string | null; iconUrl: string | null },
) {
  try {
    await graphql("SetTemplateAppearance", SET_TEMPLATE_APPEARANCE, variables);
    await queryClient.invalidateQueries({ queryKey: sandboxKeys.all });
    return true;
  } catch (error) {
    toast.error(mutationErrorText(error, SANDBOX_MESSAGES.appearance));
    return false;
  }
}

/**
 * Download as zip (spec 1 §5): the server streams the archive and says in a header how many
 * sandboxes it skipped; the browser saves the file and the skipped ones get a notice.
 */
export async function downloadSandboxes(teamId: string, sandboxIds: string[]) {
  try {
    const blob = await rest.download(`/api/v1/teams/${encodeURIComponent(teamId)}/sandboxes/zip`, {
      query: { ids: sandboxIds.join(",") },
    });
    const skipped = Number(blob.headers.get(ZIP_SKIPPED_HEADER) ?? 0);
    if (skipped < sandboxIds.length) saveFile(blob.file, blob.fileName ?? "sandboxes.zip");
    if (skipped > 0) toast.info(skippedMessage(skipped));
  } catch (error) {
    toast.error(mutationErrorText(error, SANDBOX_MESSAGES.download));
  }
}

/** The response header of the zip download that counts skipped sandboxes. */
export const ZIP_SKIPPED_HEADER = "x-boxyard-skipped";

function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Moves sandboxes to a folder (`path`), or with `null` to the workspace without a folder (drafts).
 * The same call restores from trash (see `recoverSandboxes`).
 */
export function addToFolder(
  queryClient: QueryClient,
  {
    teamId,
    sandboxIds,
    path,
    destination,
  }: { teamId: string; sandboxIds: string[]; path: string | null; destination?: string },
) {
  return runOptimistic(queryClient, {
    scopes: [sandboxKeys.all],
    apply: () =>
      updateLists(queryClient, sandboxKeys.all, (items, key) => {
        // A folder listing loses what moves elsewhere; other lists see the new folder.
        if (key[2] === "path" && key[3] !== path) return without(sandboxIds)(items);
        if (key[2] === "drafts" && path !== null) return without(sandboxIds)(items);
        if (isDeletedKey(key)) return items;
        return patch(sandboxIds, { collection: path === null ? null : { id: "", path } })(items);
      }),
    request: () => graphql("AddToFolder", ADD_TO_FOLDER, { collectionPath: path, sandboxIds, teamId }),
    errorText: SANDBOX_MESSAGES.move,
    invalidate: [sandboxKeys.team(teamId), FOLDERS_SCOPE],
    onSuccess: () => {
      if (destination) toastMoved(destination);
    },
  });
}

/** Recovering puts sandboxes back in the root folder (spec 1 §4). */
export function recoverSandboxes(queryClient: QueryClient, teamId: string, sandboxIds: string[]) {
  return runOptimistic(queryClient, {
    scopes: [sandboxKeys.all],
    apply: () =>
      updateLists(queryClient, sandboxKeys.all, (items, key) =>
        isDeletedKey(key) ? without(sandboxIds)(items) : items,
      ),
    request: () => graphql("AddToFolder", ADD_TO_FOLDER, { collectionPath: "/", sandboxIds, teamId }),
    errorText: SANDBOX_MESSAGES.recover,
    invalidate: [sandboxKeys.team(teamId), FOLDERS_SCOPE],
  });
}
