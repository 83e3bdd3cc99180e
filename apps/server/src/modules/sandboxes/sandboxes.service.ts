import { randomInt } from "node:crypto";
import {
  DASHBOARD_MESSAGES,
  effectivePrivacy,
  highestVmTier,
  isPrivacy,
  isReservedSandboxId,
  normalizePath,
  type Privacy,
  WORKSPACE_MESSAGES,
} from "@boxyard/domain";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  collections,
  sandboxDirectories,
  sandboxes,
  sandboxModules,
  templates,
} from "../../db/schema/index.ts";
import { AppError, forbidden, invalid, notFound } from "../../http/errors.ts";
import { command, query, type SignedIn } from "../../service/command.ts";
import type { Ctx } from "../../service/context.ts";
import type { PlanOf } from "../billing/workspace-plan.ts";
import { membershipOf } from "../workspaces/membership.service.ts";
import { authorizeWorkspace, type Membership } from "../workspaces/workspace.policy.ts";
import { fileTreeRows, type PathFile } from "./file-tree-rows.ts";
import { draftProblem, leavingProblem, type SandboxAction, sandboxProblem } from "./sandbox.policy.ts";
import {
  moveSandboxesInput,
  renameSandboxInput,
  sandboxesInput,
  setPreventSandboxesExportInput,
  setPreventSandboxesLeavingInput,
  setSandboxesFrozenInput,
  setSandboxesPrivacyInput,
  workspaceListInput,
  workspaceSandboxesInput,
} from "./sandboxes.schema.ts";

export type SandboxRow = typeof sandboxes.$inferSelect;
export type TemplateRow = typeof templates.$inferSelect;

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A random short id: 6 lowercase alphanumerics. */
export function shortId(length = 6): string {
  let id = "";
  for (let i = 0; i < length; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
}

export type NewSandbox = {
  workspaceId: string;
  authorId: string;
  collectionId: string | null;
  title: string;
  privacy: Privacy;
  isV2: boolean;
  sourceTemplate: string | null;
  description?: string | null;
  forkedFromId?: string | null;
  /** A devbox's VM tier: callers placing it in a workspace pass the plan's default (placeIn); 1 when omitted. */
  vmTier?: number;
  files: { path: string; code: string; isBinary?: boolean }[];
};

/**
 * Creates a sandbox with a fresh short id, its alias (slugified title + '-' + id) and its files:
 * directories from the path segments, modules pointing at their directory's shortid. No limits are
 * checked here: callers (dashboard, fork, seed) check the ones that apply to them.
 */
export async function createSandbox(tx: Tx, input: NewSandbox): Promise<SandboxRow> {
  let row: SandboxRow | undefined;
  for (let attempt = 0; !row; attempt++) {
    if (attempt >= 10) throw new Error("Could not find a free sandbox id.");
    const id = shortId();
    if (isReservedSandboxId(id)) continue;
    const slug = slugify(input.title);
    [row] = await tx
      .insert(sandboxes)
      .values({
        id,
        alias: slug ? `${slug}-${id}` : id,
        title: input.title,
        description: input.description ?? null,
        workspaceId: input.workspaceId,
        authorId: input.authorId,
        collectionId: input.collectionId,
        privacy: input.privacy,
        isV2: input.isV2,
        sourceTemplate: input.sourceTemplate,
        forkedFromId: input.forkedFromId ?? null,
        ...(input.vmTier !== undefined ? { vmTier: input.vmTier } : {}),
      })
      .onConflictDoNothing({ target: sandboxes.id })
      .returning();
  }
  await writeSandboxFiles(tx, row.id, input.files);
  return row;
}

/**
 * Writes a sandbox's files: directories from the path segments, modules pointing at their
 * directory's shortid. The sandbox must have none yet (a new one, or one whose files were cleared).
 */
export async function writeSandboxFiles(tx: Tx, sandboxId: string, files: readonly PathFile[]) {
  const used = new Set<string>();
  const freshId = () => {
    let id = shortId(5);
    while (used.has(id)) id = shortId(5);
    used.add(id);
    return id;
  };
  const rows = fileTreeRows(files, freshId);
  const directories = rows.directories.map((d) => ({ ...d, sandboxId }));
  const modules = rows.modules.map((m) => ({ ...m, sandboxId }));
  // Large trees go in slices: one statement's parameters are limited.
  for (let i = 0; i < directories.length; i += 1000)
    await tx.insert(sandboxDirectories).values(directories.slice(i, i + 1000));
  for (let i = 0; i < modules.length; i += 1000)
    await tx.insert(sandboxModules).values(modules.slice(i, i + 1000));
}

// ---------------------------------------------------------------------------------------------
// Loading and authorizing the sandboxes of a command

async function membershipsOf(db: Db | Tx, userId: string, workspaceIds: string[]) {
  const memberships = new Map<string, Membership>();
  for (const id of new Set(workspaceIds)) {
    const m = await membershipOf(db, userId, id);
    if (m) memberships.set(id, m);
  }
  return memberships;
}

/**
 * Loads the sandboxes of a bulk command and checks every one of them (all or nothing). An unknown
 * id, or one the user cannot see, answers NOT_FOUND before any other refusal.
 */
export async function loadForCommand(
  tx: Tx,
  userId: string,
  ids: readonly string[],
  action: SandboxAction,
): Promise<{ rows: SandboxRow[]; memberships: Map<string, Membership> }> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { rows: [], memberships: new Map() };
  const rows = await tx.select().from(sandboxes).where(inArray(sandboxes.id, unique)).for("update");
  if (rows.length !== unique.length) throw notFound(DASHBOARD_MESSAGES.sandboxNotFound);
  const memberships = await membershipsOf(
    tx,
    userId,
    rows.map((r) => r.workspaceId),
  );
  const problems = rows.map((r) => sandboxProblem(userId, memberships.get(r.workspaceId) ?? null, r, action));
  const missing = problems.find((p) => p?.code === "NOT_FOUND");
  if (missing) throw missing;
  const refused = problems.find((p) => p !== null);
  if (refused) throw refused;
  return { rows, memberships };
}

