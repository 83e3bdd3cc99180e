/**
 * The preview origin's Content-Security-Policy. Its pages may be framed by Boxyard's editor only
 * (and stand on their own in a tab); they frame nothing but their own origin. User code needs
 * inline scripts, eval and any image or API it names, so the rest stays open: the isolation is
 * the origin (another site, no cookie), not what the app may load.
 */
export function previewCsp(boxyardOrigin: string): string {
  return [
    `frame-ancestors ${boxyardOrigin}`,
    "frame-src 'self' blob: data:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'`,
  ].join("; ");
}
