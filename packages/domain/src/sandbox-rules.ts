/** Rules of one sandbox's page and REST routes (spec 1 §2, §7; spec 2 §5, §6; api-contract §13, §14); its texts are in sandbox-messages.ts. */

export const SANDBOX_TITLE_MAX = 255;
export const SANDBOX_DESCRIPTION_MAX = 2000;
export const SANDBOX_ALIAS_MAX = 64;

/** How long a preview token (one sandbox) or a Sandpack token (one workspace) may be used. */
export const PREVIEW_TOKEN_LIFETIME_S = 10 * 60;

/**
 * Words that name REST routes beside `/api/v1/sandboxes/:id` (`/api/v1/sandboxes/limits`): no
 * sandbox id or alias may be one of them, or the route would hide the sandbox.
 */
export const RESERVED_SANDBOX_IDS = ["limits", "generate_title", "templates", "fork"] as const;

export function isReservedSandboxId(value: string): boolean {
  return (RESERVED_SANDBOX_IDS as readonly string[]).includes(value);
}

/** An alias is a lowercase slug: letters, digits, single dashes inside; never a reserved word. */
export function isValidAlias(alias: string): boolean {
  return (
    alias.length > 0 &&
    alias.length <= SANDBOX_ALIAS_MAX &&
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(alias) &&
    !isReservedSandboxId(alias)
  );
}