function sandboxLimitError() {
  return new AppError("SANDBOX_LIMIT", `SANDBOX_LIMIT: ${DASHBOARD_MESSAGES.privateSandboxLimit}`);
}

/** How many private sandboxes the workspace's plan includes. */
export async function privateSandboxLimit(db: Db | Tx, plans: PlanOf, workspaceId: string): Promise<number> {
  return (await plans(db, workspaceId)).limits.includedPrivateSandboxes;
}

/** The highest VM tier the workspace may use: its included tier within its plan's (the VM tier table). */
export async function includedVmTier(db: Db | Tx, plans: PlanOf, workspaceId: string): Promise<number> {
  const { limits, plan } = await plans(db, workspaceId);
  return highestVmTier(limits.includedVmTier, plan);
}

/** The workspace's private sandboxes, not counting deleted ones. */
export async function privateSandboxCount(db: Db | Tx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sandboxes)
    .where(
      and(eq(sandboxes.workspaceId, workspaceId), eq(sandboxes.privacy, 2), isNull(sandboxes.removedAt)),
    );
  return row?.n ?? 0;
}

/** Refuses when `incoming` more private sandboxes would take the workspace past its plan's cap. */
export async function checkPrivateLimit(tx: Tx, plans: PlanOf, workspaceId: string, incoming: number) {
  if (incoming === 0) return;
  const limit = await privateSandboxLimit(tx, plans, workspaceId);
  if ((await privateSandboxCount(tx, workspaceId)) + incoming > limit) {
    throw sandboxLimitError();
  }
}

/** Refuses when `incoming` more drafts of the author would overfill their drafts folder. */
export async function checkDraftLimit(
  tx: Tx,
  plans: PlanOf,
  workspaceId: string,
  authorId: string,
  incoming: number,
) {
  if (incoming === 0) return;
  const { limits } = await plans(tx, workspaceId);
  const [row] = await tx
    .select({ n: count() })
    .from(sandboxes)
    .where(
      and(
        eq(sandboxes.workspaceId, workspaceId),
        eq(sandboxes.authorId, authorId),
        isNull(sandboxes.collectionId),
        isNull(sandboxes.removedAt),
      ),
    );
  if ((row?.n ?? 0) + incoming > limits.includedDrafts) {
    throw new AppError("DRAFT_LIMIT", `DRAFT_LIMIT: ${DASHBOARD_MESSAGES.draftLimit}`);
  }
}

