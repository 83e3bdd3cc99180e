import { CREATE_MESSAGES, DASHBOARD_MESSAGES } from "@boxyard/domain";
import { z } from "zod";
import { invalid, notFound } from "../../http/errors.ts";
import { command, openQuery } from "../../service/command.ts";
import { defaultWorkspaceId } from "../folders/folders.service.ts";
import { requireWorkspace } from "../workspaces/membership.service.ts";
import { generateTitle } from "./generate-title.ts";
import { placeIn, targetWorkspace } from "./placement.ts";
import { sandboxView } from "./sandbox-view.ts";
import { createSandboxInput, sandboxLimitsInput } from "./sandboxes.schema.ts";
import { createSandbox, privateSandboxCount, privateSandboxLimit } from "./sandboxes.service.ts";

/**
 * Paths given twice, or a path that is both a file and a folder ('src' and 'src/index.js'), cannot
 * make a file tree. Answers the first problem, or null.
 */
export function fileTreeProblem(paths: readonly string[]): string | null {
  const files = new Set<string>();
  const folders = new Set<string>();
  for (const path of paths) {
    if (files.has(path)) return CREATE_MESSAGES.filePathDuplicate(path);
    files.add(path);
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join("/"));
  }
  for (const path of files) if (folders.has(path)) return CREATE_MESSAGES.filePathConflict(path);
  return null;
}

const UUID = z.uuid();

/**
 * A new sandbox (or devbox) made of the given files, in a workspace the user may write to (their
 * primary one by default), in a folder or the drafts, with the fork's limits: DRAFT_LIMIT, the
 * workspace's minimum privacy and SANDBOX_LIMIT. Without a title it gets a generated one. Nothing
 * is made when anything is refused. Answers the sandbox as the REST view shows it.
 */
export const createSandboxFromFiles = command(createSandboxInput, async (ctx, input) => {
  if (input.teamId && !UUID.safeParse(input.teamId).success) throw notFound("Workspace not found.");
  if (input.collectionId && !UUID.safeParse(input.collectionId).success) {
    throw notFound(DASHBOARD_MESSAGES.folderNotFound);
  }
  const problem = fileTreeProblem(input.files.map((f) => f.path));
  if (problem) throw invalid(problem, "files");
  const { db: tx, userId } = ctx;
  const target = await targetWorkspace(tx, userId, input.teamId);
  const { collectionId, privacy, vmTier } = await placeIn(tx, ctx.deps.plans, userId, target, input);
  const created = await createSandbox(tx, {
    vmTier,
    workspaceId: target.workspaceId,
    authorId: userId,
    collectionId,
    title: input.title ?? generateTitle(),
    description: input.description ?? null,
    privacy,
    isV2: input.v2 ?? false,
    sourceTemplate: input.template ?? null,
    files: input.files.map((f) => ({ path: f.path, code: f.code, isBinary: f.isBinary ?? false })),
  });
  ctx.effects.workspaceChanged([target.workspaceId], {
    sandboxes: true,
    folders: false,
    sandboxIds: [created.id],
    actorId: userId,
  });
  return sandboxView(tx, created, {
    membership: await requireWorkspace(tx, userId, created.workspaceId, "READ", { write: false }),
    authorization: "OWNER",
  });
});

export type SandboxLimits = { sandboxCount: number; sandboxLimit: number };

/**
 * `GET /api/v1/sandboxes/limits`: how many private sandboxes the workspace (the user's primary one
 * by default) holds and how many its plan includes; public and unlisted ones are unlimited. A
 * signed-out visitor cannot create sandboxes at all: 0 of 0. Members of any role may read it; a
 * workspace the user is not in does not exist for them.
 */
export const sandboxLimits = openQuery(
  sandboxLimitsInput,
  async (ctx, { teamId }): Promise<SandboxLimits> => {
    if (teamId && !UUID.safeParse(teamId).success) throw notFound("Workspace not found.");
    const userId = ctx.actor?.userId;
    if (!userId) return { sandboxCount: 0, sandboxLimit: 0 };
    const workspaceId = teamId ?? (await defaultWorkspaceId(ctx.db, userId));
    if (!workspaceId) throw notFound("Workspace not found.");
    await requireWorkspace(ctx.db, userId, workspaceId, "READ", { write: false });
    return {
      sandboxCount: await privateSandboxCount(ctx.db, workspaceId),
      sandboxLimit: await privateSandboxLimit(ctx.db, ctx.deps.plans, workspaceId),
    };
  },
);
