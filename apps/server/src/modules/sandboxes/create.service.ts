import { CREATE_MESSAGES, type Privacy } from "@boxyard/domain";
import type { Db } from "../../db/client.ts";
import { invalid, notFound } from "../../http/errors.ts";
import type { PlanOf } from "../billing/workspace-plan.ts";
import { defaultWorkspaceId } from "../folders/folders.service.ts";
import { requireWorkspace } from "../workspaces/workspace.policy.ts";
import { generateTitle } from "./generate-title.ts";
import { placeIn, targetWorkspace } from "./placement.ts";
import {
  createSandbox,
  privateSandboxCount,
  privateSandboxLimit,
  type SandboxRow,
} from "./sandboxes.service.ts";

export type NewFile = { path: string; code: string; isBinary?: boolean | undefined };

export type CreateFromFilesInput = {
  title?: string | undefined;
  description?: string | undefined;
  teamId?: string | undefined;
  collectionId?: string | undefined;
  privacy?: Privacy | undefined;
  v2?: boolean | undefined;
  /** The sandbox's `source.template`, e.g. 'node'. */
  template?: string | undefined;
  files: NewFile[];
};

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

/**
 * A new sandbox (or devbox) made of the given files, in a workspace the user may write to (their
 * primary one by default), in a folder or the drafts, with the fork's limits: DRAFT_LIMIT, the
 * workspace's minimum privacy and SANDBOX_LIMIT. Without a title it gets a generated one. One
 * transaction: nothing is made when anything is refused.
 */
export function createSandboxFromFiles(
  db: Db,
  plans: PlanOf,
  userId: string,
  input: CreateFromFilesInput,
): Promise<SandboxRow> {
  const problem = fileTreeProblem(input.files.map((f) => f.path));
  if (problem) throw invalid(problem, "files");
  return db.transaction(async (tx) => {
    const target = await targetWorkspace(tx, userId, input.teamId);
    const { collectionId, privacy, vmTier } = await placeIn(tx, plans, userId, target, input);
    return createSandbox(tx, {
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
  });
}

export type SandboxLimits = { sandboxCount: number; sandboxLimit: number };

/**
 * `GET /api/v1/sandboxes/limits`: how many private sandboxes the workspace (the user's primary one
 * by default) holds and how many its plan includes; public and unlisted ones are unlimited. A
 * signed-out visitor cannot create sandboxes at all: 0 of 0. Members of any role may read it; a
 * workspace the user is not in does not exist for them.
 */
export async function sandboxLimits(
  db: Db,
  plans: PlanOf,
  userId: string | null,
  teamId: string | undefined,
): Promise<SandboxLimits> {
  if (!userId) return { sandboxCount: 0, sandboxLimit: 0 };
  const workspaceId = teamId ?? (await defaultWorkspaceId(db, userId));
  if (!workspaceId) throw notFound("Workspace not found.");
  await requireWorkspace(db, userId, workspaceId, "READ", { write: false });
  return {
    sandboxCount: await privateSandboxCount(db, workspaceId),
    sandboxLimit: await privateSandboxLimit(db, plans, workspaceId),
  };
}
