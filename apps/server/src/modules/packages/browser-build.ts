import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { isBuiltin } from "node:module";
import { tmpdir } from "node:os";
import { dirname, extname, join, posix, relative } from "node:path";
import { init as initCjsLexer, parse as parseCjs } from "cjs-module-lexer";
import { init as initEsmLexer, parse as parseEsm } from "es-module-lexer";
import {
  type BuildFailure,
  build,
  type Message,
  type Metafile,
  type OutputFile,
  type PluginBuild,
} from "esbuild";
import { nodeBuiltin, PackageError } from "./package-errors.ts";
import { packageOfSpecifier } from "./package-specifier.ts";
import { type PackageFiles, writePackageFiles } from "./package-tarball.ts";

/** Where a prepared version's modules are served from; chunks import each other by these paths. */
export const moduleUrl = (name: string, version: string, path = "") =>
  `/_npm/${name}@${version}${path ? `/${path}` : ""}`;

/** The export under which a CommonJS module's own `module.exports` is reachable for `require()`. */
const MODULE_EXPORTS = "module.exports";
const JS_EXTENSIONS = new Set([".js", ".mjs", ".cjs", ".jsx"]);
const SELF = { self: true };
const MISSING_ENTRY = "missing-entry";

type Built = {
  /** Entry subpath (".", "./client") → the module made for it. */
  entries: Record<string, string>;
  /** Every module made, by path ("e/0.js", "-/chunk-AB12.js"). */
  modules: Map<string, Buffer>;
  /** The other packages the modules import (statically or through `require`), by name. */
  imports: string[];
};

/**
 * Turns a package version's entry points into browser ES modules with esbuild, in one build so
 * that entry points share their internals through chunks (one copy of a package's state). Other
 * packages stay bare imports for the page's import map, CommonJS gets named exports, `require()`
 * of another package becomes an import, and `process.env.NODE_ENV` is "development".
 */
export async function buildEntryPoints(
  name: string,
  version: string,
  files: PackageFiles,
  subpaths: string[],
): Promise<Built> {
  return inPackageDir(name, files, async (workDir) => {
    try {
      return await buildOnce(target(name, version, files), workDir, subpaths, true);
    } catch (error) {
      if (!(error instanceof PackageError) || subpaths.length === 1) throw error;
      // Some entry point cannot run in a browser (a Node-only subpath): the others are still served.
      const tried = await Promise.all(
        subpaths.map((subpath) =>
          buildOnce(target(name, version, files), workDir, [subpath], false).then(
            () => null,
            (failure: unknown) => failure,
          ),
        ),
      );
      const working = subpaths.filter((_, index) => tried[index] === null);
      const main = tried[subpaths.indexOf(".")];
      const mainFailure = main instanceof PackageError ? main : null;
      if (mainFailure || working.length === 0) throw mainFailure ?? error;
      return buildOnce(target(name, version, files), workDir, working, true);
    }
  });
}

/** One module for a subpath outside the entry points (a deep import), with nothing split out. */
export async function buildSubpath(name: string, version: string, files: PackageFiles, subpath: string) {
  return inPackageDir(name, files, async (workDir) => {
    const built = await buildOnce(target(name, version, files), workDir, [subpath], true, false);
    return built.modules.get(built.entries[subpath]!)!;
  });
}

/** A stylesheet of the package, with its imports inlined, as a module that adds it to the page. */
export async function buildStylesheetModule(name: string, files: PackageFiles, subpath: string) {
  return inPackageDir(name, files, async (workDir) => {
    let result: Awaited<ReturnType<typeof build>>;
    try {
      result = await build({
        absWorkingDir: workDir,
        entryPoints: [`${name}/${subpath}`],
        nodePaths: [join(workDir, "node_modules")],
        bundle: true,
        write: false,
        outdir: join(workDir, "out"),
        logLevel: "silent",
        conditions: ["style", "development"],
        loader: assetLoaders(),
        plugins: [
          {
            name: "boxyard-css-externals",
            setup(b) {
              // url() of another package's file stays as written.
              b.onResolve({ filter: /^[^./]/, namespace: "file" }, (args) =>
                args.kind === "entry-point" ? undefined : { path: args.path, external: true },
              );
            },
          },
        ],
      });
    } catch (error) {
      throw buildError(name, error);
    }
    const css = (result.outputFiles ?? []).find((file) => file.path.endsWith(".css"))?.text ?? "";
    return Buffer.from(stylesheetModule(css, `${name}/${subpath}`));
  });
}

