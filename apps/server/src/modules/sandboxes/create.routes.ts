import {
  CREATE_FILE_MAX_BYTES,
  CREATE_FILES_MAX,
  CREATE_MESSAGES,
  DASHBOARD_MESSAGES,
  isPrivacy,
  isValidFilePath,
  SANDBOX_DESCRIPTION_MAX,
  SANDBOX_MESSAGES,
  SANDBOX_TITLE_MAX,
} from "@boxyard/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http/errors.ts";
import { parseOrInvalid } from "../../http/parse-input.ts";
import { requireViewer } from "../../http/viewer.ts";
import { requireWorkspace } from "../workspaces/workspace.policy.ts";
import { createSandboxFromFiles, sandboxLimits } from "./create.service.ts";
import { generateTitle } from "./generate-title.ts";
import { sandboxView } from "./sandbox-view.ts";

const UUID = z.uuid();
const nullish = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

const file = z.object(
  {
    path: z
      .string("Each file needs a path.")
      .refine(isValidFilePath, { error: (issue) => CREATE_MESSAGES.filePathInvalid(String(issue.input)) }),
    code: z.string("Each file's code must be text."),
    isBinary: nullish(z.boolean("is_binary must be true or false.")),
  },
  "Each file is {path, code, is_binary}.",
);

const createBody = z.object({
  title: nullish(
    z
      .string("The title must be text.")
      .trim()
      .min(1, DASHBOARD_MESSAGES.titleRequired)
      .max(SANDBOX_TITLE_MAX, SANDBOX_MESSAGES.titleTooLong),
  ),
  description: nullish(
    z
      .string("The description must be text.")
      .max(SANDBOX_DESCRIPTION_MAX, SANDBOX_MESSAGES.descriptionTooLong),
  ),
  teamId: nullish(z.string("Workspace not found.")),
  collectionId: nullish(z.string(DASHBOARD_MESSAGES.folderNotFound)),
  privacy: nullish(
    z
      .number(DASHBOARD_MESSAGES.privacyInvalid)
      .refine((v) => isPrivacy(v), DASHBOARD_MESSAGES.privacyInvalid),
  ),
  v2: nullish(z.boolean("v2 must be true or false.")),
  template: nullish(
    z
      .string("The template must be text.")
      .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "The template is a short name such as node or react."),
  ),
  files: z
    .array(file, CREATE_MESSAGES.filesRequired)
    .min(1, CREATE_MESSAGES.filesRequired)
    .max(CREATE_FILES_MAX, CREATE_MESSAGES.filesTooMany(CREATE_FILES_MAX))
    .superRefine((files, ctx) => {
      const large = files.find((f) => Buffer.byteLength(f.code) > CREATE_FILE_MAX_BYTES);
      if (large)
        ctx.addIssue({
          code: "custom",
          message: CREATE_MESSAGES.fileTooLarge(large.path, CREATE_FILE_MAX_BYTES),
        });
    }),
});

const limitsQuery = z.object({ teamId: nullish(z.string("Workspace not found.")) });

/** Creating sandboxes: default names, the caller's limits, and a sandbox made of files (spec 2 §2.2, §7). */
export function registerCreateRoutes(app: FastifyInstance, deps: Deps) {
  const { db, plans } = deps;

  /** A fresh default name for the create form; anyone may ask. */
  app.get("/api/v1/sandboxes/generate_title", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { title: generateTitle() };
  });

  app.get("/api/v1/sandboxes/limits", async (request, reply) => {
    const { teamId } = parseOrInvalid(limitsQuery, request.query);
    if (teamId && !UUID.safeParse(teamId).success) throw notFound("Workspace not found.");
    reply.header("cache-control", "no-store");
    return sandboxLimits(db, plans, request.viewer?.userId ?? null, teamId);
  });

  /** A sandbox made of files (the create-repo-files screen): `{title, team_id, collection_id, privacy, v2, template, files: [{path, code, is_binary}]}`. */
  app.post("/api/v1/sandboxes", async (request) => {
    const viewer = requireViewer(request);
    const input = parseOrInvalid(createBody, request.body);
    if (input.teamId && !UUID.safeParse(input.teamId).success) throw notFound("Workspace not found.");
    if (input.collectionId && !UUID.safeParse(input.collectionId).success) {
      throw notFound(DASHBOARD_MESSAGES.folderNotFound);
    }
    const created = await createSandboxFromFiles(db, plans, viewer.userId, {
      ...input,
      privacy: input.privacy as 0 | 1 | 2 | undefined,
    });
    return sandboxView(db, created, {
      membership: await requireWorkspace(db, viewer.userId, created.workspaceId, "READ", { write: false }),
      authorization: "OWNER",
    });
  });
}
