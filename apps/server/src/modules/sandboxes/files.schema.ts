import { FILE_MESSAGES, FILES_PER_REQUEST_MAX, fileNameProblem, isValidFolderShortid } from "@boxyard/domain";
import { z } from "zod";

/** The input rules of the file API's commands (issue 15), shared by their doors (REST and GraphQL). */

const sandboxId = z.string("Name the sandbox (id).").min(1, "Name the sandbox (id).").max(100);
const shortid = z.string("Name the file or folder (shortid).").min(1).max(64);

/** A file or folder name: one path segment (no '/', not '.' or '..', no control characters). */
const fileName = z.string("A name must be text.").superRefine((name, ctx) => {
  const problem = fileNameProblem(name);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** The folder an entry is in: a folder's shortid, or null (absent) for the sandbox's root. */
const parent = z
  .string("directory_shortid is a folder's shortid, or null for the root.")
  .max(64, FILE_MESSAGES.folderNotFound)
  .nullish()
  .transform((v) => v ?? null);

/** A change's folder: absent keeps it, null moves to the root. */
const newParent = z
  .string("directory_shortid is a folder's shortid, or null for the root.")
  .max(64, FILE_MESSAGES.folderNotFound)
  .nullable()
  .optional();

const code = z.string("A file's code must be text.");
/** Null (GraphQL's way of leaving an argument out) is no change. */
const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

/** The `x-boxyard-client-id` of the request, echoed in the live event (never read from a body by the doors). */
const clientId = z
  .string()
  .max(100)
  .nullish()
  .transform((v) => v ?? null);

const baseVersion = z
  .number(FILE_MESSAGES.baseVersionRequired)
  .int(FILE_MESSAGES.baseVersionRequired)
  .min(1, FILE_MESSAGES.baseVersionRequired);

const newModule = z.object(
  {
    title: fileName,
    directoryShortid: parent,
    code: code.nullish().transform((v) => v ?? ""),
    isBinary: z
      .boolean("is_binary must be true or false.")
      .nullish()
      .transform((v) => v ?? false),
  },
  "A new file is {title, directory_shortid, code, is_binary}.",
);

const newDirectory = z.object(
  {
    shortid: z
      .string(FILE_MESSAGES.folderShortidInvalid)
      .refine(isValidFolderShortid, FILE_MESSAGES.folderShortidInvalid),
    title: fileName,
    directoryShortid: parent,
  },
  "A new folder is {shortid, title, directory_shortid}.",
);

/** What may change of a file: at least one of its code, name and folder. */
const moduleChange = z
  .object(
    { code: optional(code), title: optional(fileName), directoryShortid: newParent },
    "Send the change as {module: {code, title, directory_shortid}}.",
  )
  .refine(
    (m) => m.code !== undefined || m.title !== undefined || m.directoryShortid !== undefined,
    FILE_MESSAGES.nothingToChange,
  );

const shortids = (what: string) =>
  z
    .array(shortid, `${what} is a list of shortids.`)
    .max(FILES_PER_REQUEST_MAX, FILE_MESSAGES.tooMany)
    .nullish()
    .transform((v) => v ?? []);

/** A sandbox's files and folders (GET .../modules; Sandbox.modules). */
export const sandboxFilesInput = z.object({ sandboxId });

/** One file with its code (GET .../modules/:shortid). */
export const readModuleInput = z.object({ sandboxId, shortid });

/** `POST .../modules`: `{module: {title, directory_shortid, code, is_binary}}`. */
export const createModuleInput = z.object({ sandboxId, clientId, module: newModule });

/**
 * `POST .../modules/mcreate`: files and folders at once. New folders' shortids are the client's,
 * so that files (and folders) of the same request can be put in them.
 */
export const createModulesInput = z
  .object({
    sandboxId,
    clientId,
    modules: z
      .array(newModule, "modules is a list of new files.")
      .nullish()
      .transform((v) => v ?? []),
    directories: z
      .array(newDirectory, "directories is a list of new folders.")
      .nullish()
      .transform((v) => v ?? []),
  })
  .refine((i) => i.modules.length + i.directories.length > 0, "Send at least one file or folder.")
  .refine((i) => i.modules.length + i.directories.length <= FILES_PER_REQUEST_MAX, FILE_MESSAGES.tooMany);

/** `PUT .../modules/:shortid`: `{module: {code, title, directory_shortid}, base_version}`. */
export const updateModuleInput = z.object({
  sandboxId,
  clientId,
  shortid,
  module: moduleChange,
  baseVersion,
});

/** `PUT .../modules/mupdate`: several files' changes, each with the version it is based on. */
export const updateModulesInput = z.object({
  sandboxId,
  clientId,
  modules: z
    .array(
      z
        .object(
          {
            shortid,
            code: optional(code),
            title: optional(fileName),
            directoryShortid: newParent,
            baseVersion,
          },
          "Each change is {shortid, code, title, directory_shortid, base_version}.",
        )
        .refine(
          (m) => m.code !== undefined || m.title !== undefined || m.directoryShortid !== undefined,
          FILE_MESSAGES.nothingToChange,
        ),
      "modules is a list of changes.",
    )
    .min(1, "Send at least one change.")
    .max(FILES_PER_REQUEST_MAX, FILE_MESSAGES.tooMany)
    .refine((list) => new Set(list.map((m) => m.shortid)).size === list.length, "Name each file once."),
});

/** `POST .../modules/mdelete` (and the single deletes): files, and folders with all they hold. */
export const deleteModulesInput = z
  .object({
    sandboxId,
    clientId,
    moduleShortids: shortids("module_shortids"),
    directoryShortids: shortids("directory_shortids"),
  })
  .refine(
    (i) => i.moduleShortids.length + i.directoryShortids.length > 0,
    "Name at least one file or folder to delete.",
  );

/** `POST .../directories`: `{directory: {title, directory_shortid}}`. */
export const createDirectoryInput = z.object({
  sandboxId,
  clientId,
  directory: z.object(
    { title: fileName, directoryShortid: parent },
    "Send {directory: {title, directory_shortid}}.",
  ),
});

/** `PUT .../directories/:shortid`: a rename, a move or both. */
export const updateDirectoryInput = z.object({
  sandboxId,
  clientId,
  shortid,
  directory: z
    .object(
      { title: optional(fileName), directoryShortid: newParent },
      "Send the change as {directory: {title, directory_shortid}}.",
    )
    .refine(
      (d) => d.title !== undefined || d.directoryShortid !== undefined,
      "Send at least one of title or directory_shortid.",
    ),
});

export type NewModule = z.output<typeof newModule>;
export type NewDirectory = z.output<typeof newDirectory>;

/** The preview origin's files route: a sandbox, and the preview token a private one needs. */
export const previewFilesInput = z.object({
  sandboxId,
  token: z.string().max(4096).optional(),
});
