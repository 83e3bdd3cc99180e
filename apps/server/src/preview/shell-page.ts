/** The shell's few rules, inline: one request less before the app starts. */
const SHELL_STYLE =
  ":root{color-scheme:light dark;font:14px/1.5 system-ui,sans-serif}body{margin:0;min-height:100vh;display:grid;place-items:center}.boxyard-shell{max-width:28rem;padding:24px;text-align:center;color:#555b66}.boxyard-shell button{font:inherit;padding:6px 14px;border-radius:6px;border:1px solid #c9ccd3;background:#fff;color:#1d1f24;cursor:pointer}";

/** Characters that would end an attribute or a tag, escaped for HTML. */
function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page the preview origin answers for every `/{sandboxId}/...`: its runtime (apps/preview)
 * receives the files (from the editor by postMessage, or for a tab of its own from the files
 * route), builds the app in the page and writes the app's page in its place.
 */
export function shellPage(options: {
  sandboxId: string;
  boxyardOrigin: string;
  runtimeVersion: string;
}): string {
  const sandbox = escapeAttribute(options.sandboxId);
  const origin = escapeAttribute(options.boxyardOrigin);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Preview</title>
    <style>${SHELL_STYLE}</style>
    <script src="/_runtime/runtime.js?v=${escapeAttribute(options.runtimeVersion)}" data-sandbox="${sandbox}" data-boxyard-origin="${origin}"></script>
  </head>
  <body>
    <main class="boxyard-shell" aria-live="polite">
      <p class="boxyard-shell-status">Starting the preview…</p>
    </main>
  </body>
</html>
`;
}
