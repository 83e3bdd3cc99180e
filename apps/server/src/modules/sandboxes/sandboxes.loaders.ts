import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { collections, templates, users, workspaces } from "../../db/schema/index.ts";
import type { WorkspaceRow } from "../workspaces/workspaces.service.ts";
import type { TemplateRow } from "./sandboxes.service.ts";

/** The batch reads behind the Sandbox type's GraphQL fields, each keyed by the id it was asked for. */

function byKey<T, K>(rows: T[], key: (row: T) => K): Map<K, T> {
  return new Map(rows.map((r) => [key(r), r]));
}

/** The template made of each sandbox, by the sandbox's id. */
export async function templatesOfSandboxes(db: Db, sandboxIds: readonly string[]) {
  const rows = await db
    .select()
    .from(templates)
    .where(inArray(templates.sandboxId, [...sandboxIds]));
  return byKey<TemplateRow, string>(rows, (r) => r.sandboxId);
}

/** Folders by id. */
export async function foldersById(db: Db, ids: readonly string[]) {
  const rows = await db
    .select()
    .from(collections)
    .where(inArray(collections.id, [...ids]));
  return byKey(rows, (r) => r.id);
}

/** A sandbox author's public name, by user id. */
export async function authorsById(db: Db, ids: readonly string[]) {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return byKey(rows, (r) => r.id);
}

/** Workspaces by id. */
export async function workspacesById(db: Db, ids: readonly string[]) {
  const rows = await db
    .select()
    .from(workspaces)
    .where(inArray(workspaces.id, [...ids]));
  return byKey<WorkspaceRow, string>(rows, (r) => r.id);
}
