import {
  CODEHOST_MESSAGES,
  DASHBOARD_MESSAGES,
  effectivePrivacy,
  parseCodeHostUrl,
  ROOT_PATH,
  syncedTemplatePath,
  syncedTemplateTitle,
  templateBranchNotFoundMessage,
  templateFolderNotFoundMessage,
  WORKSPACE_MESSAGES,
} from "@boxyard/domain";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { collections, sandboxes, sandboxGit } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { AppError, invalid, notFound } from "../../http/errors.ts";
import { CodeHostError } from "../../integrations/codehost/codehost.port.ts";
import type { RepositoryTree } from "../../integrations/codehost/git.ts";
import { query } from "../../service/command.ts";
import type { Ctx, ReadCtx } from "../../service/context.ts";
import { runCommand } from "../../service/context.ts";
import { openRemoteCommand, remoteCommand } from "../../service/remote-command.ts";
import { checkPrivateLimit, type SandboxRow } from "../sandboxes/sandboxes.service.ts";
import { createSyncedSandbox, replaceSandboxFiles } from "../sandboxes/synced-files.service.ts";
import { recordSyncedTemplate } from "../templates/synced-templates-rows.service.ts";
import { membershipOf } from "../workspaces/membership.service.ts";
import { githubAccessOf, onCodeHost } from "./github-access.ts";
import { authorizeProject } from "./repositories.policy.ts";
import {
  importSyncedTemplateInput,
  syncDueTemplatesInput,
  syncedSandboxesInput,
  syncSyncedTemplateInput,
} from "./repositories.schema.ts";

export type SandboxGitRow = typeof sandboxGit.$inferSelect;

/** A synced template's git location as GitInfo (api-contract §3); its path doubles as its id. */
export function gitInfo(row: SandboxGitRow) {
  const location = { owner: row.owner, repo: row.repo, branch: row.branch, path: row.path };
  return {
    id: syncedTemplatePath(location),
    username: row.owner,
    repo: row.repo,
    branch: row.branch,
    path: row.path,
    commitSha: row.commitSha,
  };
}

/** The code host as someone who may read the repository: the given user, else anonymously. */
async function readerOf(deps: Deps, userId: string | null) {
  const access = userId ? await githubAccessOf(deps, userId) : null;
  return {
    host: access?.host ?? deps.codeHost.github(null),
    remote: (cloneUrl: string) => ({ url: cloneUrl, token: access?.token ?? null }),
  };
}

/** The files of the folder at the branch's head, with clear answers for a missing branch or folder. */
async function readFiles(
  deps: Deps,
  remote: { url: string; token: string | null },
  branch: string,
  path: string,
) {
  let tree: RepositoryTree | null;
  try {
    tree = await deps.codeHost.git.readTree(remote, branch, path);
  } catch (error) {
    if (error instanceof CodeHostError && error.kind === "not_found")
      throw notFound(templateBranchNotFoundMessage(branch));
    throw error;
  }
  if (!tree) throw notFound(templateFolderNotFoundMessage(path, branch));
  return tree;
}

/** Tells the workspace's dashboards that its synced template was added or its files changed. */
function templateChanged(ctx: Ctx, sandbox: SandboxRow) {
  ctx.effects.workspaceChanged([sandbox.workspaceId], {
    sandboxes: true,
    folders: false,
    sandboxIds: [sandbox.id],
    actorId: ctx.actor?.userId ?? null,
  });
}

/**
 * The Import template tab (spec 2 §2.4): a code-host URL (owner/repo, optional /tree/{branch} and
 * folder) becomes a read-only devbox template of the workspace, its files fetched with git from
 * the repository, kept in sync by syncTemplate. Importing the same location again into the same
 * workspace syncs and answers the template it already has. Public repositories need no GitHub
 * connection; private ones are read with the importer's (and later synced with it).
 */
