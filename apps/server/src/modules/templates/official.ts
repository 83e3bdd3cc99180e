import { OFFICIAL_TEMPLATES, type OfficialTemplate } from "@boxyard/domain";
import { type FileTreeRows, fileTreeRows } from "../sandboxes/file-tree-rows.ts";
import { STARTER_FILES, type StarterFile } from "./starters/index.ts";

/**
 * The system workspace that owns the official templates, and its author. Nobody is a member of the
 * workspace; the author has no password and no linked identity, so nobody can sign in as it.
 */
export const SYSTEM_WORKSPACE_ID = "00000000-0000-4000-8000-000000000b0c";
export const SYSTEM_USER_ID = "00000000-0000-4000-8000-00000000b0c5";
export const SYSTEM_WORKSPACE_NAME = "Boxyard";
export const SYSTEM_USERNAME = "boxyard";
export const SYSTEM_EMAIL = "templates@boxyard.invalid";

/** Directories and modules of a starter with stable shortids ('d1', 'm1', ...), in file order. */
export function starterRows(files: readonly StarterFile[]): FileTreeRows {
  let directories = 0;
  let modules = 0;
  return fileTreeRows(files, (kind) => (kind === "directory" ? `d${++directories}` : `m${++modules}`));
}

const text = (value: string | null) => (value === null ? "NULL" : `'${value.replaceAll("'", "''")}'`);

/** The migration that seeds the official templates: idempotent inserts, one statement each. */
export function officialTemplatesSql(templates: readonly OfficialTemplate[] = OFFICIAL_TEMPLATES): string {
  const statements: string[] = [
    `INSERT INTO "users" ("id", "email", "username", "name", "bio") VALUES (${text(SYSTEM_USER_ID)}, ${text(SYSTEM_EMAIL)}, ${text(SYSTEM_USERNAME)}, ${text(SYSTEM_WORKSPACE_NAME)}, ${text("The official templates of this installation.")}) ON CONFLICT DO NOTHING;`,
    `INSERT INTO "workspaces" ("id", "name", "description", "type", "minimum_privacy", "invite_token") VALUES (${text(SYSTEM_WORKSPACE_ID)}, ${text(SYSTEM_WORKSPACE_NAME)}, ${text("Official templates")}, 'TEAM', 0, replace(gen_random_uuid()::text, '-', '')) ON CONFLICT DO NOTHING;`,
    `INSERT INTO "collections" ("workspace_id", "path") VALUES (${text(SYSTEM_WORKSPACE_ID)}, '/') ON CONFLICT DO NOTHING;`,
  ];
  for (const t of templates) {
    const files = STARTER_FILES[t.id];
    if (!files) throw new Error(`No starter files for the official template '${t.id}'.`);
    const owned = `EXISTS (SELECT 1 FROM "sandboxes" WHERE "id" = ${text(t.id)} AND "workspace_id" = ${text(SYSTEM_WORKSPACE_ID)})`;
    statements.push(
      `INSERT INTO "sandboxes" ("id", "alias", "title", "description", "workspace_id", "author_id", "collection_id", "privacy", "is_v2", "source_template") SELECT ${text(t.id)}, ${text(t.alias)}, ${text(t.title)}, ${text(t.description)}, ${text(SYSTEM_WORKSPACE_ID)}, (SELECT "id" FROM "users" WHERE "id" = ${text(SYSTEM_USER_ID)}), (SELECT "id" FROM "collections" WHERE "workspace_id" = ${text(SYSTEM_WORKSPACE_ID)} AND "path" = '/'), 0, ${t.runtime === "server"}, ${text(t.sourceTemplate)} ON CONFLICT DO NOTHING;`,
    );
    const rows = starterRows(files);
    for (const d of rows.directories) {
      statements.push(
        `INSERT INTO "sandbox_directories" ("sandbox_id", "shortid", "title", "directory_shortid") SELECT ${text(t.id)}, ${text(d.shortid)}, ${text(d.title)}, ${text(d.directoryShortid)} WHERE ${owned} ON CONFLICT DO NOTHING;`,
      );
    }
    for (const m of rows.modules) {
      statements.push(
        `INSERT INTO "sandbox_modules" ("sandbox_id", "shortid", "title", "code", "directory_shortid") SELECT ${text(t.id)}, ${text(m.shortid)}, ${text(m.title)}, ${text(m.code)}, ${text(m.directoryShortid)} WHERE ${owned} ON CONFLICT DO NOTHING;`,
      );
    }
    const tags = `ARRAY[${t.tags.map(text).join(", ")}]::text[]`;
    statements.push(
      `INSERT INTO "templates" ("sandbox_id", "color", "icon_url", "published", "official", "tags") SELECT ${text(t.id)}, ${text(t.color)}, ${text(t.iconUrl)}, true, true, ${tags} WHERE ${owned} ON CONFLICT DO NOTHING;`,
    );
  }
  return `-- The official templates (packages/domain OFFICIAL_TEMPLATES, files from\n-- apps/server/src/modules/templates/starters), owned by a system workspace and author nobody\n-- can sign in as. Written by \`npx tsx scripts/official-templates-sql.ts <file>\`; every insert is idempotent.\n${statements.join("\n--> statement-breakpoint\n")}\n`;
}
