import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { signUp } from "../../../test/factories.ts";
import { identities } from "../../db/schema/index.ts";
import { isSealed, openToken } from "../../integrations/codehost/token-seal.ts";
import { sealStoredTokens } from "./stored-tokens.ts";

let app: TestApp;

beforeAll(async () => {
  app = await testApp();
});

describe("provider tokens stored before encryption", () => {
  it("are sealed at boot, once, and open to the same token", async () => {
    const user = await signUp(app);
    const [row] = await app.deps.db
      .insert(identities)
      .values({
        userId: user.id,
        provider: "github",
        providerUserId: "legacy-1",
        accessToken: "gho_legacyplain",
      })
      .returning();
    await sealStoredTokens(app.deps.db, app.deps.tokenKey);
    const [sealed] = await app.deps.db.select().from(identities).where(eq(identities.id, row!.id));
    expect(isSealed(sealed!.accessToken!)).toBe(true);
    expect(openToken(app.deps.tokenKey, sealed!.accessToken)).toBe("gho_legacyplain");
    // Running again (another replica booting) leaves it as it is.
    await sealStoredTokens(app.deps.db, app.deps.tokenKey);
    const [again] = await app.deps.db.select().from(identities).where(eq(identities.id, row!.id));
    expect(again!.accessToken).toBe(sealed!.accessToken);
  });
});
