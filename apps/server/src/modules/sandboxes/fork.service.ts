import { DASHBOARD_MESSAGES, SANDBOX_MESSAGES } from "@boxyard/domain";
import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { sandboxDirectories, sandboxes, sandboxModules, workspaces } from "../../db/schema/index.ts";
import { conflict, invalid, notFound, unauthenticated } from "../../http/errors.ts";
import { openCommand } from "../../service/command.ts";
import { recordTemplateUse } from "../templates/recent-templates.service.ts";
import { requireWorkspace } from "../workspaces/membership.service.ts";
import { placeIn, targetWorkspace } from "./placement.ts";
import { readableSandbox } from "./read.service.ts";
import { leavingProblem } from "./sandbox.policy.ts";
import { sandboxView } from "./sandbox-view.ts";
import { forkSandboxInput } from "./sandboxes.schema.ts";
import { createSandbox } from "./sandboxes.service.ts";

const UUID = z.uuid();

/**
 * Forks a sandbox the user may read into a workspace they may write to (their primary one unless
 * `teamId` says otherwise): the files and directories are copied, the fork records where it came
 * from and its source template, and the source counts one more fork; a template forked from goes to
 * the top of the user's 'Recently used'. Without a folder the fork is a draft (DRAFT_LIMIT); its
 * privacy is the larger of the requested one (private by default) and the workspace's minimum
 * (SANDBOX_LIMIT past a Free workspace's private cap). Answers the fork as the REST view shows it.
 *
 * Anyone may ask: a signed-out visitor is told to sign in with the words that fit the source
 * (a browser sandbox or a devbox), once their input is known to be well formed.
 */
export const forkSandbox = openCommand(forkSandboxInput, async (ctx, input) => {
  const tx = ctx.db;
  if (!ctx.actor) {
    // Signed out: the sign-in message the toast offers a 'Sign in' action for (spec 1 §8).
    const source = await readableSandbox(tx, { viewerId: null, grant: null }, input.sourceId).catch(
      () => null,
    );
    if (!source) throw unauthenticated();
    throw unauthenticated(
      source.sandbox.isV2 ? SANDBOX_MESSAGES.signInToForkServer : SANDBOX_MESSAGES.signInToForkBrowser,
    );
  }
  if (input.teamId && !UUID.safeParse(input.teamId).success) throw notFound("Workspace not found.");
  if (input.collectionId && !UUID.safeParse(input.collectionId).success) {
    throw notFound(DASHBOARD_MESSAGES.folderNotFound);
  }
  const userId = ctx.actor.userId;
  const plans = ctx.deps.plans;
  const { sandbox: source } = await readableSandbox(tx, { viewerId: userId, grant: null }, input.sourceId);

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
  ctx.effects.workspaceChanged([targetId], {
    sandboxes: true,
    folders: false,
    sandboxIds: [fork.id],
    actorId: userId,
  });
  return sandboxView(tx, row!, {
    viewerId: userId,
    membership: await requireWorkspace(tx, userId, targetId, "READ", { write: false }),
    authorization: "OWNER",
  });
});

/** Copies the source's directories and modules as they are (shortids, binary flags), one statement each. */
async function copyFiles(tx: Tx, from: string, to: string) {
  await tx.execute(sql`insert into ${sandboxDirectories} (sandbox_id, shortid, title, directory_shortid)
    select ${to}, shortid, title, directory_shortid from ${sandboxDirectories} where sandbox_id = ${from}`);
  await tx.execute(sql`insert into ${sandboxModules} (sandbox_id, shortid, title, code, directory_shortid, is_binary)
    select ${to}, shortid, title, code, directory_shortid, is_binary from ${sandboxModules} where sandbox_id = ${from}`);
}
