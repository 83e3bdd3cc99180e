import { and, eq, isNotNull, like, not } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { identities, pendingUsers } from "../../db/schema/index.ts";
import { sealToken, type TokenKey } from "../../integrations/codehost/token-seal.ts";

/**
 * Provider tokens stored before they were encrypted are sealed at boot. Safe with several
 * replicas booting together: each row is updated only while it still holds the plain value.
 */
export async function sealStoredTokens(db: Db, key: TokenKey) {
  for (const table of [identities, pendingUsers]) {
    const plain = await db
      .select({ id: table.id, accessToken: table.accessToken })
      .from(table)
      .where(and(isNotNull(table.accessToken), not(like(table.accessToken, "v1.%"))));
    for (const row of plain) {
      await db
        .update(table)
        .set({ accessToken: sealToken(key, row.accessToken!) })
        .where(and(eq(table.id, row.id), eq(table.accessToken, row.accessToken!)));
    }
  }
}
