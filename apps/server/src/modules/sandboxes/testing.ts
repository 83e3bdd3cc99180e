/** Test helpers of the folders and sandboxes modules: sandboxes made straight through the service. */
import { and, eq } from "drizzle-orm";
import type { TestApp } from "../../../test/app.ts";
import { collections, sandboxes } from "../../db/schema/index.ts";
import { createSandbox } from "./sandboxes.service.ts";

export type MakeOptions = {
  /** The folder path ('/' by default); null makes a draft. */
  path?: string | null;
  privacy?: 0 | 1 | 2;
  title?: string;
  isFrozen?: boolean;
  removed?: boolean;
  preventSandboxLeaving?: boolean;
  isV2?: boolean;
};

export async function folderId(app: TestApp, workspaceId: string, path: string) {
  // The folder and its parents, as the folder service makes them.
  const parts = path.split("/").filter(Boolean);
  const chain = parts.map((_, i) => `/${parts.slice(0, i + 1).join("/")}`);
  for (const p of ["/", ...chain]) {
    await app.deps.db.insert(collections).values({ workspaceId, path: p }).onConflictDoNothing();
  }
  const [row] = await app.deps.db
    .select()
    .from(collections)
    .where(and(eq(collections.workspaceId, workspaceId), eq(collections.path, path)));
  return row!.id;
}

export async function makeSandbox(
  app: TestApp,
  workspaceId: string,
  authorId: string,
  options: MakeOptions = {},
) {
  const path = options.path === undefined ? "/" : options.path;
  const collectionId = path === null ? null : await folderId(app, workspaceId, path);
  const sandbox = await app.deps.db.transaction((tx) =>
    createSandbox(tx, {
      workspaceId,
      authorId,
      collectionId,
      title: options.title ?? "My sandbox",
      privacy: options.privacy ?? 0,
      isV2: options.isV2 ?? false,
      sourceTemplate: "react",
      files: [
        { path: "package.json", code: "{}" },
        { path: "src/index.js", code: "console.log(1)" },
        { path: "src/components/App.js", code: "export default 1" },
      ],
    }),
  );
  if (options.isFrozen || options.removed || options.preventSandboxLeaving) {
    await app.deps.db
      .update(sandboxes)
      .set({
        isFrozen: options.isFrozen ?? false,
        removedAt: options.removed ? new Date() : null,
        preventSandboxLeaving: options.preventSandboxLeaving ?? false,
      })
      .where(eq(sandboxes.id, sandbox.id));
  }
  return sandbox.id;
}

export async function sandboxRow(app: TestApp, id: string) {
  const [row] = await app.deps.db.select().from(sandboxes).where(eq(sandboxes.id, id));
  return row ?? null;
}

export async function folderRows(app: TestApp, workspaceId: string) {
  const rows = await app.deps.db.select().from(collections).where(eq(collections.workspaceId, workspaceId));
  return rows.map((r) => r.path).sort();
}

export type GqlResult = { data: unknown; errors?: { message: string; extensions?: { code?: string } }[] };

/** The error code of a GraphQL answer, or 'OK' when it has none. */
export function outcome(result: GqlResult): string {
  return (
    result.errors?.[0]?.extensions?.code ?? (result.errors ? `ERROR: ${result.errors[0]!.message}` : "OK")
  );
}

/** A REST call as a user (their cookie and the client marker) or signed out (the marker only). */
export function call(
  app: TestApp,
  user: { headers: Record<string, string> } | null,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS",
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...(user ? user.headers : { "x-boxyard-client": "web" }), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
