/**
 * The server keeps the session in an HttpOnly cookie the app cannot read. Next to it, it sets
 * this readable marker cookie; the app asks for the current user at start only when it exists.
 */
export const LOGIN_MARKER_COOKIE = "boxyard_signed_in";

export function hasLoginMarker(
  cookie: string = typeof document === "undefined" ? "" : document.cookie,
): boolean {
  return cookie
    .split(";")
    .map((part) => part.trim())
    .some((part) => part === `${LOGIN_MARKER_COOKIE}=1`);
}
