import { mutationOptions, type QueryClient } from "@tanstack/react-query";
import { ApiError } from "../errors.ts";
import type { UiCallbacks } from "../mutation-options.ts";
import { rest } from "../rest.ts";
import type {
  NewSandboxModule,
  SandboxFileDirectory,
  SandboxFileModule,
  SandboxModuleChange,
  SandboxModuleConflictBody,
} from "../rest-types.ts";
import type { SandboxDetail } from "./sandbox.ts";

/* ---------------------------------------------------------------------------------------------
 * The file API of a sandbox (issue 15): REST under /api/v1/sandboxes/:id, each request one
 * transaction. Every change names this tab (`x-boxyard-client-id`) so that the live event it
 * causes can be told from someone else's.
 * ------------------------------------------------------------------------------------------- */

/** Random letters and digits (crypto.randomUUID needs a secure context; a LAN install may have none). */
export function randomId(length: number) {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}

/** This tab's id in the live events of the changes it makes. */
export const EDITOR_CLIENT_ID = randomId(16);
export const CLIENT_ID_HEADER = "x-boxyard-client-id";

const headers = { [CLIENT_ID_HEADER]: EDITOR_CLIENT_ID };
const base = (sandboxId: string) => `/api/v1/sandboxes/${encodeURIComponent(sandboxId)}`;
const modulePath = (sandboxId: string, shortid: string) =>
  `${base(sandboxId)}/modules/${encodeURIComponent(shortid)}`;
const directoryPath = (sandboxId: string, shortid: string) =>
  `${base(sandboxId)}/directories/${encodeURIComponent(shortid)}`;

/** A change of one file in a bulk save, with the version it was based on. */
export type BulkModuleChange = SandboxModuleChange & { shortid: string; baseVersion: number };

/** A new folder of a bulk create; its shortid is chosen here so that new files can point at it. */
export type NewSandboxDirectory = SandboxFileDirectory;

export const sandboxFiles = {
  /** Every file with its code and every folder (read again when folders changed; counts no view). */
  list: (sandboxId: string, signal?: AbortSignal) =>
    rest.get<{ modules: SandboxFileModule[]; directories: SandboxFileDirectory[] }>(
      `${base(sandboxId)}/modules`,
      {
        signal,
        headers,
      },
    ),

  get: async (sandboxId: string, shortid: string, signal?: AbortSignal) =>
    (await rest.get<{ module: SandboxFileModule }>(modulePath(sandboxId, shortid), { signal, headers }))
      .module,

  create: async (sandboxId: string, module: NewSandboxModule) =>
    (await rest.post<{ module: SandboxFileModule }>(`${base(sandboxId)}/modules`, { module }, { headers }))
      .module,

  createMany: (
    sandboxId: string,
    files: { modules: NewSandboxModule[]; directories: NewSandboxDirectory[] },
  ) =>
    rest.post<{ modules: SandboxFileModule[]; directories: SandboxFileDirectory[] }>(
      `${base(sandboxId)}/modules/mcreate`,
      files,
      { headers },
    ),

  /** A stale `baseVersion` is refused with 409 and the current file (see `staleModules`). */
  update: async (sandboxId: string, shortid: string, change: SandboxModuleChange, baseVersion: number) =>
    (
      await rest.put<{ module: SandboxFileModule }>(
        modulePath(sandboxId, shortid),
        { module: change, baseVersion },
        { headers },
      )
    ).module,

  /** All or nothing: one stale file refuses the lot with 409 and the current state of the stale ones. */
  updateMany: async (sandboxId: string, modules: BulkModuleChange[]) =>
    (
      await rest.put<{ modules: SandboxFileModule[] }>(
        `${base(sandboxId)}/modules/mupdate`,
        { modules },
        { headers },
      )
    ).modules,

  remove: (sandboxId: string, shortid: string) =>
    rest.delete<void>(modulePath(sandboxId, shortid), { headers }),

  /** Files and folders (with everything in them) at once. */
  removeMany: (sandboxId: string, entries: { moduleShortids: string[]; directoryShortids: string[] }) =>
    rest.post<void>(`${base(sandboxId)}/modules/mdelete`, entries, { headers }),

  createDirectory: async (sandboxId: string, directory: { title: string; directoryShortid: string | null }) =>
    (
      await rest.post<{ directory: SandboxFileDirectory }>(
        `${base(sandboxId)}/directories`,
        { directory },
        { headers },
      )
    ).directory,

  updateDirectory: async (
    sandboxId: string,
    shortid: string,
    change: { title?: string; directoryShortid?: string | null },
  ) =>
    (
      await rest.put<{ directory: SandboxFileDirectory }>(
        directoryPath(sandboxId, shortid),
        { directory: change },
        { headers },
      )
    ).directory,

  removeDirectory: (sandboxId: string, shortid: string) =>
    rest.delete<void>(directoryPath(sandboxId, shortid), { headers }),
};

