import { type Privacy, SANDBOX_MESSAGES } from "@boxyard/domain";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sandboxDirectories, sandboxes, sandboxModules, workspaces } from "../../db/schema/index.ts";
import { conflict, invalid } from "../../http/errors.ts";
import type { PlanOf } from "../billing/workspace-plan.ts";
import { recordTemplateUse } from "../templates/recent-templates.service.ts";
import { placeIn, targetWorkspace } from "./placement.ts";
import { type Reader, readableSandbox } from "./read.service.ts";
import { leavingProblem } from "./sandbox.policy.ts";
import { createSandbox, type SandboxRow } from "./sandboxes.service.ts";

export type ForkInput = {
  title?: string | undefined;
  teamId?: string | undefined;
  collectionId?: string | undefined;
  privacy?: Privacy | undefined;
  v2?: boolean | undefined;
  alias?: string | undefined;
};

/**
 * Forks a sandbox the user may read into a workspace they may write to (their primary one unless
 * `teamId` says otherwise): the files and directories are copied, the fork records where it came
 * from and its source template, and the source counts one more fork; a template forked from goes to
 * the top of the user's 'Recently used'. Without a folder the fork is a draft (DRAFT_LIMIT); its
 * privacy is the larger of the requested one (private by default) and the workspace's minimum
 * (SANDBOX_LIMIT past a Free workspace's private cap). All in one transaction.
 */
export function forkSandbox(
  db: Db,
  plans: PlanOf,
  userId: string,
  sourceIdOrAlias: string,
  input: ForkInput,
): Promise<SandboxRow> {
  return db.transaction(async (tx) => {
    const reader: Reader = { viewerId: userId, grant: null };
    const { sandbox: source } = await readableSandbox(tx, reader, sourceIdOrAlias);

    const target = await targetWorkspace(tx, userId, input.teamId);
    const targetId = target.workspaceId;
    if (targetId !== source.workspaceId) {
      const [home] = await tx
        .select({ preventSandboxLeaving: workspaces.preventSandboxLeaving })
        .from(workspaces)
        .where(eq(workspaces.id, source.workspaceId));
      const problem = leavingProblem(source, home ?? { preventSandboxLeaving: false });
      if (problem) throw problem;
    }
    const isV2 = input.v2 ?? source.isV2;
    if (source.isV2 && !isV2)
      throw invalid("A devbox runs on a server; it cannot be forked as a browser sandbox.", "v2");

    const { collectionId, privacy, vmTier } = await placeIn(tx, plans, userId, target, input);

    if (input.alias) {
      const [taken] = await tx
        .select({ id: sandboxes.id })
        .from(sandboxes)
        .where(eq(sandboxes.alias, input.alias))
        .limit(1);
      if (taken) throw conflict(SANDBOX_MESSAGES.aliasTaken, "alias");
    }

    const fork = await createSandbox(tx, {
      workspaceId: targetId,
      authorId: userId,
      collectionId,
      title: input.title ?? source.title ?? source.alias ?? source.id,
      description: source.description,
      privacy,
      isV2,
      sourceTemplate: source.sourceTemplate,
      forkedFromId: source.id,
      vmTier,
      files: [],
    });
    await copyFiles(tx, source.id, fork.id);
    if (input.alias) {
      await tx.update(sandboxes).set({ alias: input.alias }).where(eq(sandboxes.id, fork.id));
    }
    await tx
      .update(sandboxes)
      .set({ forkCount: sql`${sandboxes.forkCount} + 1` })
      .where(and(eq(sandboxes.id, source.id), ne(sandboxes.id, fork.id)));
    await recordTemplateUse(tx, userId, source.id, targetId);
    const [row] = await tx.select().from(sandboxes).where(eq(sandboxes.id, fork.id));
    return row!;
  });
}

/** Copies the source's directories and modules as they are (shortids, binary flags), one statement each. */
async function copyFiles(tx: Tx, from: string, to: string) {
  await tx.execute(sql`insert into ${sandboxDirectories} (sandbox_id, shortid, title, directory_shortid)
    select ${to}, shortid, title, directory_shortid from ${sandboxDirectories} where sandbox_id = ${from}`);
  await tx.execute(sql`insert into ${sandboxModules} (sandbox_id, shortid, title, code, directory_shortid, is_binary)
    select ${to}, shortid, title, code, directory_shortid, is_binary from ${sandboxModules} where sandbox_id = ${from}`);
}
