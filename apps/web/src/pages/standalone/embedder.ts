/**
 * The standalone screens' link to the page that embeds them (spec 2 §2.2): the parent window of an
 * iframe, or the opener of a popup. Messages go to that page's origin only, never '*':
 *
 * - a same-origin parent or opener is Boxyard itself;
 * - a cross-origin iframe can only be one the server allowed to frame the screen (frame-ancestors:
 *   Boxyard and BOXYARD_PREVIEW_ORIGINS), and the browser names its origin;
 * - a cross-origin opener cannot be verified, so it gets nothing.
 */
export type Embedder = { target: Window; origin: string };

export const SANDBOX_CREATED = "sandbox-created";
export const REPO_FILES_READY = "create-repo-files-ready";
export const REPO_FILES_REQUEST = "create-repo-files";
export const REPO_FILES_SUCCESS = "create-repo-files-success";
export const REPO_FILES_ERROR = "create-repo-files-error";

function sameOrigin(other: Window, own: string): boolean {
  try {
    return other.location.origin === own;
  } catch {
    // Reading another origin's location throws.
    return false;
  }
}

function originOf(url: string): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

export function findEmbedder(win: Window = window): Embedder | null {
  const own = win.location.origin;
  if (win.parent && win.parent !== win) {
    if (sameOrigin(win.parent, own)) return { target: win.parent, origin: own };
    const ancestor = win.location.ancestorOrigins?.[0] ?? originOf(win.document.referrer);
    return ancestor && ancestor !== "null" ? { target: win.parent, origin: ancestor } : null;
  }
  const opener = win.opener as Window | null;
  if (opener && sameOrigin(opener, own)) return { target: opener, origin: own };
  return null;
}

/** `{type: 'sandbox-created', id, alias, url}` (spec 2 §2.2). */
export function sandboxCreatedMessage(sandbox: { id: string; alias: string | null }, origin: string) {
  return {
    type: SANDBOX_CREATED,
    id: sandbox.id,
    alias: sandbox.alias,
    url: `${origin}/s/${encodeURIComponent(sandbox.id)}`,
  };
}