/** The current state of the files a save found stale (its 409 answer), or null for any other failure. */
export function staleModules(error: unknown): SandboxFileModule[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const current = (error.body as Partial<SandboxModuleConflictBody> | undefined)?.current;
  if (!current) return null;
  return "module" in current ? [current.module] : current.modules;
}

/* ---------------------------------------------------------------------------------------------
 * The sandbox page's cache: its files live in the page query (`sandboxPageKeys.detail`), which may
 * be keyed by the sandbox's id or its alias, so changes are applied to every cached page of it.
 * ------------------------------------------------------------------------------------------- */

export type SandboxFiles = Pick<SandboxDetail, "modules" | "directories">;

export function updateSandboxFiles(
  queryClient: QueryClient,
  sandboxId: string,
  update: (files: SandboxFiles) => SandboxFiles,
) {
  for (const [queryKey, data] of queryClient.getQueriesData<SandboxDetail>({ queryKey: ["sandbox-page"] })) {
    if (data?.id !== sandboxId) continue;
    const next = update({ modules: data.modules, directories: data.directories });
    queryClient.setQueryData<SandboxDetail>(queryKey, { ...data, ...next });
  }
}

/** The files of the sandbox as the cache holds them (the first cached page of it). */
export function cachedSandboxFiles(queryClient: QueryClient, sandboxId: string): SandboxFiles | null {
  for (const [, data] of queryClient.getQueriesData<SandboxDetail>({ queryKey: ["sandbox-page"] })) {
    if (data?.id === sandboxId) return { modules: data.modules, directories: data.directories };
  }
  return null;
}

/** Puts files in (new ones) or over their older selves; an older answer never replaces a newer file. */
export const withModules =
  (modules: readonly SandboxFileModule[]) =>
  (files: SandboxFiles): SandboxFiles => {
    const incoming = new Map(modules.map((m) => [m.shortid, m]));
    const next = files.modules.map((m) => {
      const update = incoming.get(m.shortid);
      if (!update) return m;
      incoming.delete(m.shortid);
      return update.version >= m.version ? update : m;
    });
    return { ...files, modules: [...next, ...incoming.values()] };
  };

export const withDirectories =
  (directories: readonly SandboxFileDirectory[]) =>
  (files: SandboxFiles): SandboxFiles => {
    const incoming = new Map(directories.map((d) => [d.shortid, d]));
    const next = files.directories.map((d) => {
      const update = incoming.get(d.shortid);
      if (!update) return d;
      incoming.delete(d.shortid);
      return update;
    });
    return { ...files, directories: [...next, ...incoming.values()] };
  };

/** Without the files and folders named, and without whatever the removed folders held. */
export const withoutEntries =
  ({
    moduleShortids = [],
    directoryShortids = [],
  }: {
    moduleShortids?: string[];
    directoryShortids?: string[];
  }) =>
  (files: SandboxFiles): SandboxFiles => {
    const gone = new Set(directoryShortids);
    // A folder inside a removed folder is removed too, however deep.
    let grew = true;
    while (grew) {
      grew = false;
      for (const d of files.directories) {
        if (!gone.has(d.shortid) && d.directoryShortid !== null && gone.has(d.directoryShortid)) {
          gone.add(d.shortid);
          grew = true;
        }
      }
    }
    const modules = new Set(moduleShortids);
    return {
      directories: files.directories.filter((d) => !gone.has(d.shortid)),
      modules: files.modules.filter(
        (m) => !modules.has(m.shortid) && !(m.directoryShortid !== null && gone.has(m.directoryShortid)),
      ),
    };
  };

/* ---------------------------------------------------------------------------------------------
 * Mutations of the file tree. Renames, moves and deletions show at once and are put back when the
 * server refuses them; new files and folders show when the server has made them.
 * ------------------------------------------------------------------------------------------- */

type Snapshot = { files: SandboxFiles | null };

function treeMutation<TData, TVariables>(
  queryClient: QueryClient,
  sandboxId: string,
  {
    mutationFn,
    optimistic,
    settle,
  }: {
    mutationFn: (variables: TVariables) => Promise<TData>;
    /** Applied at once, and undone if the request fails. */
    optimistic?: (variables: TVariables) => (files: SandboxFiles) => SandboxFiles;
    /** Applied with the answer. */
    settle?: (data: TData, variables: TVariables) => (files: SandboxFiles) => SandboxFiles;
  },
  ui: UiCallbacks<TData, TVariables, Snapshot> = {},
) {
  return mutationOptions<TData, Error, TVariables, Snapshot>({
    ...ui,
    mutationFn,
    onMutate: async (variables) => {
      const files = cachedSandboxFiles(queryClient, sandboxId);
      if (optimistic) updateSandboxFiles(queryClient, sandboxId, optimistic(variables));
      return { files };
    },
    onError: async (error, variables, snapshot, context) => {
      const previous = snapshot?.files;
      if (optimistic && previous) updateSandboxFiles(queryClient, sandboxId, () => previous);
      await ui.onError?.(error, variables, snapshot, context);
    },
    onSuccess: async (data, variables, snapshot, context) => {
      if (settle) updateSandboxFiles(queryClient, sandboxId, settle(data, variables));
      await ui.onSuccess?.(data, variables, snapshot, context);
    },
  });
}

