import { type Privacy, SANDBOX_MESSAGES } from "@boxyard/domain";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { toast } from "../../ui/toastStore.ts";
import { graphql, request } from "../graphql.ts";
import { mutationErrorText, runOptimistic, updateLists } from "./optimistic.ts";
import type { DashboardSandbox, SandboxList } from "./sandbox-fragments.ts";
import { toastMoved, toastTrashed } from "./sandbox-toasts.ts";
import { sandboxKeys } from "./sandboxes.ts";

/* ---------------------------------------------------------------------------------------------
 * Mutations (api-contract §7, §8, §9)
 * ------------------------------------------------------------------------------------------- */

export const MOVE_TO_TRASH = graphql(
  `mutation MoveToTrash($sandboxIds: [ID!]!) { deleteSandboxes(sandboxIds: $sandboxIds) { id } }`,
);
export const PERMANENTLY_DELETE_SANDBOXES = graphql(
  `mutation PermanentlyDeleteSandboxes($sandboxIds: [ID!]!) { permanentlyDeleteSandboxes(sandboxIds: $sandboxIds) { id } }`,
);
export const SET_SANDBOXES_PRIVACY = graphql(
  `mutation SetSandboxesPrivacy($sandboxIds: [ID!]!, $privacy: Int!) { setSandboxesPrivacy(sandboxIds: $sandboxIds, privacy: $privacy) { id } }`,
);
export const SET_SANDBOXES_FROZEN = graphql(
  `mutation SetSandboxesFrozen($sandboxIds: [ID!]!, $isFrozen: Boolean!) { setSandboxesFrozen(sandboxIds: $sandboxIds, isFrozen: $isFrozen) { id } }`,
);
export const RENAME_SANDBOX = graphql(
  `mutation RenameSandbox($id: ID!, $title: String!) { renameSandbox(id: $id, title: $title) { id } }`,
);
export const ADD_TO_FOLDER = graphql(
  `mutation AddToFolder($collectionPath: String, $sandboxIds: [ID!]!, $teamId: UUID4, $privacy: Int) { addToCollectionOrTeam(collectionPath: $collectionPath, sandboxIds: $sandboxIds, teamId: $teamId, privacy: $privacy) { id } }`,
);
export const MAKE_SANDBOXES_TEMPLATE = graphql(
  `mutation MakeSandboxesTemplate($sandboxIds: [ID!]!) { makeSandboxesTemplates(sandboxIds: $sandboxIds) { id } }`,
);
export const SET_PREVENT_SANDBOXES_LEAVING = graphql(
  `mutation SetPreventSandboxesLeavingWorkspace($sandboxIds: [ID!]!, $preventSandboxLeaving: Boolean!) { setPreventSandboxesLeavingWorkspace(sandboxIds: $sandboxIds, preventSandboxLeaving: $preventSandboxLeaving) { id } }`,
);
export const SET_PREVENT_SANDBOXES_EXPORT = graphql(
  `mutation SetPreventSandboxesExport($sandboxIds: [ID!]!, $preventSandboxExport: Boolean!) { setPreventSandboxesExport(sandboxIds: $sandboxIds, preventSandboxExport: $preventSandboxExport) { id } }`,
);
export const SET_TEMPLATE_APPEARANCE = graphql(
  `mutation SetTemplateAppearance($templateId: UUID4!, $color: String, $iconUrl: String) { setTemplateAppearance(templateId: $templateId, color: $color, iconUrl: $iconUrl) { id color iconUrl } }`,
);
export const UNMAKE_SANDBOXES_TEMPLATE = graphql(
  `mutation UnmakeSandboxesTemplate($sandboxIds: [ID!]!) { unmakeSandboxesTemplates(sandboxIds: $sandboxIds) { id } }`,
);

/** Dashboard messages (spec 1 §8), word for word. */
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

/** Where a sandbox is: its workspace and folder (null: the drafts). */
export type SandboxPlace = { id: string; teamId: string | null; path: string | null };

