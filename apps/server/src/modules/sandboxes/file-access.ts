import {
  DASHBOARD_MESSAGES,
  FILE_CODE_MAX_BYTES,
  FILE_MESSAGES,
  isBinaryFileCode,
  MESSAGES,
  type SandboxFilesChange,
  sandboxTopic,
} from "@boxyard/domain";
import { and, eq, lt } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { sandboxDirectories, sandboxes, sandboxModules } from "../../db/schema/index.ts";
import { AppError, invalid, notFound } from "../../http/errors.ts";
import type { SignedIn } from "../../service/command.ts";
import type { Ctx } from "../../service/context.ts";
import { FileTree, type TreeEntry } from "./file-tree.ts";
import { findSandbox, sandboxWithAccess, type WritableSandbox } from "./read.service.ts";
import { codeWriteProblem } from "./sandbox.policy.ts";

/**
 * What the file commands share: loading the sandbox for a writer, its tree, the limits of a
 * file's code, and what a change leaves behind (the sandbox's updated time, the live event).
 */

export type ModuleRow = typeof sandboxModules.$inferSelect;
export type DirectoryRow = typeof sandboxDirectories.$inferSelect;

/**
 * The sandbox (by id or alias) when the user may change its files (sandbox.policy.ts
 * codeWriteProblem). A change of the tree (`structure`: names, folders) holds the sandbox's row
 * until it commits, so two of them never judge names on the same tree at once; saving code does
 * not (its version check on the file's row is its guard), so savers never wait for each other.
 */
export async function sandboxForWriting(
  ctx: SignedIn<Ctx>,
  idOrAlias: string,
  kind: "structure" | "code",
): Promise<WritableSandbox> {
  const lock = kind === "structure";
  let access = await sandboxWithAccess(ctx.db, ctx.userId, idOrAlias, lock);
  if (!access) {
    // An alias: found the usual way, then loaded by its id.
    const found = await findSandbox(ctx.db, idOrAlias, ctx.userId);
    if (found) access = await sandboxWithAccess(ctx.db, ctx.userId, found.id, lock);
  }
  if (!access) throw notFound(DASHBOARD_MESSAGES.sandboxNotFound);
  const problem = codeWriteProblem(ctx.userId, access);
  if (problem) throw problem;
  return access.sandbox;
}

/** The sandbox's tree: every file's and folder's name and place (no code). */
export async function loadTree(tx: Tx, sandboxId: string): Promise<FileTree> {
  const [modules, directories] = [
    await tx
      .select({
        shortid: sandboxModules.shortid,
        title: sandboxModules.title,
        directoryShortid: sandboxModules.directoryShortid,
      })
      .from(sandboxModules)
      .where(eq(sandboxModules.sandboxId, sandboxId)),
    await tx
      .select({
        shortid: sandboxDirectories.shortid,
        title: sandboxDirectories.title,
        directoryShortid: sandboxDirectories.directoryShortid,
      })
      .from(sandboxDirectories)
      .where(eq(sandboxDirectories.sandboxId, sandboxId)),
  ];
  return new FileTree([
    ...modules.map((m): TreeEntry => ({ kind: "module", ...m })),
    ...directories.map((d): TreeEntry => ({ kind: "directory", ...d })),
  ]);
}

/** Refuses code over the upload limit (413, spec 2 §9's words) and a binary file that is no data URL or upload. */
export function checkCode(code: string, isBinary: boolean) {
  // Characters first: a string of fewer characters than the limit's bytes cannot be over it.
  if (code.length * 3 > FILE_CODE_MAX_BYTES && Buffer.byteLength(code) > FILE_CODE_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", MESSAGES.fileTooLarge, "code");
  }
  if (isBinary && !isBinaryFileCode(code)) throw invalid(FILE_MESSAGES.binaryCode, "code");
}

/** A sandbox's updated time (the dashboard's "updated", search's version) follows its edits this often at most. */
export const TOUCH_INTERVAL_MS = 60_000;

/**
 * After a change of its files: the sandbox's updated time moves on, at most once a minute (the
 * search version follows it through its trigger, migration 0012), so typing and autosaving do not
 * churn the dashboard and search caches; the workspace's dashboards refresh when it moved.
 */
export async function touchSandbox(ctx: SignedIn<Ctx>, sandbox: WritableSandbox) {
  const now = new Date();
  const due = new Date(now.getTime() - TOUCH_INTERVAL_MS);
  if (sandbox.updatedAt >= due) return;
  const moved = await ctx.db
    .update(sandboxes)
    .set({ updatedAt: now })
    .where(and(eq(sandboxes.id, sandbox.id), lt(sandboxes.updatedAt, due)))
    .returning({ id: sandboxes.id });
  if (moved.length === 0) return;
  ctx.effects.workspaceChanged([sandbox.workspaceId], {
    sandboxes: true,
    folders: false,
    sandboxIds: [sandbox.id],
    actorId: ctx.userId,
  });
}

/** Tells whoever has the sandbox open what changed, once the command has committed. */
export function announceFiles(
  ctx: SignedIn<Ctx>,
  sandboxId: string,
  clientId: string | null,
  change: Pick<SandboxFilesChange, "modules" | "directories">,
) {
  const payload: SandboxFilesChange = { sandboxId, actorId: ctx.userId, clientId, ...change };
  ctx.effects.publish(sandboxTopic(sandboxId), { event: "sandbox-files", payload });
}
