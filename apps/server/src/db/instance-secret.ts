import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { instanceSettings } from "./schema/index.ts";

/**
 * The installation's signing secret: BOXYARD_SECRET when set, otherwise generated once and kept in
 * the database, so every replica and every restart signs with the same key.
 */
export async function loadSecret(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(instanceSettings)
    .values({ key: "secret", value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, "secret"));
  return new TextEncoder().encode(row!.value);
}
