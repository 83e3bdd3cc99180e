import type { SourceLocation } from "../protocol.ts";

const STYLE = `
:host { all: initial; }
.backdrop { position: fixed; inset: 0; z-index: 2147483647; background: rgba(15, 17, 21, 0.72); display: flex; align-items: flex-start; justify-content: center; padding: 32px 16px; overflow: auto; font: 14px/1.5 system-ui, sans-serif; }
.panel { max-width: 760px; width: 100%; background: #fff; color: #1d1f24; border-radius: 8px; border-top: 4px solid #d93a3a; box-shadow: 0 12px 40px rgba(0,0,0,.3); padding: 20px 24px; }
h2 { margin: 0 0 4px; font-size: 16px; color: #b42323; }
.where { margin: 0 0 12px; color: #555b66; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
pre { margin: 0; white-space: pre-wrap; word-break: break-word; font: 13px/1.55 ui-monospace, SFMono-Regular, Menlo, monospace; background: #f6f7f9; border-radius: 6px; padding: 12px; }
.hint { margin: 12px 0 0; color: #555b66; font-size: 13px; }
button { font: inherit; font-size: 13px; margin-top: 12px; padding: 4px 12px; border-radius: 6px; border: 1px solid #c9ccd3; background: #fff; cursor: pointer; }
`;

/**
 * The error overlay over the running app: a build error (the file does not compile) or a runtime
 * error (uncaught). It lives in a shadow root on <html>, so the app's styles and a reset of <body>
 * leave it alone.
 */
export class ErrorOverlay {
  #host: HTMLElement | null = null;

  show(kind: "build" | "runtime", message: string, source: SourceLocation | undefined) {
    this.hide();
    const host = document.createElement("boxyard-error-overlay");
    const root = host.attachShadow({ mode: "open" });
    const style = document.createElement("style");
    style.textContent = STYLE;
    const backdrop = document.createElement("div");
    backdrop.className = "backdrop";
    const panel = document.createElement("div");
    panel.className = "panel";
    panel.setAttribute("role", "alertdialog");
    panel.setAttribute("aria-label", kind === "build" ? "Build error" : "Runtime error");
    const title = document.createElement("h2");
    title.textContent = kind === "build" ? "Build error" : "Runtime error";
    panel.append(title);
    if (source) {
      const where = document.createElement("p");
      where.className = "where";
      where.textContent = `${source.path}:${source.line}:${source.column}`;
      panel.append(where);
    }
    const text = document.createElement("pre");
    text.textContent = message;
    const hint = document.createElement("p");
    hint.className = "hint";
    hint.textContent =
      kind === "build"
        ? "Fix the code and the preview updates."
        : "Fix the code, or dismiss this to keep using the app.";
    panel.append(text, hint);
    if (kind === "runtime") {
      const dismiss = document.createElement("button");
      dismiss.type = "button";
      dismiss.textContent = "Dismiss";
      dismiss.addEventListener("click", () => this.hide());
      panel.append(dismiss);
    }
    backdrop.append(panel);
    root.append(style, backdrop);
    document.documentElement.append(host);
    this.#host = host;
  }

  hide() {
    this.#host?.remove();
    this.#host = null;
  }

  get shown() {
    return this.#host !== null;
  }
}
