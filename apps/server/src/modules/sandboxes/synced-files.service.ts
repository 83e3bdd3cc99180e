import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { sandboxDirectories, sandboxes, sandboxModules } from "../../db/schema/index.ts";
import { createSandbox, type NewSandbox, type SandboxRow, writeSandboxFiles } from "./sandboxes.service.ts";

/**
 * A sandbox whose files come from a repository folder alone (a synced template): read-only (fork it
 * to change them), its address given (its repository path).
 */
export async function createSyncedSandbox(
  tx: Tx,
  input: NewSandbox & { alias: string },
): Promise<SandboxRow> {
  const sandbox = await createSandbox(tx, input);
  const [frozen] = await tx
    .update(sandboxes)
    .set({ isFrozen: true, alias: input.alias })
    .where(eq(sandboxes.id, sandbox.id))
    .returning();
  return frozen!;
}

/** The sandbox's files become `files` (a synced template whose branch moved), all at once. */
export async function replaceSandboxFiles(
  tx: Tx,
  sandboxId: string,
  files: readonly { path: string; code: string; isBinary?: boolean }[],
  at: Date,
) {
  await tx.delete(sandboxModules).where(eq(sandboxModules.sandboxId, sandboxId));
  await tx.delete(sandboxDirectories).where(eq(sandboxDirectories.sandboxId, sandboxId));
  await writeSandboxFiles(tx, sandboxId, files);
  await tx.update(sandboxes).set({ updatedAt: at }).where(eq(sandboxes.id, sandboxId));
}
