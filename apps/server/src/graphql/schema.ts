import { lexicographicSortSchema, printSchema } from "graphql";
import { builder } from "./builder.ts";
import { guardVisibility } from "./visibility.ts";
import "../modules/workspaces/workspaces.graphql.ts";
import "../modules/billing/billing.graphql.ts";
import "../modules/users/users.graphql.ts";
import "../modules/workspaces/members.graphql.ts";
import "../modules/workspaces/settings.graphql.ts";
import "../modules/workspaces/access.graphql.ts";
import "../modules/sandboxes/sandboxes.graphql.ts";
import "../modules/sandboxes/collaborators.graphql.ts";
import "../modules/sandboxes/files.graphql.ts";
import "../modules/folders/folders.graphql.ts";
import "../modules/recent/recent.graphql.ts";
import "../modules/templates/templates.graphql.ts";
import "../modules/repositories/repositories.graphql.ts";
import "../modules/repositories/github.graphql.ts";
import "../modules/repositories/synced-templates.graphql.ts";
import "../modules/notifications/notifications.graphql.ts";

export const schema = guardVisibility(builder.toSchema());

/** The SDL checked in as schema.graphql; a test fails when they drift apart. */
export function printSdl(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
