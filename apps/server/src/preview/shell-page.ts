/** Characters that would end an attribute or a tag, escaped for HTML. */
function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page the preview origin answers for every `/{sandboxId}/...`: its runtime (apps/preview)
 * receives the files (from the editor by postMessage, or for a tab of its own from the files
 * route), builds the app in the page and writes the app's page in its place.
 */
export function shellPage(options: { sandboxId: string; boxyardOrigin: string }): string {
  const sandbox = escapeAttribute(options.sandboxId);
  const origin = escapeAttribute(options.boxyardOrigin);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Preview</title>
    <link rel="stylesheet" href="/_runtime/shell.css" />
    <script src="/_runtime/runtime.js" data-sandbox="${sandbox}" data-boxyard-origin="${origin}"></script>
  </head>
  <body>
    <main class="boxyard-shell" aria-live="polite">
      <p class="boxyard-shell-status">Starting the preview…</p>
    </main>
  </body>
</html>
`;
}
