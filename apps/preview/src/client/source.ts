import type { SourceLocation } from "../protocol.ts";

const FRAME = /((?:blob:)?https?:\/\/[^\s()]+?):(\d+):(\d+)/g;

/** The first frame of a stack that is in the sandbox's own files (`pathOf` knows the app's blob: URLs). */
export function sourceOfStack(
  stack: string | undefined,
  pathOf: (url: string) => string | undefined,
): SourceLocation | undefined {
  if (!stack) return undefined;
  for (const match of stack.matchAll(FRAME)) {
    const path = pathOf(match[1]!);
    if (path) return { path, line: Number(match[2]), column: Number(match[3]) };
  }
  return undefined;
}
