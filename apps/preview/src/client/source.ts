import type { SourceLocation } from "../protocol.ts";

const FRAME = /(https?:\/\/[^\s()]+?):(\d+):(\d+)/g;

/**
 * The sandbox file a URL of the preview names (`/{sandboxId}/src/App.jsx?v=3` → `src/App.jsx`),
 * or null for the runtime's and the packages' own files.
 */
export function fileOfUrl(url: string, base: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, location.href);
  } catch {
    return null;
  }
  if (parsed.origin !== location.origin) return null;
  const path = parsed.pathname;
  if (/^\/_(runtime|npm|files)\//.test(path)) return null;
  const inside = path.startsWith(`${base}/`) ? path.slice(base.length + 1) : path.slice(1);
  return inside === "" ? null : decodeURIComponent(inside);
}

/** The first frame of a stack that is in the sandbox's own files. */
export function sourceOfStack(stack: string | undefined, base: string): SourceLocation | undefined {
  if (!stack) return undefined;
  for (const match of stack.matchAll(FRAME)) {
    const path = fileOfUrl(match[1]!, base);
    if (path) return { path, line: Number(match[2]), column: Number(match[3]) };
  }
  return undefined;
}
