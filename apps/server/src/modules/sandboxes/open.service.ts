import { openCommand } from "../../service/command.ts";
import { likesSandbox } from "../likes/likes.service.ts";
import { recordAccess } from "../recent/recent.service.ts";
import { readableSandbox } from "./read.service.ts";
import { sandboxView } from "./sandbox-view.ts";
import { readSandboxInput } from "./sandboxes.schema.ts";
import { countView } from "./views.ts";

/**
 * `GET /api/v1/sandboxes/:id`: the full sandbox with its files, for a reader who may read it (as the
 * viewer, or through a preview token's grant). It records the opening in the signed-in viewer's
 * Recent (the Recent page's 'Pick up where you left off'). It counts a view only when someone
 * other than its author opens it in the web app (`visitor`), once per visitor an hour: the
 * author's own visits, API clients and previews count nothing.
 */
export const openSandbox = openCommand(readSandboxInput, async (ctx, { idOrAlias, grant, visitor }) => {
  const viewerId = ctx.actor?.userId ?? null;
  const access = await readableSandbox(ctx.db, { viewerId, grant }, idOrAlias);
  const id = access.sandbox.id;
  const byAuthor = viewerId !== null && viewerId === access.sandbox.authorId;
  const sandbox = visitor && !byAuthor ? await countView(ctx.db, access.sandbox, visitor) : access.sandbox;
  if (viewerId) await recordAccess(ctx.db, viewerId, id);
  const liked = viewerId ? await likesSandbox(ctx.db, viewerId, id) : false;
  return { ...(await sandboxView(ctx.db, sandbox, { ...access, viewerId })), liked };
});
