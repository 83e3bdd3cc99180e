import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { query } from "../../service/command.ts";
import { recentlyUsedTemplates } from "./recent-templates.service.ts";

/** `me.recentlyUsedTemplates(teamId)`: all the viewer's forks, or only those into one workspace. */
export const recentlyUsedTemplatesInput = z.object({ teamId: z.string().nullish() });

/** The templates the signed-in user forked from most recently (see `recentlyUsedTemplates`). */
export const viewerRecentTemplates = query(recentlyUsedTemplatesInput, (ctx, { teamId }) =>
  recentlyUsedTemplates(ctx.db as Db, ctx.userId, teamId ?? null),
);
