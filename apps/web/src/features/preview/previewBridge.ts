import type { EditorMessage } from "./protocol.ts";

export type PreviewFiles = Record<string, string>;

/** What changed between two sets of files: new or changed text, null for a file that is gone. */
export function changedFiles(before: PreviewFiles, after: PreviewFiles): Record<string, string | null> {
  const changed: Record<string, string | null> = {};
  for (const [path, text] of Object.entries(after)) if (before[path] !== text) changed[path] = text;
  for (const path of Object.keys(before)) if (!(path in after)) changed[path] = null;
  return changed;
}

/**
 * The editor's side of one preview iframe: it sends all the files when the preview says it is
 * ready, then only what changed (typed or saved), and navigation and reloads.
 */
export class PreviewBridge {
  #frame: { readonly contentWindow: Window | null } | null = null;
  #sent: PreviewFiles | null = null;
  #version = 0;

  constructor(
    readonly previewOrigin: string,
    private readonly readFiles: () => PreviewFiles,
  ) {}

  /** The iframe (its window is read when used: it is there once the frame is in the document). */
  attach(frame: { readonly contentWindow: Window | null } | null) {
    this.#frame = frame;
    this.#sent = null;
  }

  /** Whether a message event comes from this preview's window and origin. */
  owns(event: MessageEvent): boolean {
    const target = this.#frame?.contentWindow ?? null;
    return target !== null && event.source === target && event.origin === this.previewOrigin;
  }

  #post(message: EditorMessage) {
    this.#frame?.contentWindow?.postMessage(message, this.previewOrigin);
  }

  /** The preview (re)started: it gets every file. */
  ready() {
    const files = this.readFiles();
    this.#sent = files;
    this.#post({ type: "boxyard:files", version: ++this.#version, files });
  }

  /** Files may have changed: the preview gets the difference, if any. */
  sync() {
    if (!this.#sent) return;
    const files = this.readFiles();
    const changed = changedFiles(this.#sent, files);
    if (Object.keys(changed).length === 0) return;
    this.#sent = files;
    this.#post({ type: "boxyard:update", version: ++this.#version, changed });
  }

  navigate(path: string) {
    this.#post({ type: "boxyard:navigate", path: path.startsWith("/") ? path : `/${path}` });
  }
}