/**
 * Where the cached lists show these sandboxes (Recently deleted aside), read before a change so
 * that its Undo can put them back. A sandbox no list shows is put back in the root folder.
 */
export function placesOf(queryClient: QueryClient, sandboxIds: readonly string[]): SandboxPlace[] {
  const found = new Map<string, SandboxPlace>();
  for (const [key, data] of queryClient.getQueriesData<SandboxList>({ queryKey: sandboxKeys.all })) {
    if (!data || !Array.isArray(data.items) || isDeletedKey(key)) continue;
    for (const item of data.items) {
      if (!sandboxIds.includes(item.id) || found.has(item.id)) continue;
      const path = item.collection?.path ?? (key[2] === "path" ? String(key[3]) : null);
      found.set(item.id, { id: item.id, teamId: item.teamId, path });
    }
  }
  return sandboxIds.map((id) => found.get(id) ?? { id, teamId: null, path: "/" });
}

/**
 * Puts sandboxes back in their places (`addToCollectionOrTeam`, which also takes them out of
 * Recently deleted): the Undo of a move or of a move to trash. One call per place.
 */
export function putBack(queryClient: QueryClient, places: readonly SandboxPlace[], errorText: string) {
  const groups = new Map<string, SandboxPlace[]>();
  for (const place of places) {
    const key = JSON.stringify([place.teamId, place.path]);
    groups.set(key, [...(groups.get(key) ?? []), place]);
  }
  const ids = places.map((place) => place.id);
  const placeOf = new Map(places.map((place) => [place.id, place]));
  return runOptimistic(queryClient, {
    scopes: [sandboxKeys.all],
    apply: () =>
      updateLists(queryClient, sandboxKeys.all, (items, key) => {
        if (isDeletedKey(key)) return without(ids)(items);
        // A folder listing loses what goes back elsewhere.
        if (key[2] !== "path") return items;
        return items.filter((item) => {
          const place = placeOf.get(item.id);
          return !place || place.path === key[3];
        });
      }),
    request: () =>
      Promise.all(
        [...groups.values()].map((group) =>
          request(ADD_TO_FOLDER, {
            collectionPath: group[0]!.path,
            sandboxIds: group.map((place) => place.id),
            teamId: group[0]!.teamId ?? undefined,
          }),
        ),
      ),
    errorText,
    invalidate: [sandboxKeys.all, FOLDERS_SCOPE],
  });
}

/**
 * Moves sandboxes to Recently deleted. Unless `quiet` (a folder deletion that says it all), a
 * toast says so, with Undo: back where each one was.
 */
export function moveToTrash(queryClient: QueryClient, sandboxIds: string[], { quiet = false } = {}) {
  const places = placesOf(queryClient, sandboxIds);
  return runOptimistic(queryClient, {
    scopes: [sandboxKeys.all],
    apply: () =>
      updateLists(queryClient, sandboxKeys.all, (items, key) =>
        isDeletedKey(key) ? items : without(sandboxIds)(items),
      ),
    request: () => request(MOVE_TO_TRASH, { sandboxIds }),
    errorText: SANDBOX_MESSAGES.delete,
    invalidate: [sandboxKeys.all, FOLDERS_SCOPE],
    onSuccess: () => {
      if (!quiet)
        toastTrashed(sandboxIds.length, () => void putBack(queryClient, places, SANDBOX_MESSAGES.recover));
    },
  });
}

/**
 * Deletes a sandbox for good (to trash, then out of it): the Undo of a fork. Answers whether it
 * went; a failure shows the spec's toast.
 */
export async function discardSandbox(queryClient: QueryClient, sandboxId: string) {
  try {
    await request(MOVE_TO_TRASH, { sandboxIds: [sandboxId] });
    await request(PERMANENTLY_DELETE_SANDBOXES, { sandboxIds: [sandboxId] });
    return true;
  } catch (error) {
    toast.error(mutationErrorText(error, SANDBOX_MESSAGES.delete));
    return false;
  } finally {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: sandboxKeys.all }),
      queryClient.invalidateQueries({ queryKey: FOLDERS_SCOPE }),
    ]);
  }
}