/** A module that adds a stylesheet to the page when imported. */
function stylesheetModule(css: string, label: string): string {
  return [
    `const css = ${JSON.stringify(css)};`,
    `const style = document.createElement("style");`,
    `style.setAttribute("data-package", ${JSON.stringify(label)});`,
    "style.textContent = css;",
    "document.head.appendChild(style);",
    "export default css;",
    "",
  ].join("\n");
}

async function inPackageDir<T>(name: string, files: PackageFiles, work: (workDir: string) => Promise<T>) {
  const workDir = await mkdtemp(join(tmpdir(), "boxyard-npm-"));
  try {
    await writePackageFiles(join(workDir, "node_modules", name), files);
    await writeFile(join(workDir, "process-shim.js"), PROCESS_SHIM);
    return await work(workDir);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

// What packages read of `process` in a browser (besides NODE_ENV, replaced where it is read).
const PROCESS_SHIM = `export const process = {
  env: { NODE_ENV: "development" }, browser: true, version: "", versions: {}, platform: "browser", argv: [],
  cwd: () => "/", nextTick: (callback, ...args) => queueMicrotask(() => callback(...args)),
};
`;

type Target = { name: string; version: string; dependencies: Set<string> };

function target(name: string, version: string, files: PackageFiles): Target {
  const manifest = JSON.parse(files.get("package.json")!.toString("utf8")) as {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  return {
    name,
    version,
    dependencies: new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]),
  };
}

async function buildOnce(
  { name, version, dependencies }: Target,
  workDir: string,
  subpaths: string[],
  write: boolean,
  splitting = true,
): Promise<Built> {
  await Promise.all([initCjsLexer(), initEsmLexer]);
  const outdir = join(workDir, "out");
  let result: { outputFiles: OutputFile[]; metafile: Metafile };
  try {
    result = await build({
      absWorkingDir: workDir,
      entryPoints: subpaths.map((subpath, index) => ({ in: `boxyard-entry:${subpath}`, out: `e/${index}` })),
      outdir,
      nodePaths: [join(workDir, "node_modules")],
      bundle: true,
      splitting,
      format: "esm",
      platform: "browser",
      target: "es2022",
      chunkNames: "-/[name]-[hash]",
      write: false,
      metafile: true,
      logLevel: "silent",
      conditions: ["development", "module"],
      mainFields: ["browser", "module", "main"],
      define: { "process.env.NODE_ENV": '"development"', global: "globalThis" },
      inject: [join(workDir, "process-shim.js")],
      loader: assetLoaders(),
      plugins: [packagePlugin(name, dependencies, workDir)],
    });
  } catch (error) {
    throw buildError(name, error);
  }
  const entries: Record<string, string> = {};
  const imports = new Set<string>();
  const modules = new Map<string, Buffer>();
  if (!write) return { entries, modules, imports: [] };
  for (const file of result.outputFiles) {
    const path = posix.normalize(relative(outdir, file.path).split("\\").join("/"));
    const output = result.metafile.outputs[relative(workDir, file.path).split("\\").join("/")];
    if (path.endsWith(".css")) {
      // What the package's own code imports of stylesheets, added to the page with it.
      modules.set(path, Buffer.from(stylesheetModule(file.text, `${name}@${version}`)));
      continue;
    }
    let text = file.text;
    if (output?.cssBundle) {
      const stylesheet = relative(outdir, join(workDir, output.cssBundle)).split("\\").join("/");
      text = `import ${JSON.stringify(moduleUrl(name, version, stylesheet))};\n${text}`;
    }
    for (const imported of output?.imports ?? []) {
      if (imported.external) {
        if (imported.kind !== "dynamic-import") imports.add(packageOfSpecifier(imported.path));
        continue;
      }
      const target = relative(outdir, join(workDir, imported.path)).split("\\").join("/");
      let written = posix.relative(posix.dirname(path), target);
      if (!written.startsWith(".")) written = `./${written}`;
      text = text.split(JSON.stringify(written)).join(JSON.stringify(moduleUrl(name, version, target)));
    }
    for (const required of requiredSpecifiers(text)) imports.add(packageOfSpecifier(required));
    modules.set(path, Buffer.from(withRequirePrelude(text)));
    const entry = /^e\/(\d+)\.js$/.exec(path);
    if (entry) entries[subpaths[Number(entry[1])]!] = path;
  }
  imports.delete(name);
  return { entries, modules, imports: [...imports].sort() };
}

/** Fonts and images a package's code or stylesheets import become data URLs. */
function assetLoaders() {
  const loaders: Record<string, "dataurl" | "text" | "json"> = { ".json": "json", ".txt": "text" };
  for (const ext of [
    ".png",
    ".jpg",
    ".jpeg",
    ".gif",
    ".svg",
    ".webp",
    ".avif",
    ".woff",
    ".woff2",
    ".ttf",
    ".eot",
  ])
    loaders[ext] = "dataurl";
  return loaders;
}

function packagePlugin(name: string, dependencies: Set<string>, workDir: string) {
  return {
    name: "boxyard-package",
    setup(b: PluginBuild) {
      // An entry point is the package's own file (an ES module keeps its `export * from` other
      // packages); a CommonJS one is reached through a module that names its exports.
      b.onResolve({ filter: /^boxyard-entry:/ }, async (args) => {
        const subpath = args.path.slice("boxyard-entry:".length);
        const specifier = subpath === "." ? name : `${name}/${subpath.replace(/^\.\//, "")}`;
        const resolved = await b.resolve(specifier, {
          kind: "import-statement",
          resolveDir: workDir,
          pluginData: SELF,
        });
        if (resolved.errors.length > 0) {
          return { errors: [{ text: `No module '${specifier}' in the package`, detail: MISSING_ENTRY }] };
        }
        if (!JS_EXTENSIONS.has(extname(resolved.path))) {
          return { errors: [{ text: `'${specifier}' is not a JavaScript module` }] };
        }
        const source = await readFile(resolved.path, "utf8");
        return isEsModule(resolved.path, source)
          ? { path: resolved.path }
          : { path: resolved.path, namespace: "boxyard-cjs-entry" };
      });
      b.onLoad({ filter: /.*/, namespace: "boxyard-cjs-entry" }, async (args) => ({
        contents: await commonJsEntry(b, args.path),
        resolveDir: dirname(args.path),
        loader: "js",
      }));
      b.onResolve({ filter: /^[^./#]/ }, (args) => {
        if (args.pluginData === SELF || args.kind === "entry-point" || args.namespace === "boxyard-require")
          return undefined;
        // A Node built-in is left to esbuild (the package's `browser` field may replace it), unless
        // the package depends on the npm package of that name (`events`, `buffer`): its browser version.
        if (
          isBuiltin(args.path) &&
          (args.path.startsWith("node:") || !dependencies.has(args.path.split("/")[0]!))
        )
          return undefined;
        if (args.kind === "require-call") return { path: args.path, namespace: "boxyard-require" };
        return { path: args.path, external: true };
      });
      b.onLoad({ filter: /.*/, namespace: "boxyard-require" }, (args) => ({
        contents: `module.exports = __boxyard_require(${JSON.stringify(args.path)});`,
        loader: "js",
      }));
    },
  };
}

/** A CommonJS entry point as an ES module: `module.exports` as default, and its exports by name. */
async function commonJsEntry(b: PluginBuild, file: string): Promise<string> {
  const at = JSON.stringify(file);
  const names = new Set<string>();
  await collectCjsNames(b, file, new Set(), names);
  const lines = [
    `const __m = require(${at});`,
    `export default __m && __m.__esModule && "default" in __m ? __m.default : __m;`,
    `export { __m as ${JSON.stringify(MODULE_EXPORTS)} };`,
  ];
  let index = 0;
  for (const exported of names) {
    if (exported === "default" || exported === "__esModule" || exported === MODULE_EXPORTS) continue;
    lines.push(`const __e${index} = __m[${JSON.stringify(exported)}];`);
    lines.push(`export { __e${index} as ${JSON.stringify(exported)} };`);
    index++;
  }
  return `${lines.join("\n")}\n`;
}

function isEsModule(file: string, source: string): boolean {
  if (file.endsWith(".mjs")) return true;
  if (file.endsWith(".cjs")) return false;
  try {
    return parseEsm(source)[3];
  } catch {
    return true;
  }
}

/** A CommonJS module's export names, following `module.exports = require("./other")` within the package. */
async function collectCjsNames(b: PluginBuild, file: string, seen: Set<string>, names: Set<string>) {
  if (seen.has(file) || seen.size > 50) return;
  seen.add(file);
  let parsed: ReturnType<typeof parseCjs>;
  try {
    parsed = parseCjs(await readFile(file, "utf8"));
  } catch {
    return;
  }
  for (const exported of parsed.exports) names.add(exported);
  for (const reexport of parsed.reexports) {
    if (!reexport.startsWith(".")) continue;
    const resolved = await b.resolve(reexport, {
      kind: "require-call",
      resolveDir: dirname(file),
      pluginData: SELF,
    });
    if (resolved.errors.length === 0 && !resolved.external && resolved.path) {
      await collectCjsNames(b, resolved.path, seen, names);
    }
  }
}

/** What a module `require()`s of other packages. */
function requiredSpecifiers(text: string): string[] {
  const found = [...text.matchAll(/__boxyard_require\(("(?:[^"\\]|\\.)*")\)/g)].map(
    (match) => JSON.parse(match[1]!) as string,
  );
  return [...new Set(found)];
}

/**
 * Modules that `require()` another package import it, and `require` answers the CommonJS
 * `module.exports` it was converted from (or the ES module's namespace): nothing calls the
 * browser's missing `require` at run time.
 */
function withRequirePrelude(text: string): string {
  const specifiers = requiredSpecifiers(text);
  if (specifiers.length === 0) return text;
  const imports = specifiers.map((s, i) => `import * as __boxyard_ns${i} from ${JSON.stringify(s)};`);
  const table = specifiers.map((s, i) => `${JSON.stringify(s)}: __boxyard_ns${i}`).join(", ");
  return `${imports.join("\n")}
const __boxyard_modules = { ${table} };
function __boxyard_require(id) {
  const ns = __boxyard_modules[id];
  return ns[${JSON.stringify(MODULE_EXPORTS)}] !== undefined ? ns[${JSON.stringify(MODULE_EXPORTS)}] : Object.assign({ __esModule: true }, ns);
}
${text}`;
}

/** esbuild's failure as the package's clear error: a Node built-in by name, else its first message. */
function buildError(name: string, error: unknown): PackageError {
  const messages: Message[] = (error as BuildFailure).errors ?? [];
  const missing = messages.find((message) => message.detail === MISSING_ENTRY);
  if (missing) return new PackageError(name, `${missing.text.replace("the package", `'${name}'`)}.`, 404);
  for (const message of messages) {
    const unresolved = /Could not resolve "([^"]+)"/.exec(message.text)?.[1];
    if (unresolved && isBuiltin(unresolved)) return nodeBuiltin(name, unresolved.replace(/^node:/, ""));
  }
  const first = messages[0];
  const where = first?.location
    ? ` (${first.location.file.replace(/^.*node_modules\//, "")}:${first.location.line})`
    : "";
  const text = first ? `${first.text}${where}` : error instanceof Error ? error.message : String(error);
  return new PackageError(name, `Package '${name}' could not be prepared for the browser: ${text}`);
}
