import {
  CREATE_FILE_MAX_BYTES,
  CREATE_FILES_MAX,
  CREATE_MESSAGES,
  DASHBOARD_MESSAGES,
  isPrivacy,
  isValidAlias,
  isValidFilePath,
  type Privacy,
  SANDBOX_DESCRIPTION_MAX,
  SANDBOX_MESSAGES,
  SANDBOX_TITLE_MAX,
  VM_TIER_MAX,
  VM_TIER_MIN,
} from "@boxyard/domain";
import { z } from "zod";

/** The input rules of the sandbox commands, shared by their doors (REST and GraphQL). */

export const sandboxTitle = z
  .string("The title must be text.")
  .trim()
  .min(1, DASHBOARD_MESSAGES.titleRequired)
  .max(SANDBOX_TITLE_MAX, SANDBOX_MESSAGES.titleTooLong);

export const sandboxAlias = z
  .string("The alias must be text.")
  .trim()
  .refine(isValidAlias, SANDBOX_MESSAGES.aliasInvalid);

export const sandboxPrivacy = z
  .number(DASHBOARD_MESSAGES.privacyInvalid)
  .refine((v): v is Privacy => isPrivacy(v), DASHBOARD_MESSAGES.privacyInvalid)
  .transform((v) => v as Privacy);

const sandboxId = z.string("Name the sandbox (id).");
const sandboxIds = z.array(z.string("Sandbox ids are text."), "Name the sandboxes (sandboxIds).");

export const sandboxesInput = z.object({ sandboxIds });
export const renameSandboxInput = z.object({ id: sandboxId, title: sandboxTitle });

export const setSandboxesFrozenInput = z.object({
  sandboxIds,
  isFrozen: z.boolean("isFrozen must be true or false."),
});
export const setSandboxesPrivacyInput = z.object({ sandboxIds, privacy: sandboxPrivacy });
export const setPreventSandboxesExportInput = z.object({
  sandboxIds,
  preventSandboxExport: z.boolean("preventSandboxExport must be true or false."),
});
export const setPreventSandboxesLeavingInput = z.object({
  sandboxIds,
  preventSandboxLeaving: z.boolean("preventSandboxLeaving must be true or false."),
});
export const moveSandboxesInput = z.object({
  sandboxIds,
  collectionPath: z.string("The folder path must be text.").nullish(),
  teamId: z.string("Workspace not found.").nullish(),
  privacy: sandboxPrivacy.nullish(),
});

/** `PUT /api/v1/sandboxes/:id`: `{sandbox: {...}}`, at least one change. */
export const updateSandboxInput = z.object({
  id: sandboxId,
  sandbox: z
    .object(
      {
        title: sandboxTitle.optional(),
        description: z
          .string("The description must be text.")
          .max(SANDBOX_DESCRIPTION_MAX, SANDBOX_MESSAGES.descriptionTooLong)
          .nullish(),
        alias: sandboxAlias.optional(),
        privacy: sandboxPrivacy.optional(),
        v2: z.boolean("v2 must be true or false.").optional(),
      },
      "Send the changes as {sandbox: {...}}.",
    )
    .refine(
      (s) => ["title", "description", "alias", "privacy", "v2"].some((k) => k in s),
      "Send at least one of title, description, alias, privacy or v2.",
    ),
});

export const setVmTierInput = z.object({
  id: sandboxId,
  vmTier: z
    .number(SANDBOX_MESSAGES.vmTierInvalid)
    .int(SANDBOX_MESSAGES.vmTierInvalid)
    .min(VM_TIER_MIN, SANDBOX_MESSAGES.vmTierInvalid)
    .max(VM_TIER_MAX, SANDBOX_MESSAGES.vmTierInvalid),
});

const nullish = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

/** `POST /api/v1/sandboxes/:id/fork`: the source (id or alias) and where the fork goes. */
export const forkSandboxInput = z.object({
  sourceId: z.string("Name the sandbox to fork."),
  title: nullish(sandboxTitle),
  teamId: nullish(z.string("Workspace not found.")),
  collectionId: nullish(z.string(DASHBOARD_MESSAGES.folderNotFound)),
  privacy: nullish(sandboxPrivacy),
  v2: nullish(z.boolean("v2 must be true or false.")),
  alias: nullish(sandboxAlias),
});

