import { SANDBOX_MESSAGES } from "@boxyard/domain";
import { AppError } from "../../http/errors.ts";
import { openQuery } from "../../service/command.ts";
import { previewFilesInput } from "./files.schema.ts";
import { filesOfSandboxes } from "./files-read.service.ts";
import { readGrantOf } from "./preview-tokens.ts";
import { readableSandbox } from "./read.service.ts";

/**
 * A sandbox's files by path, for a preview opened in a tab of its own (the preview origin's files
 * route): anyone may read a public or unlisted sandbox; a private one needs a preview token from
 * `/auth/sandbox/{id}`, which reads it as the person who asked for it. No session is involved: the
 * preview origin never sees Boxyard's cookie.
 */
export const readPreviewFiles = openQuery(previewFilesInput, async (ctx, { sandboxId, token }) => {
  const grant = token ? await readGrantOf(ctx.deps.secret, token) : null;
  if (token && !grant) {
    throw new AppError("UNAUTHENTICATED", SANDBOX_MESSAGES.previewTokenExpired, "token");
  }
  const { sandbox } = await readableSandbox(ctx.db, { viewerId: null, grant }, sandboxId);
  const { modules, directories } = (await filesOfSandboxes(ctx.db, [sandbox.id])).get(sandbox.id)!;
  const folders = new Map(directories.map((d) => [d.shortid, d]));
  const pathOf = (title: string, parent: string | null): string | null => {
    const names = [title];
    const seen = new Set<string>();
    for (let at = parent; at !== null; ) {
      const folder = folders.get(at);
      if (!folder || seen.has(at)) return null;
      seen.add(at);
      names.unshift(folder.title);
      at = folder.directoryShortid;
    }
    return names.join("/");
  };
  const files: Record<string, string> = {};
  for (const module of modules) {
    const path = pathOf(module.title, module.directoryShortid);
    if (path !== null) files[path] = module.code;
  }
  return { sandboxId: sandbox.id, files };
});
