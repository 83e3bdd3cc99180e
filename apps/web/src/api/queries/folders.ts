import { isWithin, movedPath, normalizePath, SANDBOX_MESSAGES } from "@boxyard/domain";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { GraphQLRequestError } from "../errors.ts";
import { graphql, request } from "../graphql.ts";
import { runOptimistic } from "./optimistic.ts";
import { type DashboardSandbox, SANDBOX_BY_PATH, toDashboardSandbox } from "./sandbox-fragments.ts";
import { sandboxKeys } from "./sandboxes.ts";

export type Folder = { id: string; path: string; sandboxCount?: number };

export const folderKeys = {
  all: ["folders"] as const,
  collections: (teamId: string) => ["folders", teamId] as const,
};

/* Fragments (api-contract §3) */
export const COLLECTION_BASIC = graphql(`fragment CollectionBasic on Collection { id path }`);
export const COLLECTION_WITH_COUNT = graphql(
  `fragment CollectionWithCount on Collection { id path sandboxCount }`,
);

/* Operations (api-contract §7) */
/** With each folder's count (free: the server lists them together), which a deletion states. */
export const ALL_COLLECTIONS = graphql(
  `query AllCollections($teamId: ID) {
  me { id collections(teamId: $teamId) { ...CollectionWithCount } }
}`,
  [COLLECTION_WITH_COUNT],
);

/**
 * api-contract §7's SandboxesByPath, in pages: the folders come with the first, and each page
 * brings the sandboxes after the last one of the page before.
 */
export const SANDBOXES_BY_PATH = graphql(
  `query SandboxesByPath($path: String!, $teamId: ID, $limit: Int, $after: ID, $withFolders: Boolean!) {
  me {
    id
    collections(teamId: $teamId) @include(if: $withFolders) { ...CollectionWithCount }
    collection(path: $path, teamId: $teamId) { id path sandboxes(limit: $limit, after: $after) { ...SandboxByPath } }
  }
}`,
  [COLLECTION_WITH_COUNT, SANDBOX_BY_PATH],
);

export const CREATE_FOLDER = graphql(
  `mutation CreateFolder($path: String!, $teamId: UUID4) {
  createCollection(path: $path, teamId: $teamId) { ...CollectionWithCount }
}`,
  [COLLECTION_WITH_COUNT],
);

export const DELETE_FOLDER = graphql(
  `mutation DeleteFolder($path: String!, $teamId: UUID4) {
  deleteCollection(path: $path, teamId: $teamId) { ...CollectionWithCount }
}`,
  [COLLECTION_WITH_COUNT],
);

export const RENAME_FOLDER = graphql(
  `mutation RenameFolder($path: String!, $newPath: String!, $teamId: UUID4, $newTeamId: UUID4) {
  renameCollection(path: $path, newPath: $newPath, teamId: $teamId, newTeamId: $newTeamId) { ...CollectionWithCount }
}`,
  [COLLECTION_WITH_COUNT],
);

/** The sidebar tree, folder pickers: every folder of the workspace (root included). */
export const allCollectionsQuery = (teamId: string) =>
  queryOptions({
    queryKey: folderKeys.collections(teamId),
    queryFn: async ({ signal }): Promise<Folder[]> => {
      const data = await request(ALL_COLLECTIONS, { teamId }, signal);
      return data.me?.collections ?? [];
    },
  });

export type FolderListing = {
  /** Folders directly inside `path`, sorted by name (root excluded). */
  folders: Folder[];
  items: DashboardSandbox[];
};

/** Folders whose parent is `path`, sorted by name (case-insensitive). */
export function childFolders(all: readonly Folder[], path: string): Folder[] {
  const base = normalizePath(path);
  return all
    .filter((folder) => {
      const p = normalizePath(folder.path);
      if (p === "/" || p === base) return false;
      const parent = p.slice(0, p.lastIndexOf("/")) || "/";
      return parent === base;
    })
    .sort((a, b) => a.path.localeCompare(b.path, undefined, { sensitivity: "base" }));
}

/** What SandboxesByPath and FolderFirstSandboxes answer. */
type ListingAnswer = {
  me: {
    id: string;
    /** Only on a listing's first page. */
    collections?: Folder[];
    collection: { sandboxes: Parameters<typeof toDashboardSandbox>[0][] } | null;
  } | null;
};

const listingOf = (data: ListingAnswer, path: string): FolderListing => ({
  folders: childFolders(data.me?.collections ?? [], path),
  items: (data.me?.collection?.sandboxes ?? []).map(toDashboardSandbox),
});

/**
 * Sandboxes a page of a folder brings. The answer for ten thousand (5 MB) takes the browser 50 to
 * 100 ms to read in one go, time in which the page does not scroll; a page of a thousand reads in
 * a few.
 */
export const SANDBOXES_PAGE = 1000;

/** One folder's listing: its subfolders (sorted by name) and its sandboxes, loaded page by page. */
export const sandboxesByPathQuery = (teamId: string, path: string) =>
  queryOptions({
    queryKey: sandboxKeys.byPath(teamId, normalizePath(path)),
    queryFn: async ({ signal }): Promise<FolderListing> => {
      const folder = normalizePath(path);
      const ask = (after: string | null) =>
        request(
          SANDBOXES_BY_PATH,
          { path: folder, teamId, limit: SANDBOXES_PAGE, after, withFolders: after === null },
          signal,
        );
      for (let attempt = 1; ; attempt++) {
        try {
          return await pagedListing(ask, path);
        } catch (error) {
          // The last sandbox of a page was moved or deleted meanwhile: the folder is read again.
          if (attempt === 3 || !cursorRefused(error)) throw error;
        }
      }
    },
  });