export const importSyncedTemplate = remoteCommand(
  importSyncedTemplateInput,
  async (ctx, input): Promise<SandboxRow> => {
    const workspaceId = input.teamId;
    const membership = authorizeProject(
      await membershipOf(ctx.db, ctx.userId, workspaceId),
      "import",
      WORKSPACE_MESSAGES.notFound,
    );
    const location = parseCodeHostUrl(input.url);
    if (!location) throw invalid(CODEHOST_MESSAGES.templateUrlInvalid, "url");
    const reader = await readerOf(ctx.deps, ctx.userId);
    const repository = await onCodeHost(() => reader.host.repository(location.owner, location.repo));
    const branch = location.branch ?? repository.defaultBranch;
    const [existing] = await ctx.db
      .select({ sandboxId: sandboxGit.sandboxId })
      .from(sandboxGit)
      .innerJoin(sandboxes, eq(sandboxes.id, sandboxGit.sandboxId))
      .where(
        and(
          eq(sandboxes.workspaceId, workspaceId),
          sql`lower(${sandboxGit.owner}) = lower(${repository.owner.login})`,
          sql`lower(${sandboxGit.repo}) = lower(${repository.name})`,
          eq(sandboxGit.branch, branch),
          eq(sandboxGit.path, location.path),
        ),
      )
      .limit(1);
    if (existing) return syncTemplate(ctx, existing.sandboxId, ctx.userId);

    const tree = await onCodeHost(() =>
      readFiles(ctx.deps, reader.remote(repository.cloneUrl), branch, location.path),
    );
    const where = { owner: repository.owner.login, repo: repository.name, branch, path: location.path };
    return runCommand(
      ctx.deps,
      ctx.actor,
      async (write: Ctx) => {
        const tx = write.db;
        const privacy = effectivePrivacy(repository.private ? 2 : 0, membership.minimumPrivacy);
        if (privacy === 2) await checkPrivateLimit(tx, ctx.deps.plans, workspaceId, 1);
        const [root] = await tx
          .select({ id: collections.id })
          .from(collections)
          .where(and(eq(collections.workspaceId, workspaceId), eq(collections.path, ROOT_PATH)));
        // Read-only: its files come from the repository alone (fork it to change them). Its address is
        // its repository path, /s/github/{owner}/{repo}[/tree/{branch}][/{folder}] (spec 2 §2.4 'resulting URL').
        const sandbox = await createSyncedSandbox(tx, {
          workspaceId,
          authorId: ctx.userId,
          collectionId: root?.id ?? null,
          title: syncedTemplateTitle(where),
          description: `Synced with ${repository.htmlUrl}`,
          privacy,
          isV2: true,
          sourceTemplate: null,
          files: tree.files,
          alias: syncedTemplatePath(where),
        });
        await recordSyncedTemplate(tx, sandbox.id);
        await tx.insert(sandboxGit).values({
          sandboxId: sandbox.id,
          ...where,
          cloneUrl: repository.cloneUrl,
          commitSha: tree.sha,
          syncedById: repository.private ? ctx.userId : null,
        });
        templateChanged(write, sandbox);
        return sandbox;
      },
      undefined,
    );
  },
);

/**
 * Refreshes a synced template from its repository: when the branch moved, its files are replaced
 * (in one transaction) and the workspace's dashboards are told; the last sync's time and problem
 * are recorded either way. Read as `asUserId` (on demand) or as the one who imported a private
 * repository (the schedule).
 */
async function syncTemplate(ctx: ReadCtx, sandboxId: string, asUserId: string | null): Promise<SandboxRow> {
  const { deps } = ctx;
  const [row] = await ctx.db.select().from(sandboxGit).where(eq(sandboxGit.sandboxId, sandboxId));
  if (!row) throw notFound(CODEHOST_MESSAGES.templateNotSynced);
  const reader = await readerOf(deps, asUserId ?? row.syncedById);
  let tree: RepositoryTree;
  try {
    tree = await onCodeHost(() => readFiles(deps, reader.remote(row.cloneUrl), row.branch, row.path));
  } catch (error) {
    // Recorded on its own: the sync fails, its problem stays for the next look.
    await ctx.db
      .update(sandboxGit)
      .set({ lastSyncedAt: new Date(), lastSyncError: (error as Error).message })
      .where(eq(sandboxGit.sandboxId, sandboxId));
    throw error;
  }
  return runCommand(
    deps,
    ctx.actor,
    async (write: Ctx) => {
      const tx = write.db;
      const now = new Date();
      const moved = tree.sha !== row.commitSha;
      if (moved) await replaceSandboxFiles(tx, sandboxId, tree.files, now);
      await tx
        .update(sandboxGit)
        .set({ commitSha: tree.sha, lastSyncedAt: now, lastSyncError: null })
        .where(eq(sandboxGit.sandboxId, sandboxId));
      const [sandbox] = await tx.select().from(sandboxes).where(eq(sandboxes.id, sandboxId));
      if (moved) templateChanged(write, sandbox!);
      return sandbox!;
    },
    undefined,
  );
}