/** `GET /api/v1/sandboxes`: the sandbox picker's page size. */
export const sandboxPickerInput = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, "The limit must be from 1 to 500.")
    .max(500, "The limit must be from 1 to 500.")
    .default(100),
});

/** A preview token's grant (from a verified token, never from a body): one sandbox or a workspace's. */
const readGrant = z.union([
  z.object({ userId: z.string(), sandboxId: z.string() }),
  z.object({ userId: z.string(), workspaceId: z.string() }),
]);

/**
 * Reading one sandbox (by id or alias) as the viewer, or through a preview token's grant; `visitor`
 * (from the request, never from a body) names who opens it in the web app, when that may count a view.
 */
export const readSandboxInput = z.object({
  idOrAlias: z.string(),
  grant: readGrant.nullable(),
  visitor: z.string().max(200).nullable().default(null),
});

/** `POST /api/v1/sandboxes/:id/preview_token`: the page that will receive the token. */
export const previewTokenInput = z.object({
  id: sandboxId,
  origin: z.string("Say which page will receive the token (origin).").max(300),
});

/** `POST /api/v1/sandpack/token/:teamId`: the workspace, and the page when it is said. */
export const sandpackTokenInput = z.object({
  teamId: z.string("Workspace not found."),
  origin: z.string().max(300).optional(),
});

const newFile = z.object(
  {
    path: z
      .string("Each file needs a path.")
      .refine(isValidFilePath, { error: (issue) => CREATE_MESSAGES.filePathInvalid(String(issue.input)) }),
    code: z.string("Each file's code must be text."),
    isBinary: nullish(z.boolean("is_binary must be true or false.")),
  },
  "Each file is {path, code, is_binary}.",
);

/** `POST /api/v1/sandboxes`: a sandbox made of files (`{title, team_id, collection_id, privacy, v2, template, files}`). */
export const createSandboxInput = z.object({
  title: nullish(sandboxTitle),
  description: nullish(
    z
      .string("The description must be text.")
      .max(SANDBOX_DESCRIPTION_MAX, SANDBOX_MESSAGES.descriptionTooLong),
  ),
  teamId: nullish(z.string("Workspace not found.")),
  collectionId: nullish(z.string(DASHBOARD_MESSAGES.folderNotFound)),
  privacy: nullish(sandboxPrivacy),
  v2: nullish(z.boolean("v2 must be true or false.")),
  template: nullish(
    z
      .string("The template must be text.")
      .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "The template is a short name such as node or react."),
  ),
  files: z
    .array(newFile, CREATE_MESSAGES.filesRequired)
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

/** `GET /api/v1/sandboxes/limits`: of a workspace, the user's primary one by default. */
export const sandboxLimitsInput = z.object({ teamId: nullish(z.string("Workspace not found.")) });

/** The most sandboxes one zip download may name. */
export const ZIP_MAX_SANDBOXES = 100;

/** `GET /api/v1/teams/:teamId/sandboxes/zip?ids=a,b,c`: the workspace, then the sandboxes' ids. */
export const zipDownloadInput = z.object({ teamId: z.string(), ids: z.unknown() });

/** The `ids` of a zip download, read once the workspace is known to exist (a malformed one answers 404 first). */
export const zipIdsInput = z.object({
  ids: z
    .string("Choose the sandboxes to download.")
    .transform((v) => [
      ...new Set(
        v
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(100, "Unknown sandbox id."))
        .min(1, "Choose the sandboxes to download.")
        .max(ZIP_MAX_SANDBOXES, `Download at most ${ZIP_MAX_SANDBOXES} sandboxes at once.`),
    ),
});

const workspaceOf = z.object({ teamId: z.string("Workspace not found.") });

/** `Team.drafts` and `Team.templates`: the viewer's view of one workspace. */
export const workspaceListInput = workspaceOf;

/** `Team.sandboxes`: how many (all when absent or negative), in which order, deleted ones or not. */
export const workspaceSandboxesInput = workspaceOf.extend({
  limit: z.number().int().nullish(),
  orderBy: z.object({ field: z.string(), direction: z.enum(["ASC", "DESC"]) }).nullish(),
  showDeleted: z.boolean().nullish(),
});

/** One sandbox by its id or alias (Query.sandbox; the sandbox a REST write answers). */
export const sandboxByIdInput = z.object({ sandboxId: z.string() });
