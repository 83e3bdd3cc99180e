import { BuildError } from "../transform/modules.ts";
import type { AppBuild } from "./app-build.ts";

export type BuiltPage = {
  html: string;
  /** The page's module entries (files): what a change imports again. */
  entries: string[];
  /** An inline module script: a change reloads the page instead. */
  inlineModules: boolean;
  /** The body as the HTML gives it (scripts left out): an update starts the app from it again. */
  bodyHtml: string;
  errors: BuildError[];
};

const LOCAL = /^(?![a-z][a-z0-9+.-]*:|\/\/|#)/i;

/** Create React App and friends name no entry in public/index.html: src/index.* or src/main.* is it. */
export function fallbackEntryOf(files: Record<string, string>): string | null {
  for (const name of ["index", "main"]) {
    for (const ext of ["jsx", "tsx", "js", "ts"]) {
      if (`src/${name}.${ext}` in files) return `src/${name}.${ext}`;
    }
  }
  return null;
}

/**
 * The page at `pagePath` as the browser shows it: the HTML as written, with the packages' import
 * map first in <head>, its local scripts, stylesheets and images at blob: URLs of the build, and
 * its stylesheets as <style> elements (swapped in place when the file changes).
 */
export async function buildPage(build: AppBuild, pagePath: string): Promise<BuiltPage> {
  const doc = new DOMParser().parseFromString(build.files[pagePath] ?? "", "text/html");
  const entries: string[] = [];
  const errors: BuildError[] = [];
  let inlineModules = false;
  const local = (value: string | null) =>
    value && LOCAL.test(value) ? build.resolve(pagePath, value) : null;

  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"][href]')) {
    const path = local(link.getAttribute("href"));
    if (!path) continue;
    const style = doc.createElement("style");
    style.dataset.boxyardStyle = path;
    style.textContent = build.files[path] ?? "";
    link.replaceWith(style);
  }
  for (const element of doc.querySelectorAll("img[src], source[src], video[src], audio[src], link[href]")) {
    const attribute = element.hasAttribute("src") ? "src" : "href";
    const path = local(element.getAttribute(attribute));
    if (path) element.setAttribute(attribute, build.assetUrl(path));
  }
  let scripts = [...doc.querySelectorAll("script")];
  const fallback = fallbackEntryOf(build.files);
  if (!scripts.some((s) => s.type === "module") && fallback) {
    const script = doc.createElement("script");
    script.type = "module";
    script.src = `/${fallback}`;
    doc.body.append(script);
    scripts = [...doc.querySelectorAll("script")];
  }
  for (const script of scripts) {
    const type = script.getAttribute("type")?.trim().toLowerCase() ?? "";
    const src = script.getAttribute("src");
    try {
      if (type === "module") {
        if (src === null) {
          inlineModules = true;
          script.textContent = await build.link(pagePath, script.textContent ?? "", []);
          continue;
        }
        const path = local(src);
        if (!path) continue;
        entries.push(path);
        script.setAttribute("src", await build.moduleUrl(path));
      } else if ((type === "" || type === "text/javascript") && src !== null) {
        const path = local(src);
        if (path) script.setAttribute("src", build.classicUrl(path));
      }
    } catch (error) {
      errors.push(error instanceof BuildError ? error : new BuildError(String(error), pagePath));
      script.remove();
    }
  }
  const map = doc.createElement("script");
  map.type = "importmap";
  map.textContent = JSON.stringify(build.importMap);
  doc.head.prepend(map);

  const body = doc.body.cloneNode(true) as HTMLElement;
  for (const script of body.querySelectorAll("script")) script.remove();
  return {
    html: `<!doctype html>\n${doc.documentElement.outerHTML}`,
    entries,
    inlineModules,
    bodyHtml: body.innerHTML,
    errors,
  };
}
