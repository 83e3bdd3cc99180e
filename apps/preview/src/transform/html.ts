import type { ImportMap } from "./modules.ts";

export type PageOptions = {
  importMap: ImportMap;
  /** The runtime client's settings, as data attributes of its script. */
  client: {
    sandboxId: string;
    boxyardOrigin: string;
    version: number;
    packageErrors: Record<string, string>;
  };
  /** The app's entry when its HTML names none (Create React App's public/index.html). */
  fallbackEntry: string | null;
};

function attribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A JSON document safe inside a <script>: no `</script>` can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * The app's HTML as it is, with the import map and the runtime client first in <head>, so that
 * they precede every script of the page (and the client sees every console call and error).
 */
export function injectRuntime(html: string, options: PageOptions): string {
  const { client } = options;
  const head =
    `<script type="importmap">${scriptJson(options.importMap)}</script>` +
    `<script src="/_runtime/client.js" data-sandbox="${attribute(client.sandboxId)}" data-boxyard-origin="${attribute(client.boxyardOrigin)}" data-version="${client.version}" data-package-errors="${attribute(JSON.stringify(client.packageErrors))}"></script>`;
  let page = html;
  const hasModuleEntry = /<script\b[^>]*\btype\s*=\s*["']?module/i.test(page);
  if (!hasModuleEntry && options.fallbackEntry) {
    const entry = `<script type="module" src="/${options.fallbackEntry}"></script>`;
    page = /<\/body>/i.test(page) ? page.replace(/<\/body>/i, `${entry}</body>`) : page + entry;
  }
  const headOpen = /<head\b[^>]*>/i.exec(page);
  if (headOpen)
    return (
      page.slice(0, headOpen.index + headOpen[0].length) +
      head +
      page.slice(headOpen.index + headOpen[0].length)
    );
  const htmlOpen = /<html\b[^>]*>/i.exec(page);
  if (htmlOpen) {
    const at = htmlOpen.index + htmlOpen[0].length;
    return `${page.slice(0, at)}<head>${head}</head>${page.slice(at)}`;
  }
  const doctype = /^\s*<!doctype[^>]*>/i.exec(page);
  const at = doctype ? doctype[0].length : 0;
  return `${page.slice(0, at)}${head}${page.slice(at)}`;
}

/** Create React App and friends name no entry in public/index.html: src/index.* or src/main.* is it. */
export function fallbackEntryOf(files: Record<string, string>): string | null {
  for (const name of ["index", "main"]) {
    for (const ext of ["jsx", "tsx", "js", "ts"]) {
      if (`src/${name}.${ext}` in files) return `src/${name}.${ext}`;
    }
  }
  return null;
}
