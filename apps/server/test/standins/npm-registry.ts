/**
 * A local stand-in for an npm registry, on a real HTTP server (127.0.0.1, a random port), speaking
 * the registry's protocol as npm's own client (npm-registry-fetch) expects it:
 *
 * - `GET /<name>` (`/@scope%2fname` for a scoped one): the packument, every version of the package
 *   found in this repository's node_modules (hoisted, nested and aliased copies: the server's
 *   devDependencies `react-18`, `react-dom-18`, `preact-10` are the official templates' versions),
 *   plus the packages a test added;
 * - `GET /-/tarballs/<name>/<version>.tgz`: the tarball, made with `npm pack` from the installed
 *   copy when first asked for and kept (in the system's temporary directory, across runs);
 * - `GET /-/v1/search?text=&size=`: the packages whose name contains the text.
 *
 * Tests add packages of their own (`add`): a tarball that is not gzip, one with a file outside
 * the package, a native addon, a dependency cycle. `stop()` closes it, as a registry that went away.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve as resolvePath } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { compare, rcompare } from "semver";

const ROOTS = [
  fileURLToPath(new URL("../../../../node_modules/", import.meta.url)),
  fileURLToPath(new URL("../../node_modules/", import.meta.url)),
];
const PACKED = join(tmpdir(), "boxyard-npm-standin-packs");

type Manifest = Record<string, unknown> & { name: string; version: string };
/** A package a test adds: its package.json, and its files or the raw bytes of its tarball. */
export type AddedPackage = {
  manifest: Manifest;
  files?: Record<string, string>;
  /** The tarball's bytes as served, when it should not be made from `files`. */
  tarball?: Buffer;
};

export type NpmRegistryStandIn = {
  url: string;
  /** Requests by path, to tell what was asked for. */
  requests: string[];
  add(pkg: AddedPackage): void;
  stop(): Promise<void>;
};