/** A page asked after a sandbox that is no longer in the folder. */
const cursorRefused = (error: unknown) =>
  error instanceof GraphQLRequestError && error.errors.some((e) => e.extensions?.field === "after");

async function pagedListing(ask: (after: string | null) => Promise<ListingAnswer>, path: string) {
  const first = await ask(null);
  const listing = listingOf(first, path);
  // A sandbox changed while the pages load can come twice (its live event reloads the folder).
  const seen = new Set(listing.items.map((item) => item.id));
  let page = first.me?.collection?.sandboxes ?? [];
  while (page.length === SANDBOXES_PAGE) {
    page = (await ask(page.at(-1)!.id)).me?.collection?.sandboxes ?? [];
    for (const raw of page) {
      if (seen.has(raw.id)) continue;
      seen.add(raw.id);
      listing.items.push(toDashboardSandbox(raw));
    }
  }
  return listing;
}

/**
 * A folder's first screen: its subfolders and its most recently updated sandboxes (the order a
 * folder opens in). Asked before SandboxesByPath, it answers in a fraction of the time for a big
 * folder, whose first cards then show while the rest loads.
 */
export const FOLDER_FIRST_SANDBOXES = graphql(
  `query FolderFirstSandboxes($path: String!, $teamId: ID, $limit: Int!) {
  me {
    id
    collections(teamId: $teamId) { ...CollectionWithCount }
    collection(path: $path, teamId: $teamId) { id path sandboxes(limit: $limit) { ...SandboxByPath } }
  }
}`,
  [COLLECTION_WITH_COUNT, SANDBOX_BY_PATH],
);

/** More than the widest grid (10 columns) shows on a tall screen with its overscan. */
export const FIRST_SCREEN_SANDBOXES = 100;

export const folderFirstSandboxesQuery = (teamId: string, path: string) =>
  queryOptions({
    queryKey: ["folder-first-sandboxes", teamId, normalizePath(path)] as const,
    queryFn: async ({ signal }): Promise<FolderListing> => {
      const variables = { path: normalizePath(path), teamId, limit: FIRST_SCREEN_SANDBOXES };
      return listingOf(await request(FOLDER_FIRST_SANDBOXES, variables, signal), path);
    },
  });

function updateFolders(queryClient: QueryClient, teamId: string, update: (folders: Folder[]) => Folder[]) {
  queryClient.setQueryData<Folder[]>(folderKeys.collections(teamId), (old) => (old ? update(old) : old));
  for (const [key, data] of queryClient.getQueriesData<FolderListing>({
    queryKey: sandboxKeys.team(teamId),
  })) {
    if (key[2] !== "path" || !data || !Array.isArray(data.folders)) continue;
    queryClient.setQueryData<FolderListing>(key, {
      ...data,
      folders: childFolders(update(data.folders), String(key[3])),
    });
  }
}

export function createFolder(queryClient: QueryClient, teamId: string, path: string) {
  return runOptimistic(queryClient, {
    scopes: [folderKeys.collections(teamId), sandboxKeys.team(teamId)],
    apply: () =>
      updateFolders(queryClient, teamId, (folders) =>
        folders.some((f) => f.path === path)
          ? folders
          : [...folders, { id: `pending:${path}`, path, sandboxCount: 0 }],
      ),
    request: () => request(CREATE_FOLDER, { path, teamId }),
    errorText: SANDBOX_MESSAGES.createFolder,
    invalidate: [folderKeys.collections(teamId), sandboxKeys.team(teamId)],
  });
}

/**
 * Renames a folder or moves it (a new parent in `newPath`); its subfolders follow. A drop that
 * moves folders says so itself (see `performDrop`).
 */
export function renameFolder(queryClient: QueryClient, teamId: string, path: string, newPath: string) {
  return runOptimistic(queryClient, {
    scopes: [folderKeys.collections(teamId), sandboxKeys.team(teamId)],
    apply: () =>
      updateFolders(queryClient, teamId, (folders) =>
        folders.map((f) => (isWithin(f.path, path) ? { ...f, path: movedPath(f.path, path, newPath) } : f)),
      ),
    request: () => request(RENAME_FOLDER, { path, newPath, teamId, newTeamId: teamId }),
    errorText: SANDBOX_MESSAGES.renameFolder,
    invalidate: [folderKeys.collections(teamId), sandboxKeys.team(teamId)],
  });
}

export function deleteFolder(queryClient: QueryClient, teamId: string, path: string) {
  return runOptimistic(queryClient, {
    scopes: [folderKeys.collections(teamId), sandboxKeys.team(teamId)],
    apply: () =>
      updateFolders(queryClient, teamId, (folders) => folders.filter((f) => !isWithin(f.path, path))),
    request: () => request(DELETE_FOLDER, { path, teamId }),
    errorText: SANDBOX_MESSAGES.deleteFolder,
    invalidate: [folderKeys.collections(teamId), sandboxKeys.team(teamId)],
  });
}
