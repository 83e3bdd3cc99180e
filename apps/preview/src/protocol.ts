/**
 * The messages between the editor (Boxyard's origin) and the preview (the preview origin), as
 * /work/notes/preview-contract.md fixes them, and those between the preview's pages and its
 * service worker. Each side checks the other's origin before it reads a message.
 */
export type Files = Record<string, string>;

export type EditorMessage =
  | { type: "boxyard:files"; version: number; files: Files }
  | { type: "boxyard:update"; version: number; changed: Record<string, string | null> }
  | { type: "boxyard:navigate"; path: string }
  | { type: "boxyard:reload" };

export type SourceLocation = { path: string; line: number; column: number };

export type PreviewMessage =
  | { type: "boxyard:ready" }
  | { type: "boxyard:location"; path: string }
  | { type: "boxyard:status"; status: "loading" | "ready" | "error" }
  | {
      type: "boxyard:console";
      level: "log" | "info" | "warn" | "error" | "debug";
      text: string;
      source?: SourceLocation;
    }
  | { type: "boxyard:error"; kind: "build" | "runtime"; message: string; source?: SourceLocation };

/** What a page asks its service worker (through a MessageChannel, answered on the port). */
export type WorkerRequest =
  | { type: "sync"; files: Files }
  | { type: "update"; changed: Record<string, string | null> }
  | { type: "state" };

/** How the page applies a change the worker accepted. */
export type UpdateAction =
  | { action: "none"; version: number }
  | { action: "css"; version: number; css: Record<string, string> }
  | { action: "reimport"; version: number }
  | { action: "reload"; version: number };

/** The worker asks the page to compile a Vue or Svelte file (compilers load in pages only). */
export type CompileRequest = { type: "boxyard:compile"; lang: "vue" | "svelte"; path: string; code: string };
export type CompileResult =
  | { code: string; css?: string }
  | { error: string; line?: number; column?: number };

export function isEditorMessage(data: unknown): data is EditorMessage {
  if (typeof data !== "object" || data === null) return false;
  const type = (data as { type?: unknown }).type;
  return (
    type === "boxyard:files" ||
    type === "boxyard:update" ||
    type === "boxyard:navigate" ||
    type === "boxyard:reload"
  );
}
