export * from "./account.ts";
export * from "./auth.ts";
export * from "./billing.ts";
export * from "./instance.ts";
export * from "./sandboxes.ts";
export * from "./users.ts";
export * from "./workspaces.ts";
