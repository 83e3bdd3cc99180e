/**
 * The messages between the editor and the preview iframe (/work/notes/preview-contract.md; the
 * preview's side is apps/preview/src/protocol.ts). The editor reads only messages from its own
 * iframe's window and the preview origin, and posts only to that origin.
 */
export type SourceLocation = { path: string; line: number; column: number };

export type ConsoleLevel = "log" | "info" | "warn" | "error" | "debug";

export type PreviewMessage =
  | { type: "boxyard:ready" }
  | { type: "boxyard:location"; path: string }
  | { type: "boxyard:status"; status: "loading" | "ready" | "error" }
  | { type: "boxyard:console"; level: ConsoleLevel; text: string; source?: SourceLocation }
  | { type: "boxyard:error"; kind: "build" | "runtime"; message: string; source?: SourceLocation };

export type EditorMessage =
  | { type: "boxyard:files"; version: number; files: Record<string, string> }
  | { type: "boxyard:update"; version: number; changed: Record<string, string | null> }
  | { type: "boxyard:navigate"; path: string }
  | { type: "boxyard:reload" };

const LEVELS = new Set(["log", "info", "warn", "error", "debug"]);

function isSource(value: unknown): value is SourceLocation | undefined {
  if (value === undefined) return true;
  if (typeof value !== "object" || value === null) return false;
  const { path, line, column } = value as Record<string, unknown>;
  return typeof path === "string" && typeof line === "number" && typeof column === "number";
}

/** A message from the preview, checked field by field (it comes from user code's origin). */
export function readPreviewMessage(data: unknown): PreviewMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const message = data as Record<string, unknown>;
  switch (message.type) {
    case "boxyard:ready":
      return { type: "boxyard:ready" };
    case "boxyard:location":
      return typeof message.path === "string" ? { type: "boxyard:location", path: message.path } : null;
    case "boxyard:status":
      return message.status === "loading" || message.status === "ready" || message.status === "error"
        ? { type: "boxyard:status", status: message.status }
        : null;
    case "boxyard:console":
      return typeof message.level === "string" &&
        LEVELS.has(message.level) &&
        typeof message.text === "string" &&
        isSource(message.source)
        ? {
            type: "boxyard:console",
            level: message.level as ConsoleLevel,
            text: message.text.slice(0, 10_000),
            source: message.source,
          }
        : null;
    case "boxyard:error":
      return (message.kind === "build" || message.kind === "runtime") &&
        typeof message.message === "string" &&
        isSource(message.source)
        ? {
            type: "boxyard:error",
            kind: message.kind,
            message: message.message.slice(0, 10_000),
            source: message.source,
          }
        : null;
    default:
      return null;
  }
}
