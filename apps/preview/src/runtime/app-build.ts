import type { CompileResult } from "../protocol.ts";
import {
  assetModule,
  BuildError,
  compileScript,
  cssModule,
  type ImportMap,
  inImportMap,
  isLocal,
  jsonModule,
  localImports,
  packageName,
  rewriteImports,
  viteEnv,
} from "../transform/modules.ts";
import {
  contentType,
  dirname,
  extension,
  findFile,
  normalize,
  SCRIPT_EXTENSIONS,
} from "../transform/paths.ts";
import { transformScript } from "../transform/script.ts";

export type ComponentCompiler = (
  lang: "vue" | "svelte",
  path: string,
  code: string,
) => Promise<CompileResult>;

/** A local import resolved: the file, and how it is asked for (`?raw`, `?url`). */
function splitQuery(specifier: string): [string, string] {
  const at = specifier.indexOf("?");
  return at < 0 ? [specifier, ""] : [specifier.slice(0, at), specifier.slice(at + 1)];
}

/**
 * The app's modules as the browser runs them, each a blob: URL whose imports point at the blob:
 * URLs of the files it imports (packages stay bare, for the page's import map). A change drops the
 * changed files' modules and those of everything that imports them, so the next import of the
 * entry builds a new graph where only those are new: one transform per keystroke.
 */
export class AppBuild {
  #modules = new Map<string, Promise<string>>();
  #assets = new Map<string, string>();
  #paths = new Map<string, string>();
  #importers = new Map<string, Set<string>>();

  constructor(
    public files: Record<string, string>,
    readonly importMap: ImportMap,
    readonly packageErrors: Record<string, string>,
    private readonly compileComponent: ComponentCompiler,
  ) {}

  /** The file a blob: URL of this build holds (for errors' and console calls' file and line). */
  pathOf(url: string): string | undefined {
    return this.#paths.get(url);
  }

  /** The file `specifier` names from `from` (a file or a page), as a bundler finds it; null when none. */
  resolve(from: string, specifier: string): string | null {
    const [bare] = splitQuery(specifier);
    const joined = normalize(bare.startsWith("/") ? bare : `${dirname(from)}/${bare}`);
    if (joined === null) return null;
    return findFile(this.files, joined) ?? findFile(this.files, `public/${joined}`);
  }