export function parsePrivacy(value: number, minimumPrivacy: number): Privacy {
  if (!isPrivacy(value)) throw invalid(DASHBOARD_MESSAGES.privacyInvalid, "privacy");
  if (value < minimumPrivacy)
    throw invalid(DASHBOARD_MESSAGES.privacyBelowMinimum(minimumPrivacy), "privacy");
  return value;
}

/** The sandboxes of these ids, in the order of the ids. */
export async function sandboxesInOrder(tx: Db | Tx, ids: readonly string[]): Promise<SandboxRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(sandboxes)
    .where(inArray(sandboxes.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

// ---------------------------------------------------------------------------------------------
// Commands: each in one transaction, all or nothing

/** Tells the workspaces' dashboards that these sandboxes changed (moved, renamed, deleted, ...). */
function sandboxesChanged(
  ctx: SignedIn<Ctx>,
  workspaceIds: Iterable<string>,
  sandboxIds: readonly string[],
  folders = false,
) {
  ctx.effects.workspaceChanged(workspaceIds, {
    sandboxes: true,
    folders,
    sandboxIds: [...sandboxIds],
    actorId: ctx.userId,
  });
}

export const deleteSandboxes = command(sandboxesInput, async (ctx, { sandboxIds: ids }) => {
  const { memberships } = await loadForCommand(ctx.db, ctx.userId, ids, "change");
  if (ids.length === 0) return [];
  await ctx.db
    .update(sandboxes)
    .set({ removedAt: new Date() })
    .where(and(inArray(sandboxes.id, [...ids]), isNull(sandboxes.removedAt)));
  sandboxesChanged(ctx, memberships.keys(), ids);
  return sandboxesInOrder(ctx.db, ids);
});

export const permanentlyDeleteSandboxes = command(sandboxesInput, async (ctx, { sandboxIds: ids }) => {
  const { rows } = await loadForCommand(ctx.db, ctx.userId, ids, "change");
  if (rows.some((r) => r.removedAt === null)) throw invalid(DASHBOARD_MESSAGES.onlyDeletedPurged);
  if (rows.length > 0) await ctx.db.delete(sandboxes).where(inArray(sandboxes.id, [...ids]));
  sandboxesChanged(
    ctx,
    rows.map((r) => r.workspaceId),
    ids,
  );
  return rows;
});

export const renameSandbox = command(renameSandboxInput, async (ctx, { id, title }) => {
  const { rows } = await loadForCommand(ctx.db, ctx.userId, [id], "change");
  const [row] = await ctx.db
    .update(sandboxes)
    .set({ title, updatedAt: new Date() })
    .where(eq(sandboxes.id, id))
    .returning();
  sandboxesChanged(
    ctx,
    rows.map((r) => r.workspaceId),
    [id],
  );
  return row!;
});

export const setSandboxesFrozen = command(setSandboxesFrozenInput, (ctx, { sandboxIds, isFrozen }) =>
  setFlags(ctx, sandboxIds, "edit", { isFrozen }),
);

/** Prevent export as .zip, per sandbox: admins; switching it on needs a Pro workspace (spec 2 §6). */
export const setPreventSandboxesExport = command(
  setPreventSandboxesExportInput,
  (ctx, { sandboxIds, preventSandboxExport }) =>
    setFlags(ctx, sandboxIds, "admin", { preventSandboxExport }, preventSandboxExport),
);

/** Prevent leaving the workspace, per sandbox: admins; switching it on needs a Pro workspace (spec 2 §6). */
export const setPreventSandboxesLeaving = command(
  setPreventSandboxesLeavingInput,
  (ctx, { sandboxIds, preventSandboxLeaving }) =>
    setFlags(ctx, sandboxIds, "admin", { preventSandboxLeaving }, preventSandboxLeaving),
);

async function setFlags(
  ctx: SignedIn<Ctx>,
  ids: readonly string[],
  action: SandboxAction,
  values: Partial<Pick<SandboxRow, "isFrozen" | "preventSandboxExport" | "preventSandboxLeaving">>,
  /** True when the change needs the sandboxes' workspaces to be Pro. */
  proOnly = false,
) {
  const { memberships } = await loadForCommand(ctx.db, ctx.userId, ids, action);
  if (proOnly) {
    for (const workspaceId of memberships.keys()) {
      if (!(await ctx.deps.plans(ctx.db, workspaceId)).pro)
        throw forbidden(WORKSPACE_MESSAGES.proOnlySandboxSettings);
    }
  }
  if (ids.length === 0) return [];
  await ctx.db
    .update(sandboxes)
    .set(values)
    .where(inArray(sandboxes.id, [...ids]));
  sandboxesChanged(ctx, memberships.keys(), ids);
  return sandboxesInOrder(ctx.db, ids);
}

export const setSandboxesPrivacy = command(
  setSandboxesPrivacyInput,
  async (ctx, { sandboxIds: ids, privacy }) => {
    const { rows, memberships } = await loadForCommand(ctx.db, ctx.userId, ids, "edit");
    for (const m of memberships.values()) parsePrivacy(privacy, m.minimumPrivacy);
    if (privacy === 2) {
      for (const workspaceId of memberships.keys()) {
        const incoming = rows.filter((r) => r.workspaceId === workspaceId && r.privacy !== 2 && !r.removedAt);
        await checkPrivateLimit(ctx.db, ctx.deps.plans, workspaceId, incoming.length);
      }
    }
    if (rows.length > 0) {
      await ctx.db
        .update(sandboxes)
        .set({ privacy, updatedAt: new Date() })
        .where(inArray(sandboxes.id, [...ids]));
    }
    sandboxesChanged(ctx, memberships.keys(), ids);
    return sandboxesInOrder(ctx.db, ids);
  },
);

/**
 * Moves sandboxes into a folder (or the drafts when the path is null), possibly into another
 * workspace, restoring them from Recently deleted on the way. Checks WRITE on both sides, the
 * sandbox's prevent-leaving setting, the target's minimum privacy and its private-sandbox cap.
 */
export const addToCollectionOrTeam = command(moveSandboxesInput, async (ctx, input) => {
  const { db: tx, userId } = ctx;
  const plans = ctx.deps.plans;
  const { rows, memberships } = await loadForCommand(tx, userId, input.sandboxIds, "change");
  const targets = new Map<string, Membership>();
  const targetOf = (r: SandboxRow) => input.teamId ?? r.workspaceId;
  for (const id of new Set(rows.map(targetOf))) {
    const m = memberships.get(id) ?? (await membershipOf(tx, userId, id));
    if (!m) throw notFound("Workspace not found.");
    targets.set(id, authorizeWorkspace(m, "WRITE", { write: true }));
  }
  const toDrafts = input.collectionPath === null || input.collectionPath === undefined;
  for (const r of rows) {
    const source = memberships.get(r.workspaceId)!;
    if (targetOf(r) !== r.workspaceId) {
      const problem = leavingProblem(r, source);
      if (problem) throw problem;
    }
    if (toDrafts) {
      const problem = draftProblem(userId, source, r);
      if (problem) throw problem;
    }
  }
  if (input.privacy !== null && input.privacy !== undefined) {
    for (const m of targets.values()) parsePrivacy(input.privacy, m.minimumPrivacy);
  }
  const now = new Date();
  for (const [workspaceId, target] of targets) {
    const moving = rows.filter((r) => targetOf(r) === workspaceId);
    let collectionId: string | null = null;
    if (input.collectionPath !== null && input.collectionPath !== undefined) {
      const [folder] = await tx
        .select({ id: collections.id })
        .from(collections)
        .where(
          and(
            eq(collections.workspaceId, workspaceId),
            eq(collections.path, normalizePath(input.collectionPath)),
          ),
        );
      if (!folder) throw notFound(DASHBOARD_MESSAGES.folderNotFound);
      collectionId = folder.id;
    } else {
      const newDrafts = moving.filter(
        (r) => r.collectionId !== null || r.removedAt || r.workspaceId !== workspaceId,
      );
      await checkDraftLimit(tx, plans, workspaceId, userId, newDrafts.length);
    }
    const privacyOf = (r: SandboxRow) =>
      input.privacy !== null && input.privacy !== undefined
        ? input.privacy
        : effectivePrivacy(r.privacy as Privacy, target.minimumPrivacy);
    const incomingPrivate = moving.filter(
      (r) => privacyOf(r) === 2 && (r.workspaceId !== workspaceId || r.removedAt || r.privacy !== 2),
    );
    await checkPrivateLimit(tx, plans, workspaceId, incomingPrivate.length);
    for (const r of moving) {
      await tx
        .update(sandboxes)
        .set({
          workspaceId,
          collectionId,
          // A sandbox moved into the drafts becomes the mover's draft: drafts are seen by their author.
          ...(collectionId === null ? { authorId: userId } : {}),
          privacy: privacyOf(r),
          removedAt: null,
          updatedAt: now,
        })
        .where(eq(sandboxes.id, r.id));
    }
  }
  // The folders' counts change on both sides of a move.
  sandboxesChanged(ctx, [...memberships.keys(), ...targets.keys()], input.sandboxIds, true);
  return sandboxesInOrder(tx, input.sandboxIds);
});

// ---------------------------------------------------------------------------------------------
// Queries

const ORDER_FIELDS = {
  updated_at: sandboxes.updatedAt,
  updatedAt: sandboxes.updatedAt,
  inserted_at: sandboxes.insertedAt,
  insertedAt: sandboxes.insertedAt,
  title: sandboxes.title,
  view_count: sandboxes.viewCount,
  viewCount: sandboxes.viewCount,
  views: sandboxes.viewCount,
} as const;

/** The sandboxes of a workspace a member sees: never other people's drafts. */
export const workspaceSandboxes = query(workspaceSandboxesInput, async (ctx, input) => {
  const field = input.orderBy?.field ?? "updated_at";
  const column = ORDER_FIELDS[field as keyof typeof ORDER_FIELDS];
  if (!column) throw invalid(`Unknown sort field '${field}'.`, "orderBy");
  const direction = input.orderBy?.direction === "ASC" ? asc : desc;
  const conditions: SQL[] = [
    eq(sandboxes.workspaceId, input.teamId),
    input.showDeleted ? isNotNull(sandboxes.removedAt) : isNull(sandboxes.removedAt),
    sql`(${sandboxes.collectionId} is not null or ${sandboxes.authorId} = ${ctx.userId})`,
  ];
  const rows = ctx.db
    .select()
    .from(sandboxes)
    .where(and(...conditions))
    .orderBy(direction(column), asc(sandboxes.id));
  const limit = input.limit ?? null;
  if (limit !== null && limit >= 0) return rows.limit(limit);
  return rows;
});

/** The user's own drafts in a workspace, newest first. */
export const draftsOf = query(workspaceListInput, (ctx, { teamId }) =>
  ctx.db
    .select()
    .from(sandboxes)
    .where(
      and(
        eq(sandboxes.workspaceId, teamId),
        eq(sandboxes.authorId, ctx.userId),
        isNull(sandboxes.collectionId),
        isNull(sandboxes.removedAt),
      ),
    )
    .orderBy(desc(sandboxes.updatedAt), asc(sandboxes.id)),
);

/** The workspace's templates with their sandboxes (not deleted ones). */
export const workspaceTemplates = query(workspaceListInput, async (ctx, { teamId }) => {
  const rows = await ctx.db
    .select({ template: templates, sandbox: sandboxes })
    .from(templates)
    .innerJoin(sandboxes, eq(sandboxes.id, templates.sandboxId))
    .where(
      and(
        eq(sandboxes.workspaceId, teamId),
        isNull(sandboxes.removedAt),
        sql`(${sandboxes.collectionId} is not null or ${sandboxes.authorId} = ${ctx.userId})`,
      ),
    )
    .orderBy(desc(sandboxes.updatedAt), asc(sandboxes.id));
  return rows.map((r) => ({ ...r.template, sandbox: r.sandbox }));
});
