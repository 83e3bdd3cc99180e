import { eq, sql } from "drizzle-orm";
import { sandboxes } from "../../db/schema/index.ts";
import { openCommand } from "../../service/command.ts";
import { likesSandbox } from "../likes/likes.service.ts";
import { recordAccess } from "../recent/recent.service.ts";
import { readableSandbox } from "./read.service.ts";
import { sandboxView } from "./sandbox-view.ts";
import { readSandboxInput } from "./sandboxes.schema.ts";

/**
 * `GET /api/v1/sandboxes/:id`: the full sandbox with its files, for a reader who may read it (as the
 * viewer, or through a preview token's grant). Opening it counts a view and records it in the
 * signed-in viewer's Recent (the Recent page's 'Pick up where you left off').
 */
export const openSandbox = openCommand(readSandboxInput, async (ctx, { idOrAlias, grant }) => {
  const viewerId = ctx.actor?.userId ?? null;
  const access = await readableSandbox(ctx.db, { viewerId, grant }, idOrAlias);
  const id = access.sandbox.id;
  const [fresh] = await ctx.db
    .update(sandboxes)
    .set({ viewCount: sql`${sandboxes.viewCount} + 1` })
    .where(eq(sandboxes.id, id))
    .returning();
  if (viewerId) await recordAccess(ctx.db, viewerId, id);
  const liked = viewerId ? await likesSandbox(ctx.db, viewerId, id) : false;
  return { ...(await sandboxView(ctx.db, fresh!, { ...access, viewerId })), liked };
});
