import type { Tx } from "../../db/client.ts";
import { templates } from "../../db/schema/index.ts";

/** A synced template's sandbox becomes a template of its workspace (in the import's transaction). */
export async function recordSyncedTemplate(tx: Tx, sandboxId: string) {
  await tx.insert(templates).values({ sandboxId });
}