export const createFileMutation = (
  queryClient: QueryClient,
  sandboxId: string,
  ui?: UiCallbacks<SandboxFileModule, NewSandboxModule, Snapshot>,
) =>
  treeMutation(
    queryClient,
    sandboxId,
    {
      mutationFn: (module: NewSandboxModule) => sandboxFiles.create(sandboxId, module),
      settle: (module) => withModules([module]),
    },
    ui,
  );

export type NewFolder = { title: string; directoryShortid: string | null };

export const createFolderMutation = (
  queryClient: QueryClient,
  sandboxId: string,
  ui?: UiCallbacks<SandboxFileDirectory, NewFolder, Snapshot>,
) =>
  treeMutation(
    queryClient,
    sandboxId,
    {
      mutationFn: (folder: NewFolder) => sandboxFiles.createDirectory(sandboxId, folder),
      settle: (directory) => withDirectories([directory]),
    },
    ui,
  );

export type CreatedFiles = { modules: SandboxFileModule[]; directories: SandboxFileDirectory[] };

/** Uploads: several files, and the folders they came in, at once. */
export const createFilesMutation = (
  queryClient: QueryClient,
  sandboxId: string,
  ui?: UiCallbacks<
    CreatedFiles,
    { modules: NewSandboxModule[]; directories: NewSandboxDirectory[] },
    Snapshot
  >,
) =>
  treeMutation(
    queryClient,
    sandboxId,
    {
      mutationFn: (files: { modules: NewSandboxModule[]; directories: NewSandboxDirectory[] }) =>
        sandboxFiles.createMany(sandboxId, files),
      settle: (created) => (files) =>
        withModules(created.modules)(withDirectories(created.directories)(files)),
    },
    ui,
  );

/** A file renamed or moved: `module` is the file as the page knew it (its version is the base). */
export type FileMove = {
  module: SandboxFileModule;
  change: { title?: string; directoryShortid?: string | null };
};

/**
 * Renames or moves a file. A rename does not touch the text, so a file that someone changed since
 * (a stale version) is renamed over their change rather than refused.
 */
async function moveFile(sandboxId: string, { module, change }: FileMove) {
  try {
    return await sandboxFiles.update(sandboxId, module.shortid, change, module.version);
  } catch (error) {
    const current = staleModules(error)?.[0];
    if (!current) throw error;
    return sandboxFiles.update(sandboxId, module.shortid, change, current.version);
  }
}

export const moveFileMutation = (
  queryClient: QueryClient,
  sandboxId: string,
  ui?: UiCallbacks<SandboxFileModule, FileMove, Snapshot>,
) =>
  treeMutation(
    queryClient,
    sandboxId,
    {
      mutationFn: (move: FileMove) => moveFile(sandboxId, move),
      optimistic:
        ({ module, change }) =>
        (files) => ({
          ...files,
          modules: files.modules.map((m) => (m.shortid === module.shortid ? { ...m, ...change } : m)),
        }),
      settle: (module) => withModules([module]),
    },
    ui,
  );

export type FolderMove = { shortid: string; change: { title?: string; directoryShortid?: string | null } };

export const moveFolderMutation = (
  queryClient: QueryClient,
  sandboxId: string,
  ui?: UiCallbacks<SandboxFileDirectory, FolderMove, Snapshot>,
) =>
  treeMutation(
    queryClient,
    sandboxId,
    {
      mutationFn: ({ shortid, change }: FolderMove) =>
        sandboxFiles.updateDirectory(sandboxId, shortid, change),
      optimistic:
        ({ shortid, change }) =>
        (files) => ({
          ...files,
          directories: files.directories.map((d) => (d.shortid === shortid ? { ...d, ...change } : d)),
        }),
      settle: (directory) => withDirectories([directory]),
    },
    ui,
  );

export type RemovedEntries = { moduleShortids: string[]; directoryShortids: string[] };

/** Deletes files and folders (folders with everything in them): one file or folder by its own route. */
export const deleteEntriesMutation = (
  queryClient: QueryClient,
  sandboxId: string,
  ui?: UiCallbacks<void, RemovedEntries, Snapshot>,
) =>
  treeMutation(
    queryClient,
    sandboxId,
    {
      mutationFn: async ({ moduleShortids, directoryShortids }: RemovedEntries) => {
        if (moduleShortids.length === 1 && directoryShortids.length === 0) {
          await sandboxFiles.remove(sandboxId, moduleShortids[0]!);
        } else if (moduleShortids.length === 0 && directoryShortids.length === 1) {
          await sandboxFiles.removeDirectory(sandboxId, directoryShortids[0]!);
        } else {
          await sandboxFiles.removeMany(sandboxId, { moduleShortids, directoryShortids });
        }
      },
      optimistic: (entries) => withoutEntries(entries),
    },
    ui,
  );
