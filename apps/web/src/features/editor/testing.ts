import { HttpResponse, http } from "msw";
import type {
  SandboxFileDirectory,
  SandboxFileModule,
  SandboxModuleConflictBody,
} from "../../api/rest-types.ts";
import { server } from "../../test/server.ts";

/* The file API's requests as they travel (snake_case, api-contract and notes/file-api.md). */
type WireModule = { title: string; directory_shortid: string | null; code: string; is_binary: boolean };
type WireModuleChange = { code?: string; title?: string; directory_shortid?: string | null };
type WireUpdate = { module: WireModuleChange; base_version: number };
type WireDirectory = { title?: string; directory_shortid?: string | null };
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
 * A stand-in for the server's file API of one sandbox (MSW): it keeps the files, versions them,
 * refuses a stale `base_version` with 409 and the current file, and records what it was asked.
 * `refuse` makes every change answer that status instead (403 for someone who may not write).
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
  const base = `/api/v1/sandboxes/${sandboxId}`;

  const record = async (request: Request, path: string) => {
    const text = await request.clone().text();
    requests.push({
      method: request.method,
      path,
      body: text ? JSON.parse(text) : undefined,
      clientId: request.headers.get("x-boxyard-client-id"),
    });
  };
  const refused = () =>
    state.refuse === null
      ? null
      : HttpResponse.json<ErrorBody>(
          { errors: { detail: ["You may not change the files of this sandbox."] } },
          { status: state.refuse },
        );
  const notFound = () =>
    HttpResponse.json<ErrorBody>({ errors: { detail: ["Not found."] } }, { status: 404 });
  const bump = (module: SandboxFileModule, change: Partial<SandboxFileModule>) => {
    const next = { ...module, ...change, version: module.version + 1, updatedAt: new Date().toISOString() };
    files.set(module.shortid, next);
    return next;
  };

  server.use(
    http.get<{ shortid: string }, never, { module: SandboxFileModule } | ErrorBody>(
      `${base}/modules/:shortid`,
      async ({ params, request }) => {
        await record(request, `modules/${params.shortid}`);
        const module = files.get(params.shortid);
        return module ? HttpResponse.json({ module }) : notFound();
      },
    ),
    http.put<
      { shortid: string },
      WireUpdate,
      { module: SandboxFileModule } | SandboxModuleConflictBody | ErrorBody
    >(`${base}/modules/:shortid`, async ({ params, request }) => {
      await record(request, `modules/${params.shortid}`);
      const stop = refused();
      if (stop) return stop;
      const module = files.get(params.shortid);
      if (!module) return notFound();
      const body = await request.json();
      if (body.base_version !== module.version) {
        return HttpResponse.json(
          { errors: { detail: ["Someone else changed this file."] }, current: { module } },
          { status: 409 },
        );
      }
      const { code, title, directory_shortid } = body.module;
      return HttpResponse.json({
        module: bump(module, {
          ...(code === undefined ? {} : { code }),
          ...(title === undefined ? {} : { title }),
          ...(directory_shortid === undefined ? {} : { directoryShortid: directory_shortid }),
        }),
      });
    }),
    http.post<never, { module: WireModule }, { module: SandboxFileModule } | ErrorBody>(
      `${base}/modules`,
      async ({ request }) => {
        await record(request, "modules");
        const stop = refused();
        if (stop) return stop;
        const { module } = await request.json();
        const created = fileModule(`new${state.next++}`, module.title, module.code, {
          directoryShortid: module.directory_shortid,
          isBinary: module.is_binary,
        });
        files.set(created.shortid, created);
        return HttpResponse.json({ module: created });
      },
    ),
    http.post<
      never,
      {
        modules: WireModule[];
        directories: { shortid: string; title: string; directory_shortid: string | null }[];
      },
      { modules: SandboxFileModule[]; directories: SandboxFileDirectory[] } | ErrorBody
    >(`${base}/modules/mcreate`, async ({ request }) => {
      await record(request, "modules/mcreate");
      const stop = refused();
      if (stop) return stop;
      const body = await request.json();
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
      return HttpResponse.json({ modules: created, directories: createdFolders });
    }),
    http.delete<{ shortid: string }>(`${base}/modules/:shortid`, async ({ params, request }) => {
      await record(request, `modules/${params.shortid}`);
      const stop = refused();
      if (stop) return stop;
      if (!files.delete(params.shortid)) return notFound();
      return new HttpResponse(null, { status: 204 });
    }),
    http.post<never, { module_shortids: string[]; directory_shortids: string[] }>(
      `${base}/modules/mdelete`,
      async ({ request }) => {
        await record(request, "modules/mdelete");
        const stop = refused();
        if (stop) return stop;
        const body = await request.json();
        for (const id of body.module_shortids) files.delete(id);
        for (const id of body.directory_shortids) folders.delete(id);
        return new HttpResponse(null, { status: 204 });
      },
    ),
    http.post<never, { directory: WireDirectory }, { directory: SandboxFileDirectory } | ErrorBody>(
      `${base}/directories`,
      async ({ request }) => {
        await record(request, "directories");
        const stop = refused();
        if (stop) return stop;
        const { directory } = await request.json();
        const created = {
          shortid: `dir${state.next++}`,
          title: directory.title ?? "",
          directoryShortid: directory.directory_shortid ?? null,
        };
        folders.set(created.shortid, created);
        return HttpResponse.json({ directory: created });
      },
    ),
    http.put<
      { shortid: string },
      { directory: WireDirectory },
      { directory: SandboxFileDirectory } | ErrorBody
    >(`${base}/directories/:shortid`, async ({ params, request }) => {
      await record(request, `directories/${params.shortid}`);
      const stop = refused();
      if (stop) return stop;
      const folder = folders.get(params.shortid);
      if (!folder) return notFound();
      const { directory } = await request.json();
      const next = {
        ...folder,
        ...(directory.title === undefined ? {} : { title: directory.title }),
        ...(directory.directory_shortid === undefined
          ? {}
          : { directoryShortid: directory.directory_shortid }),
      };
      folders.set(folder.shortid, next);
      return HttpResponse.json({ directory: next });
    }),
  );

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
