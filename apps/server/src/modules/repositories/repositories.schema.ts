import { z } from "zod";

/** The input rules of the repository commands, shared by their doors (REST and GraphQL). */

export const importSyncedTemplateInput = z.object({ teamId: z.string(), url: z.string() });
export const syncSyncedTemplateInput = z.object({ sandboxId: z.string() });
export const syncDueTemplatesInput = z.object({ olderThanMinutes: z.number().int().nonnegative() });