export function permanentlyDeleteSandboxes(queryClient: QueryClient, sandboxIds: string[]) {
  return runOptimistic(queryClient, {
    scopes: [sandboxKeys.all],
    apply: () => updateLists(queryClient, sandboxKeys.all, without(sandboxIds)),
    request: () => request(PERMANENTLY_DELETE_SANDBOXES, { sandboxIds }),
    errorText: SANDBOX_MESSAGES.delete,
    invalidate: [sandboxKeys.all],
  });
}

export function renameSandbox(queryClient: QueryClient, id: string, title: string) {
  return runOptimistic(queryClient, {
    scopes: [sandboxKeys.all],
    apply: () => updateLists(queryClient, sandboxKeys.all, patch([id], { title })),
    request: () => request(RENAME_SANDBOX, { id, title }),
    errorText: SANDBOX_MESSAGES.rename,
    invalidate: [sandboxKeys.all],
  });
}

export function setSandboxesPrivacy(queryClient: QueryClient, sandboxIds: string[], privacy: Privacy) {
  return runOptimistic(queryClient, {
    scopes: [sandboxKeys.all],
    apply: () => updateLists(queryClient, sandboxKeys.all, patch(sandboxIds, { privacy })),
    request: () => request(SET_SANDBOXES_PRIVACY, { sandboxIds, privacy }),
    errorText: SANDBOX_MESSAGES.privacy,
    invalidate: [sandboxKeys.all],
  });
}

export function setSandboxesFrozen(queryClient: QueryClient, sandboxIds: string[], isFrozen: boolean) {
  return runOptimistic(queryClient, {
    scopes: [sandboxKeys.all],
    apply: () => updateLists(queryClient, sandboxKeys.all, patch(sandboxIds, { isFrozen })),
    request: () => request(SET_SANDBOXES_FROZEN, { sandboxIds, isFrozen }),
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
    request: () => request(MAKE_SANDBOXES_TEMPLATE, { sandboxIds }),
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
    request: () => request(UNMAKE_SANDBOXES_TEMPLATE, { sandboxIds }),
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
    request: (): Promise<unknown> =>
      key === "preventSandboxLeaving"
        ? request(SET_PREVENT_SANDBOXES_LEAVING, {
            sandboxIds,
            preventSandboxLeaving: value,
          })
        : request(SET_PREVENT_SANDBOXES_EXPORT, {
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
    await request(SET_TEMPLATE_APPEARANCE, variables);
    await queryClient.invalidateQueries({ queryKey: sandboxKeys.all });
    return true;
  } catch (error) {
    toast.error(mutationErrorText(error, SANDBOX_MESSAGES.appearance));
    return false;
  }
}

/**
 * Moves sandboxes to a folder (`path`), or with `null` to the workspace without a folder (drafts).
 * With a `destination` it ends with 'Successfully moved to {destination}' and Undo, which moves
 * them back. The same call restores from trash (see `recoverSandboxes`).
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
  const places = placesOf(queryClient, sandboxIds);
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
    request: () => request(ADD_TO_FOLDER, { collectionPath: path, sandboxIds, teamId }),
    errorText: SANDBOX_MESSAGES.move,
    invalidate: [sandboxKeys.team(teamId), FOLDERS_SCOPE],
    onSuccess: () => {
      if (destination)
        toastMoved(destination, () => void putBack(queryClient, places, SANDBOX_MESSAGES.move));
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
    request: () => request(ADD_TO_FOLDER, { collectionPath: "/", sandboxIds, teamId }),
    errorText: SANDBOX_MESSAGES.recover,
    invalidate: [sandboxKeys.team(teamId), FOLDERS_SCOPE],
  });
}
