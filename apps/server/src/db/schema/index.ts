export * from "./account.ts";
export * from "./auth.ts";
export * from "./instance.ts";
export * from "./notifications.ts";
export * from "./repositories.ts";
export * from "./sandboxes.ts";
export * from "./users.ts";
export * from "./workspaces.ts";