  /** Takes in changed files and forgets what they invalidate. */
  update(files: Record<string, string>, changed: readonly string[]) {
    this.files = files;
    const dropped = new Set<string>();
    const drop = (key: string) => {
      if (dropped.has(key)) return;
      dropped.add(key);
      for (const importer of this.#importers.get(key) ?? []) drop(importer);
    };
    for (const key of [...this.#modules.keys()]) {
      if (changed.includes(splitQuery(key)[0])) drop(key);
    }
    for (const path of changed) drop(path);
    for (const key of dropped) {
      const url = this.#modules.get(key);
      this.#modules.delete(key);
      void url?.then((u) => this.#forget(u)).catch(() => undefined);
    }
    for (const path of changed) {
      const asset = this.#assets.get(path);
      if (asset) this.#forget(asset);
      this.#assets.delete(path);
    }
  }

  #forget(url: string) {
    this.#paths.delete(url);
    URL.revokeObjectURL(url);
  }

  #blob(path: string, code: string, type = "text/javascript"): string {
    const url = URL.createObjectURL(new Blob([code], { type }));
    this.#paths.set(url, path);
    return url;
  }

  /** A file's bytes at a blob: URL (images, fonts...): data URLs decoded, text as it is. */
  assetUrl(path: string): string {
    const known = this.#assets.get(path);
    if (known) return known;
    const source = this.files[path] ?? "";
    let url: string;
    const dataUrl = /^data:([^;,]*)(;base64)?,/.exec(source);
    if (dataUrl) {
      const body = source.slice(dataUrl[0].length);
      const bytes = dataUrl[2]
        ? Uint8Array.from(atob(body), (c) => c.charCodeAt(0))
        : new TextEncoder().encode(decodeURIComponent(body));
      url = URL.createObjectURL(new Blob([bytes], { type: dataUrl[1] || contentType(path) }));
    } else if (/^https?:\/\/\S+$/.test(source.trim())) {
      url = source.trim();
    } else {
      url = URL.createObjectURL(new Blob([source], { type: contentType(path) }));
    }
    this.#assets.set(path, url);
    this.#paths.set(url, path);
    return url;
  }

  /** A classic script (`<script src>` without type=module): loops guarded, nothing else. */
  classicUrl(path: string): string {
    const code = transformScript(path, this.files[path] ?? "", {
      typescript: false,
      jsx: false,
      jsxImportSource: "react",
      module: false,
    });
    return this.#blob(path, code);
  }

  /** The blob: URL of the module at `key` (a path, maybe with `?raw` or `?url`), built with its imports. */
  moduleUrl(key: string, stack: readonly string[] = []): Promise<string> {
    if (stack.includes(key)) {
      return Promise.reject(
        new BuildError(
          `${key}: circular imports are not supported in the preview (${[...stack, key].join(" → ")})`,
          splitQuery(stack.at(-1) ?? key)[0],
        ),
      );
    }
    let built = this.#modules.get(key);
    if (!built) {
      built = this.#build(key, stack);
      this.#modules.set(key, built);
      // A module that failed is built again next time (the fix may be in another file).
      built.catch(() => this.#modules.delete(key));
    }
    return built;
  }

  /** Module code whose local imports are blob: URLs, from code whose imports are as written. */
  async link(path: string, code: string, stack: readonly string[], key = path): Promise<string> {
    const urls = new Map<string, string>();
    for (const { specifier, line } of localImports(path, code)) {
      const target = this.resolve(path, specifier);
      if (!target) throw new BuildError(`${path}: cannot find the file "${specifier}"`, path, line);
      const [, query] = splitQuery(specifier);
      const dependency = query === "raw" || query === "url" ? `${target}?${query}` : target;
      const importers = this.#importers.get(dependency) ?? new Set<string>();
      importers.add(key);
      this.#importers.set(dependency, importers);
      urls.set(specifier, await this.moduleUrl(dependency, [...stack, key]));
    }
    return rewriteImports(path, code, (specifier, line) => {
      if (isLocal(specifier)) return urls.get(specifier) ?? specifier;
      if (/^(https?:|data:|blob:)/.test(specifier)) return specifier;
      if (!inImportMap(this.importMap, specifier)) {
        const name = packageName(specifier);
        const failed = this.packageErrors[name];
        throw new BuildError(
          failed
            ? `${path}: the package "${name}" cannot be used: ${failed}`
            : `${path}: the package "${name}" is not in package.json's dependencies`,
          path,
          line(),
        );
      }
      return specifier;
    });
  }

  async #build(key: string, stack: readonly string[]): Promise<string> {
    const [path, query] = splitQuery(key);
    const source = this.files[path];
    if (source === undefined) throw new BuildError(`${path}: the file does not exist`, path);
    const ext = extension(path);
    let code: string;
    if (query === "raw") code = assetModule(source);
    else if (query === "url") code = assetModule(this.assetUrl(path));
    else if (SCRIPT_EXTENSIONS.includes(ext))
      code = await this.link(path, compileScript(path, source, this.files), stack, key);
    else if (ext === "vue" || ext === "svelte")
      code = await this.link(path, await this.#component(path, source, ext), stack, key);
    else if (ext === "css") code = cssModule(path, source);
    else if (ext === "json") code = jsonModule(path, source);
    else code = assetModule(this.assetUrl(path));
    return this.#blob(path, code);
  }

  async #component(path: string, source: string, lang: "vue" | "svelte"): Promise<string> {
    const result = await this.compileComponent(lang, path, source);
    if ("error" in result) throw new BuildError(result.error, path, result.line, result.column);
    const typescript = lang === "vue" && /<script[^>]*\blang\s*=\s*["']ts/.test(source);
    let js = transformScript(path, result.code, {
      typescript,
      jsx: false,
      jsxImportSource: "vue",
      module: true,
    });
    if (result.css)
      js += `\nglobalThis.__boxyard.style(${JSON.stringify(`${path}?style`)}, ${JSON.stringify(result.css)});\n`;
    return viteEnv(js);
  }
}
