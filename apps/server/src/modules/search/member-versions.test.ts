import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { type Personas, personas } from "../../../test/factories.ts";
import type { Db } from "../../db/client.ts";
import { MemberVersions } from "./member-versions.ts";

/** The app's database, counting the statements sent through `execute`. */
function counted(db: Db) {
  const sent = { count: 0 };
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "execute") return Reflect.get(target, property, receiver);
      return (...args: Parameters<Db["execute"]>) => {
        sent.count++;
        return target.execute(...args);
      };
    },
  });
  return { db: proxy, sent };
}

const bump = (app: TestApp, workspaceId: string) =>
  app.deps.db.execute(
    sql`update search_versions set version = version + 1 where workspace_id = ${workspaceId}::uuid`,
  );

describe("search versions read together", () => {
  let app: TestApp;
  let p: Personas;
  beforeAll(async () => {
    app = await testApp();
    p = await personas(app);
  });

  it("S1-2.057 / searches asked together share one query; a non-member reads nothing", async () => {
    const { db, sent } = counted(app.deps.db);
    const versions = new MemberVersions(db);
    const [reader, writer, again, outsider, shouting] = await Promise.all([
      versions.read(p.reader.id, p.workspaceId),
      versions.read(p.writer.id, p.workspaceId),
      versions.read(p.reader.id, p.workspaceId),
      versions.read(p.outsider.id, p.workspaceId),
      versions.read(p.admin.id, p.workspaceId.toUpperCase()),
    ]);
    expect(sent.count).toBe(1);
    expect(typeof reader).toBe("number");
    expect([writer, again, shouting]).toEqual([reader, reader, reader]);
    expect(outsider).toBeUndefined();
  });

  it("S1-2.057 / a search asked once a batch is sent reads the database again, and sees what changed before it", async () => {
    const { db, sent } = counted(app.deps.db);
    const versions = new MemberVersions(db);
    const first = versions.read(p.reader.id, p.workspaceId);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent.count).toBe(1);
    await bump(app, p.workspaceId);
    const second = await versions.read(p.reader.id, p.workspaceId);
    expect(sent.count).toBe(2);
    expect(second).toBe((await first)! + 1);
  });
});