export async function startNpmRegistry(options: { port?: number } = {}): Promise<NpmRegistryStandIn> {
  const added = new Map<string, Map<string, AddedPackage>>();
  const packs = new Map<string, Promise<Buffer>>();
  const requests: string[] = [];
  let url = "";

  const tarballUrl = (name: string, version: string) =>
    `${url}-/tarballs/${encodeURIComponent(name)}/${version}.tgz`;

  async function tarballOf(name: string, version: string): Promise<Buffer | null> {
    const own = added.get(name)?.get(version);
    if (own) return own.tarball ?? null;
    const dir = installedCopies(name).get(version);
    if (!dir) return null;
    const key = `${name}@${version}`;
    let packed = packs.get(key);
    if (!packed) {
      packed = npmPack(dir, key);
      packs.set(key, packed);
    }
    return packed;
  }

  async function packumentOf(name: string) {
    const versions: Record<string, Manifest> = {};
    for (const [version, dir] of installedCopies(name)) {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
      versions[version] = manifest;
    }
    for (const [version, pkg] of added.get(name) ?? []) versions[version] = pkg.manifest;
    if (Object.keys(versions).length === 0) return null;
    for (const [version, manifest] of Object.entries(versions)) {
      const tarball = await tarballOf(name, version);
      manifest.dist = {
        tarball: tarballUrl(name, version),
        integrity: `sha512-${createHash("sha512").update(tarball!).digest("base64")}`,
      };
    }
    const latest = Object.keys(versions).sort(rcompare)[0]!;
    return { name, "dist-tags": { latest }, versions };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const target = new URL(request.url ?? "/", url);
    requests.push(target.pathname);
    const send = (status: number, body: unknown, type = "application/json") => {
      response.writeHead(status, { "content-type": type });
      response.end(typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body));
    };
    if (target.pathname === "/-/v1/search") {
      const text = (target.searchParams.get("text") ?? "").toLowerCase();
      const size = Number(target.searchParams.get("size") ?? 20);
      const names = [...new Set([...SEARCHABLE, ...added.keys()])]
        .filter((n) => n.includes(text))
        .slice(0, size);
      const objects = [];
      for (const name of names) {
        const packument = await packumentOf(name);
        if (!packument) continue;
        const latest = packument.versions[packument["dist-tags"].latest]!;
        objects.push({ package: { name, version: latest.version, description: latest.description ?? "" } });
      }
      return send(200, { objects, total: objects.length });
    }
    const tarball = /^\/-\/tarballs\/([^/]+)\/(.+)\.tgz$/.exec(target.pathname);
    if (tarball) {
      const bytes = await tarballOf(decodeURIComponent(tarball[1]!), tarball[2]!);
      return bytes ? send(200, bytes, "application/octet-stream") : send(404, { error: "Not found" });
    }
    const name = decodeURIComponent(target.pathname.slice(1));
    const packument = name ? await packumentOf(name) : null;
    return packument ? send(200, packument) : send(404, { error: "Not found" });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      response.writeHead(500, { "content-type": "text/plain" });
      response.end(error.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    requests,
    add(given) {
      const tarball =
        given.tarball ?? tarFiles({ "package.json": JSON.stringify(given.manifest), ...given.files });
      const pkg = { manifest: { ...given.manifest }, tarball };
      const versions = added.get(pkg.manifest.name) ?? new Map<string, AddedPackage>();
      versions.set(pkg.manifest.version, pkg);
      added.set(pkg.manifest.name, versions);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The packages the stand-in's search knows besides the ones a test adds. */
const SEARCHABLE = ["react", "react-dom", "scheduler", "vue", "svelte", "preact", "ms"];

let installed: Map<string, Map<string, string>> | undefined;

/**
 * Every installed copy of a package in the repository, by version: hoisted, nested, and under an
 * alias (`npm install -D react-18@npm:react@18.3.1` installs React 18 as `react-18`).
 */
function installedCopies(name: string): Map<string, string> {
  if (!installed) {
    const index = new Map<string, Map<string, string>>();
    const packagesIn = (dir: string): string[] => {
      if (!existsSync(dir)) return [];
      return readdirSync(dir).flatMap((entry) =>
        entry.startsWith("@")
          ? readdirSync(join(dir, entry)).map((inner) => join(dir, entry, inner))
          : entry.startsWith(".")
            ? []
            : [join(dir, entry)],
      );
    };
    const note = (dir: string) => {
      const manifest = join(dir, "package.json");
      if (!existsSync(manifest)) return;
      const { name: found, version } = JSON.parse(readFileSync(manifest, "utf8")) as Manifest;
      if (!found || !version) return;
      const versions = index.get(found) ?? new Map<string, string>();
      if (!versions.has(version)) versions.set(version, dir);
      index.set(found, versions);
    };
    for (const root of ROOTS) {
      for (const dir of packagesIn(root)) {
        note(dir);
        for (const nested of packagesIn(join(dir, "node_modules"))) note(nested);
      }
    }
    installed = index;
  }
  return new Map([...(installed.get(name) ?? [])].sort(([a], [b]) => compare(a, b)));
}

/** `npm pack` of an installed package, kept under the temporary directory for the next runs. */
async function npmPack(dir: string, key: string): Promise<Buffer> {
  const kept = join(PACKED, `${key.replace(/[/@]/g, "_")}.tgz`);
  if (existsSync(kept)) return readFileSync(kept);
  const into = join(PACKED, `${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(into, { recursive: true });
  const { stdout } = await promisify(execFile)(
    "npm",
    ["pack", dir, "--pack-destination", into, "--ignore-scripts", "--json", "--silent"],
    { maxBuffer: 64 * 1024 * 1024, cwd: into },
  );
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  renameSync(join(into, packed!.filename), kept);
  return readFileSync(kept);
}

/**
 * A gzipped tar of the files under `package/`, written by hand so that a test can name a file as
 * no well-behaved tool would (`../outside.js`).
 */
export function tarFiles(files: Record<string, string>, prefix = "package/"): Buffer {
  const blocks: Buffer[] = [];
  for (const [path, text] of Object.entries(files)) {
    const body = Buffer.from(text);
    const header = Buffer.alloc(512);
    header.write(`${prefix}${path}`, 0, 100);
    header.write("0000644\0", 100);
    header.write("0000000\0", 108);
    header.write("0000000\0", 116);
    header.write(`${body.length.toString(8).padStart(11, "0")}\0`, 124);
    header.write("00000000000\0", 136);
    header.write("        ", 148);
    header.write("0", 156);
    header.write("ustar\0", 257);
    header.write("00", 263);
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
    blocks.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

/**
 * Packages that cannot be served to a browser, one per reason, and a dependency cycle that can:
 * `registry.add(...)` each to offer them.
 */
export const TROUBLESOME_PACKAGES: AddedPackage[] = [
  { manifest: { name: "not-gzip", version: "1.0.0" }, tarball: Buffer.from("this is not a gzip file") },
  {
    manifest: { name: "leaves-package", version: "1.0.0" },
    tarball: tarFiles({
      "package.json": '{"name":"leaves-package","version":"1.0.0"}',
      "../../outside.js": "1",
    }),
  },
  {
    manifest: { name: "native-gyp", version: "1.0.0", gypfile: true, main: "index.js" },
    files: { "index.js": "module.exports = require('./build/Release/addon.node');" },
  },
  {
    manifest: { name: "native-binding", version: "1.0.0", main: "index.js" },
    files: { "index.js": "module.exports = 1;", "binding.gyp": "{ 'targets': [] }" },
  },
  {
    manifest: { name: "uses-fs", version: "1.0.0", type: "module", main: "index.js" },
    files: {
      "index.js":
        'import { readFileSync } from "node:fs";\nexport const read = (p) => readFileSync(p, "utf8");\n',
    },
  },
  {
    manifest: { name: "cycle-a", version: "1.0.0", main: "index.js", dependencies: { "cycle-b": "^1.0.0" } },
    files: { "index.js": 'exports.name = "a";\nexports.other = () => require("cycle-b").name;\n' },
  },
  {
    manifest: { name: "cycle-b", version: "1.0.0", main: "index.js", dependencies: { "cycle-a": "^1.0.0" } },
    files: { "index.js": 'exports.name = "b";\nexports.other = () => require("cycle-a").name;\n' },
  },
  {
    manifest: { name: "styled-thing", version: "1.0.0", main: "index.js" },
    files: {
      "index.js": "export const styled = true;\n",
      "style.css": '@import "./base.css";\n.thing { color: rebeccapurple; }\n',
      "base.css": "body { margin: 0; }\n",
    },
  },
  {
    manifest: { name: "styled-widget", version: "1.0.0", type: "module", main: "index.js" },
    files: {
      "index.js": 'import "./widget.css";\nexport const widget = "styled";\n',
      "widget.css": ".widget { color: seagreen; }\n",
    },
  },
];

// On its own (the end-to-end tests' webServer): `tsx npm-registry.ts --port <port>`.
const isMain =
  process.argv[1] !== undefined && resolvePath(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const portFlag = process.argv.indexOf("--port");
  const registry = await startNpmRegistry({
    port: portFlag === -1 ? 4873 : Number(process.argv[portFlag + 1]),
  });
  console.log(`npm registry stand-in listening on ${registry.url}`);
  const stop = () => void registry.stop().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
