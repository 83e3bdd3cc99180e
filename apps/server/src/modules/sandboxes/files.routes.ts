import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import { bodyObject } from "../../http/parse-input.ts";
import { runCommand, runQuery, unparsed } from "../../service/context.ts";
import {
  createDirectory,
  createModule,
  createModules,
  deleteModules,
  presentDirectory,
  presentModule,
  updateDirectory,
  updateModule,
  updateModules,
} from "./files.service.ts";
import { readModule, readSandboxFiles } from "./files-read.service.ts";

/** The header a tab names itself with, echoed in the live event so that it can ignore its own change. */
const CLIENT_ID_HEADER = "x-boxyard-client-id";

/**
 * A file of up to 5 MB fits a request with room for JSON's escapes; the limit itself is the
 * commands' (413 with spec 2's words). Bulk requests carry several files.
 */
const ONE_FILE_BODY_LIMIT = 12 * 1024 * 1024;
const BULK_BODY_LIMIT = 32 * 1024 * 1024;

type Params = { id: string; shortid?: string };

const doc = (summary: string) => routeDoc({ tag: "sandboxes", summary });

/** The command's input: the body's fields, the path's parameters and the tab's client id. */
function input(request: FastifyRequest<{ Params: Params }>) {
  const { id, shortid } = request.params;
  return unparsed({
    ...bodyObject(request.body),
    sandboxId: id,
    ...(shortid !== undefined ? { shortid } : {}),
    clientId: clientIdOf(request),
  });
}

/**
 * The sandbox file API (issue 15, /work/notes/file-api.md): files (`modules`) and folders
 * (`directories`) of a sandbox, one transaction per request, bulk forms for several at once.
 */
export function registerFileRoutes(app: FastifyInstance, deps: Deps) {
  const base = "/api/v1/sandboxes/:id";
  const one = { bodyLimit: ONE_FILE_BODY_LIMIT };
  const bulk = { bodyLimit: BULK_BODY_LIMIT };

  /** Every file with its code, and every folder: what an open editor reads again when folders changed (no view counted). */
  app.get<{ Params: Params }>(
    `${base}/modules`,
    { schema: doc("Every file with its code, and every folder") },
    async (request, reply) => {
      const files = await runQuery(deps, request.viewer, readSandboxFiles, { sandboxId: request.params.id });
      reply.header("cache-control", "no-store");
      return {
        modules: files.modules.map(presentModule),
        directories: files.directories.map(presentDirectory),
      };
    },
  );

  app.get<{ Params: Params }>(
    `${base}/modules/:shortid`,
    { schema: doc("A file with its code and version") },
    async (request, reply) => {
      const { id, shortid = "" } = request.params;
      const module = await runQuery(deps, request.viewer, readModule, { sandboxId: id, shortid });
      reply.header("cache-control", "no-store");
      return { module: presentModule(module) };
    },
  );

  app.post<{ Params: Params }>(
    `${base}/modules`,
    { ...one, schema: doc("Creates a file") },
    async (request) => ({
      module: presentModule(await runCommand(deps, request.viewer, createModule, input(request))),
    }),
  );

  app.post<{ Params: Params }>(
    `${base}/modules/mcreate`,
    { ...bulk, schema: doc("Creates files and folders at once") },
    async (request) => {
      const made = await runCommand(deps, request.viewer, createModules, input(request));
      return {
        modules: made.modules.map(presentModule),
        directories: made.directories.map(presentDirectory),
      };
    },
  );

  app.put<{ Params: Params }>(
    `${base}/modules/mupdate`,
    {
      ...bulk,
      schema: doc(
        "Saves several files at once; a stale base version is refused (409) with the current files",
      ),
    },
    async (request) => {
      const saved = await runCommand(deps, request.viewer, updateModules, input(request));
      return { modules: saved.map(presentModule) };
    },
  );

  app.put<{ Params: Params }>(
    `${base}/modules/:shortid`,
    {
      ...one,
      schema: doc(
        "Saves, renames or moves a file; a stale base version is refused (409) with the current file",
      ),
    },
    async (request) => ({
      module: presentModule(await runCommand(deps, request.viewer, updateModule, input(request))),
    }),
  );

  app.delete<{ Params: Params }>(
    `${base}/modules/:shortid`,
    { schema: doc("Deletes a file") },
    async (request, reply) => {
      const { id, shortid = "" } = request.params;
      await runCommand(deps, request.viewer, deleteModules, {
        sandboxId: id,
        moduleShortids: [shortid],
        clientId: clientIdOf(request),
      });
      return reply.status(204).send();
    },
  );

  app.post<{ Params: Params }>(
    `${base}/modules/mdelete`,
    { schema: doc("Deletes files, and folders with all they hold") },
    async (request, reply) => {
      await runCommand(deps, request.viewer, deleteModules, input(request));
      return reply.status(204).send();
    },
  );

  app.post<{ Params: Params }>(
    `${base}/directories`,
    { schema: doc("Creates a folder") },
    async (request) => ({
      directory: presentDirectory(await runCommand(deps, request.viewer, createDirectory, input(request))),
    }),
  );

  app.put<{ Params: Params }>(
    `${base}/directories/:shortid`,
    { schema: doc("Renames or moves a folder") },
    async (request) => ({
      directory: presentDirectory(await runCommand(deps, request.viewer, updateDirectory, input(request))),
    }),
  );

  app.delete<{ Params: Params }>(
    `${base}/directories/:shortid`,
    { schema: doc("Deletes a folder with all it holds") },
    async (request, reply) => {
      const { id, shortid = "" } = request.params;
      await runCommand(deps, request.viewer, deleteModules, {
        sandboxId: id,
        directoryShortids: [shortid],
        clientId: clientIdOf(request),
      });
      return reply.status(204).send();
    },
  );
}

function clientIdOf(request: FastifyRequest) {
  const header = request.headers[CLIENT_ID_HEADER];
  return typeof header === "string" ? header : null;
}
