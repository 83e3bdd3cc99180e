import type {
  SandboxFileDirectory,
  SandboxFileModule,
  SandboxModuleConflictBody,
} from "../../api/rest-types.ts";
import { failure, type SentRequest, serveRoutes } from "../../test/rest-handlers.ts";

/* The file API's requests as they travel (snake_case, api-contract and notes/file-api.md). */
type WireModule = { title: string; directory_shortid: string | null; code: string; is_binary: boolean };
type WireModuleChange = { code?: string; title?: string; directory_shortid?: string | null };
type WireUpdate = { module: WireModuleChange; base_version: number };
type WireDirectory = { title?: string; directory_shortid?: string | null };
type WireCreateMany = {
  modules: WireModule[];
  directories: { shortid: string; title: string; directory_shortid: string | null }[];
};
type WireRemoveMany = { module_shortids: string[]; directory_shortids: string[] };
type ErrorBody = { errors: Record<string, string[]> };

export type FileRequest = { method: string; path: string; body: unknown; clientId: string | null };

export function fileModule(
  shortid: string,
  title: string,
  code: string,
  overrides: Partial<SandboxFileModule> = {},
): SandboxFileModule {
  return {
    shortid,
    title,
    code,
    directoryShortid: null,
    isBinary: false,
    version: 1,
    updatedAt: "2026-01-02T00:00:00Z",
    ...overrides,
  };
}

/**
 * A stand-in for the server's file API of one sandbox (typed REST handlers): it keeps the files,
 * versions them, refuses a stale `base_version` with 409 and the current file, and records what it
 * was asked. `refuse` makes every change answer that status instead (403 for someone who may not write).
 */
export function fakeFileApi(
  sandboxId: string,
  modules: SandboxFileModule[],
  directories: SandboxFileDirectory[] = [],
) {
  const files = new Map(modules.map((m) => [m.shortid, { ...m }]));
  const folders = new Map(directories.map((d) => [d.shortid, { ...d }]));
  const requests: FileRequest[] = [];
  const state = { refuse: null as number | null, next: 1 };
  const base = `/api/v1/sandboxes/${sandboxId}/`;

  /** Records the request and answers what is asked of it: the path under the sandbox, split, and the body. */
  const receive = <Body>(url: URL, init: SentRequest) => {
    if (!url.pathname.startsWith(base)) throw new Error(`${url.pathname} is not of sandbox ${sandboxId}`);
    const path = url.pathname.slice(base.length).split("/").map(decodeURIComponent).join("/");
    const body = init.body === undefined ? undefined : (JSON.parse(init.body) as Body);
    requests.push({ method: init.method, path, body, clientId: init.headers["x-boxyard-client-id"] ?? null });
    return { shortid: path.split("/")[1]!, body: body as Body };
  };
  const refused = () =>
    state.refuse === null
      ? null
      : failure(state.refuse, {
          errors: { detail: ["You may not change the files of this sandbox."] },
        } satisfies ErrorBody);
  const notFound = () => failure(404, { errors: { detail: ["Not found."] } } satisfies ErrorBody);
  const bump = (module: SandboxFileModule, change: Partial<SandboxFileModule>) => {
    const next = { ...module, ...change, version: module.version + 1, updatedAt: new Date().toISOString() };
    files.set(module.shortid, next);
    return next;
  };

  serveRoutes({
    "GET /api/v1/sandboxes/:id/modules/:shortid": (url, init) => {
      const { shortid } = receive(url, init);
      const module = files.get(shortid);
      return module ? { module } : notFound();
    },
    "PUT /api/v1/sandboxes/:id/modules/:shortid": (url, init) => {
      const { shortid, body } = receive<WireUpdate>(url, init);
      const stop = refused();
      if (stop) return stop;
      const module = files.get(shortid);
      if (!module) return notFound();
      if (body.base_version !== module.version) {
        return failure(409, {
          errors: { detail: ["Someone else changed this file."] },
          current: { module },
        } satisfies SandboxModuleConflictBody);
      }
      const { code, title, directory_shortid } = body.module;
      return {
        module: bump(module, {
          ...(code === undefined ? {} : { code }),
          ...(title === undefined ? {} : { title }),
          ...(directory_shortid === undefined ? {} : { directoryShortid: directory_shortid }),
        }),
      };
    },
    "POST /api/v1/sandboxes/:id/modules": (url, init) => {
      const { module } = receive<{ module: WireModule }>(url, init).body;
      const stop = refused();
      if (stop) return stop;
      const created = fileModule(`new${state.next++}`, module.title, module.code, {
        directoryShortid: module.directory_shortid,
        isBinary: module.is_binary,
      });
      files.set(created.shortid, created);
      return { module: created };
    },
    "POST /api/v1/sandboxes/:id/modules/mcreate": (url, init) => {
      const { body } = receive<WireCreateMany>(url, init);
      const stop = refused();
      if (stop) return stop;
      const createdFolders = body.directories.map((d) => ({
        shortid: d.shortid,
        title: d.title,
        directoryShortid: d.directory_shortid,
      }));
      for (const d of createdFolders) folders.set(d.shortid, d);
      const created = body.modules.map((m) =>
        fileModule(`new${state.next++}`, m.title, m.code, {
          directoryShortid: m.directory_shortid,
          isBinary: m.is_binary,
        }),
      );
      for (const m of created) files.set(m.shortid, m);
      return { modules: created, directories: createdFolders };
    },
    "DELETE /api/v1/sandboxes/:id/modules/:shortid": (url, init) => {
      const { shortid } = receive(url, init);
      const stop = refused();
      if (stop) return stop;
      if (!files.delete(shortid)) return notFound();
      return undefined;
    },
    "POST /api/v1/sandboxes/:id/modules/mdelete": (url, init) => {
      const { body } = receive<WireRemoveMany>(url, init);
      const stop = refused();
      if (stop) return stop;
      for (const id of body.module_shortids) files.delete(id);
      for (const id of body.directory_shortids) folders.delete(id);
      return undefined;
    },
    "POST /api/v1/sandboxes/:id/directories": (url, init) => {
      const { directory } = receive<{ directory: WireDirectory }>(url, init).body;
      const stop = refused();
      if (stop) return stop;
      const created = {
        shortid: `dir${state.next++}`,
        title: directory.title ?? "",
        directoryShortid: directory.directory_shortid ?? null,
      };
      folders.set(created.shortid, created);
      return { directory: created };
    },
    "PUT /api/v1/sandboxes/:id/directories/:shortid": (url, init) => {
      const { shortid, body } = receive<{ directory: WireDirectory }>(url, init);
      const stop = refused();
      if (stop) return stop;
      const folder = folders.get(shortid);
      if (!folder) return notFound();
      const { directory } = body;
      const next = {
        ...folder,
        ...(directory.title === undefined ? {} : { title: directory.title }),
        ...(directory.directory_shortid === undefined
          ? {}
          : { directoryShortid: directory.directory_shortid }),
      };
      folders.set(folder.shortid, next);
      return { directory: next };
    },
  });

  return {
    files,
    folders,
    requests,
    /** Every change answers this status from now on (null: normal again). */
    refuse: (status: number | null) => {
      state.refuse = status;
    },
    /** Someone else saves a file (its version grows). */
    saveAsSomeoneElse: (shortid: string, code: string) => bump(files.get(shortid)!, { code }),
    changes: () => requests.filter((r) => r.method !== "GET"),
  };
}