/** syncGithubTemplate: a member who may import syncs a template of their workspace now. */
export const syncTemplateNow = remoteCommand(syncSyncedTemplateInput, async (ctx, { sandboxId }) => {
  const [sandbox] = await ctx.db
    .select({ workspaceId: sandboxes.workspaceId })
    .from(sandboxes)
    .innerJoin(sandboxGit, eq(sandboxGit.sandboxId, sandboxes.id))
    .where(eq(sandboxes.id, sandboxId));
  const membership = sandbox ? await membershipOf(ctx.db, ctx.userId, sandbox.workspaceId) : null;
  authorizeProject(membership, "import", DASHBOARD_MESSAGES.sandboxNotFound);
  // Private repositories sync as whoever may read them: the member asking if they can, else the importer.
  const asMember = await githubAccessOf(ctx.deps, ctx.userId);
  return syncTemplate(ctx, sandboxId, asMember ? ctx.userId : null);
});

/** Team.sandboxes(hasOriginalGit: true): the workspace's synced templates, newest first. */
export const syncedSandboxes = query(syncedSandboxesInput, async (ctx, { workspaceId, limit }) => {
  const rowsQuery = ctx.db
    .select({ sandbox: sandboxes })
    .from(sandboxes)
    .innerJoin(sandboxGit, eq(sandboxGit.sandboxId, sandboxes.id))
    .where(and(eq(sandboxes.workspaceId, workspaceId), sql`${sandboxes.removedAt} is null`))
    .orderBy(desc(sandboxes.updatedAt), asc(sandboxes.id));
  const rows =
    limit !== null && limit !== undefined && limit >= 0 ? await rowsQuery.limit(limit) : await rowsQuery;
  return rows.map((r) => r.sandbox);
});

export async function gitRowsOf(db: Db, sandboxIds: readonly string[]) {
  if (sandboxIds.length === 0) return new Map<string, SandboxGitRow>();
  const rows = await db
    .select()
    .from(sandboxGit)
    .where(inArray(sandboxGit.sandboxId, [...sandboxIds]));
  return new Map(rows.map((r) => [r.sandboxId, r]));
}

/** How many synced templates one scheduled run refreshes at most. */
const SYNC_BATCH = 20;

/**
 * The scheduled sync: claims the templates last synced more than `olderThanMinutes` ago (an
 * UPDATE ... FOR UPDATE SKIP LOCKED, so replicas running at once never claim the same ones) and
 * syncs each; a failure is recorded on the template and the others go on.
 */
export const syncDueTemplates = openRemoteCommand(
  syncDueTemplatesInput,
  async (ctx, { olderThanMinutes }) => {
    const claimed = await ctx.db.execute(sql`
    update sandbox_git set last_synced_at = now()
    where sandbox_id in (
      select g.sandbox_id from sandbox_git g join sandboxes s on s.id = g.sandbox_id
      where s.removed_at is null and g.last_synced_at < now() - make_interval(mins => ${olderThanMinutes})
      order by g.last_synced_at limit ${SYNC_BATCH} for update of g skip locked
    )
    returning sandbox_id`);
    const ids = (claimed as unknown as { rows: { sandbox_id: string }[] }).rows.map((r) => r.sandbox_id);
    const results = { synced: 0, failed: 0 };
    for (const id of ids) {
      try {
        await syncTemplate(ctx, id, null);
        results.synced++;
      } catch (error) {
        if (!(error instanceof AppError) && !(error instanceof CodeHostError)) throw error;
        results.failed++;
      }
    }
    return results;
  },
);
