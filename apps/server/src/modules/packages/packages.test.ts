import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { init as initEsmLexer, parse as parseEsm } from "es-module-lexer";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { signUp, type TestUser } from "../../../test/factories.ts";
import {
  type NpmRegistryStandIn,
  startNpmRegistry,
  TROUBLESOME_PACKAGES,
} from "../../../test/standins/npm-registry.ts";
import type { Deps } from "../../deps.ts";
import { DiskStorage } from "../../integrations/storage/disk.adapter.ts";
import { STARTER_FILES } from "../templates/starters/index.ts";
import { PackageCache } from "./package-cache.ts";
import { packageRoutes } from "./packages.routes.ts";
import { PACKUMENT_FRESH_MS } from "./packuments.service.ts";
import { preparePackage } from "./prepare.service.ts";
import type { Resolution } from "./resolve.service.ts";
import { preparedKey, tarballKey } from "./storage-keys.ts";
import { starterPackages } from "./template-packages.ts";

let registry: NpmRegistryStandIn;
let app: TestApp;
let preview: FastifyInstance;
let user: TestUser;
const closers: (() => unknown)[] = [];

/** The preview origin's package routes, as the preview app registers them, on `deps`. */
async function previewOn(deps: Deps) {
  const instance = Fastify();
  await instance.register(packageRoutes, { deps });
  await instance.ready();
  closers.push(() => instance.close());
  return instance;
}

async function resolve(dependencies: unknown, on = preview) {
  const response = await on.inject({ method: "POST", url: "/_npm/resolve", payload: dependencies as object });
  return { status: response.statusCode, body: response.json() as Resolution };
}

/**
 * Imports served modules in Node as the preview page would in a browser: bare names through the
 * answer's import map, `/_npm/...` paths through the routes. Modules loaded through one loader
 * are one instance each (one React for the app and react-dom).
 */
function moduleLoader(importMap: Resolution["importMap"], on = preview) {
  const dir = mkdtempSync(join(tmpdir(), "boxyard-npm-modules-"));
  closers.push(() => rmSync(dir, { recursive: true, force: true }));
  const files = new Map<string, string>();
  const locate = (specifier: string, from: string) => {
    if (specifier.startsWith("/")) return specifier;
    if (specifier.startsWith(".")) return new URL(specifier, `http://preview${from}`).pathname;
    const { imports } = importMap;
    if (imports[specifier]) return imports[specifier]!;
    const prefix = Object.keys(imports)
      .filter((key) => key.endsWith("/") && specifier.startsWith(key))
      .sort((a, b) => b.length - a.length)[0];
    if (!prefix) throw new Error(`'${specifier}' is not in the import map`);
    return imports[prefix]! + specifier.slice(prefix.length);
  };
  const materialize = async (path: string): Promise<string> => {
    const known = files.get(path);
    if (known) return known;
    const file = join(dir, `${files.size}.mjs`);
    files.set(path, file);
    const response = await on.inject({ url: path });
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    expect(response.headers["content-type"]).toMatch(/^text\/javascript/);
    let code = response.body;
    await initEsmLexer;
    const [imports] = parseEsm(code);
    for (const found of [...imports].reverse()) {
      if (found.n === undefined) continue;
      const url = pathToFileURL(await materialize(locate(found.n, path))).href;
      code = code.slice(0, found.s) + (found.d > -1 ? JSON.stringify(url) : url) + code.slice(found.e);
    }
    writeFileSync(file, code);
    return file;
  };
  return {
    import: async (specifier: string) =>
      import(pathToFileURL(await materialize(locate(specifier, "/"))).href),
  };
}

beforeAll(async () => {
  registry = await startNpmRegistry();
  for (const pkg of TROUBLESOME_PACKAGES) registry.add(pkg);
  app = await testApp({ BOXYARD_NPM_REGISTRY: registry.url, BOXYARD_NPM_OFFLINE: "false" });
  preview = await previewOn(app.deps);
  user = await signUp(app);
}, 120_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await registry.stop();
});

describe("issue 16 / resolving a sandbox's dependencies (POST /_npm/resolve)", () => {
  it("issue 16 / a React app resolves to one version of react, react-dom and scheduler, with its import map", async () => {
    const { status, body } = await resolve({ dependencies: { react: "^19.0.0", "react-dom": "^19.0.0" } });
    expect(status).toBe(200);
    expect(body.errors).toEqual([]);
    expect(body.versions).toEqual({ react: "19.3.1", "react-dom": "19.3.1", scheduler: "0.28.0" });
    expect(body.importMap.imports).toMatchObject({
      react: "/_npm/react@19.3.1",
      "react/": "/_npm/react@19.3.1/",
      "react-dom": "/_npm/react-dom@19.3.1",
      "react-dom/": "/_npm/react-dom@19.3.1/",
      scheduler: "/_npm/scheduler@0.28.0",
    });
  }, 120_000);

  it("issue 16 / a Vue app resolves vue's @vue/* packages, one version each", async () => {
    const { body } = await resolve({ dependencies: { vue: "^3.5.0" } });
    expect(body.errors).toEqual([]);
    expect(body.versions).toMatchObject({
      vue: "3.5.45",
      "@vue/runtime-dom": "3.5.45",
      "@vue/runtime-core": "3.5.45",
      "@vue/reactivity": "3.5.45",
      "@vue/shared": "3.5.45",
    });
    const vue = await moduleLoader(body.importMap).import("vue");
    const count = vue.ref(1);
    const doubled = vue.computed(() => count.value * 2);
    count.value = 4;
    expect(doubled.value).toBe(8);
  }, 180_000);

  it("issue 16 / a Svelte app resolves svelte and what its runtime imports (esm-env, clsx)", async () => {
    const { body } = await resolve({ dependencies: { svelte: "^5.0.0" } });
    expect(body.errors).toEqual([]);
    expect(body.versions).toMatchObject({ svelte: "5.57.3", "esm-env": "1.2.2", clsx: "2.1.1" });
    const loader = moduleLoader(body.importMap);
    const svelte = await loader.import("svelte");
    expect(typeof svelte.mount).toBe("function");
    expect(typeof svelte.onMount).toBe("function");
    const client = await loader.import("svelte/internal/client");
    expect(typeof client.template_effect).toBe("function");
  }, 180_000);

  it("issue 16 / a Preact app resolves preact, and its subpaths (preact/hooks) are served", async () => {
    const { body } = await resolve({ dependencies: { preact: "*" } });
    expect(body).toMatchObject({ versions: { preact: "11.2.0" }, errors: [] });
    const loader = moduleLoader(body.importMap);
    const { h } = await loader.import("preact");
    const { useState } = await loader.import("preact/hooks");
    expect(h("p", null, "hi").type).toBe("p");
    expect(typeof useState).toBe("function");
  }, 120_000);

  it("issue 16 / a dependency cycle resolves both packages once, and their modules import each other", async () => {
    const { body } = await resolve({ dependencies: { "cycle-a": "^1.0.0" } });
    expect(body).toMatchObject({ versions: { "cycle-a": "1.0.0", "cycle-b": "1.0.0" }, errors: [] });
    const a = await moduleLoader(body.importMap).import("cycle-a");
    expect(a.name).toBe("a");
    expect(a.other()).toBe("b");
  }, 60_000);

  it("issue 16 / a body that is not {dependencies: {name: range}} is a 400 with a clear message", async () => {
    for (const payload of [[], { deps: {} }, { dependencies: { react: 19 } }, { dependencies: "react" }]) {
      const response = await preview.inject({ method: "POST", url: "/_npm/resolve", payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: { detail: ['The body must be {"dependencies": {"<package name>": "<version range>"}}.'] },
      });
    }
  });
});

describe("issue 16 / packages that cannot be used: a clear error naming each, the rest resolves, nothing cached", () => {
  const cases: [string, string, RegExp][] = [
    ["no-such-package", "^1.0.0", /^Package 'no-such-package' was not found in the registry\.$/],
    ["react", "^99.0.0", /^Package 'react' has no version matching '\^99\.0\.0'\.$/],
    [
      "native-gyp",
      "^1.0.0",
      /^Package 'native-gyp' is a native addon \(it builds native code with node-gyp\)/,
    ],
    [
      "native-binding",
      "^1.0.0",
      /^Package 'native-binding' is a native addon \(it builds native code from binding\.gyp\)/,
    ],
    [
      "uses-fs",
      "^1.0.0",
      /^Package 'uses-fs' uses the Node\.js built-in module 'fs', which has no browser version/,
    ],
    ["not-gzip", "^1.0.0", /^The package file of 'not-gzip@1\.0\.0' is not a gzip file; it was refused\.$/],
    [
      "leaves-package",
      "^1.0.0",
      /^The package file of 'leaves-package@1\.0\.0' has a file outside the package \('package\/\.\.\/\.\.\/outside\.js'\); it was refused\.$/,
    ],
    ["Not A Name", "^1.0.0", /^'Not A Name' is not a valid package name/],
    ["local-thing", "file:../local-thing", /^Package 'local-thing' is asked for as 'file:\.\.\/local-thing'/],
  ];

  for (const [name, range, message] of cases) {
    it(`issue 16 / ${name}@${range}`, async () => {
      const { status, body } = await resolve({ dependencies: { [name]: range, ms: "^2.1.0" } });
      expect(status).toBe(200);
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0]!.name).toBe(name);
      expect(body.errors[0]!.message).toMatch(message);
      expect(body.versions).toEqual({ ms: "2.1.3" });
      expect(body.importMap.imports[name]).toBeUndefined();
      expect(await app.deps.storage.get(preparedKey(name, "1.0.0"))).toBeNull();
      // A sound tarball whose code needs Node is kept; a refused one is not.
      if (name !== "uses-fs") expect(await app.deps.storage.get(tarballKey(name, "1.0.0"))).toBeNull();
      // Its module route answers the same message, as text for the preview's overlay.
      if (TROUBLESOME_PACKAGES.some((pkg) => pkg.manifest.name === name)) {
        const response = await preview.inject({ url: `/_npm/${name}@1.0.0` });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.headers["content-type"]).toMatch(/^text\/plain/);
        expect(response.body).toMatch(message);
      }
    }, 60_000);
  }

  it("issue 16 / a module route for a version that is not exact, or a package that does not exist, is a 404 in plain text", async () => {
    const inexact = await preview.inject({ url: "/_npm/react@^19.0.0" });
    expect(inexact.statusCode).toBe(404);
    expect(inexact.body).toBe("Give an exact version, such as 1.2.3.");
    const unknown = await preview.inject({ url: "/_npm/no-such-package@1.0.0" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe("Package 'no-such-package' was not found in the registry.");
    const leaving = await preview.inject({ url: "/_npm/react@19.3.1/../../etc/passwd" });
    expect(leaving.statusCode).toBe(404);
    const missing = await preview.inject({ url: "/_npm/react@19.3.1/no-such-module" });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe("No module 'react/no-such-module' in 'react'.");
  });
});

describe("issue 16 / prepared modules (GET /_npm/<name>@<version>/<subpath>)", () => {
  it("issue 16 / react and react-dom/server run as ES modules: named exports, one React, NODE_ENV development", async () => {
    const { body } = await resolve({ dependencies: { react: "^19.0.0", "react-dom": "^19.0.0" } });
    const response = await preview.inject({ url: "/_npm/react@19.3.1" });
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.body).not.toMatch(/process\.env\.NODE_ENV/);
    const loader = moduleLoader(body.importMap);
    const React = await loader.import("react");
    const { renderToString } = await loader.import("react-dom/server");
    expect(typeof React.useState).toBe("function");
    expect(React.default.useState).toBe(React.useState);
    function Counter() {
      const [count] = React.useState(3);
      return React.createElement("button", null, `Clicked ${count} times`);
    }
    expect(renderToString(React.createElement(Counter))).toBe("<button>Clicked 3 times</button>");
    const { jsx } = await loader.import("react/jsx-runtime");
    expect(renderToString(jsx("p", { children: "hi" }))).toBe("<p>hi</p>");
  }, 120_000);

  it("issue 16 / no module calls require() at run time: another package's require is an import", async () => {
    const client = await preview.inject({ url: "/_npm/react-dom@19.3.1/client" });
    expect(client.statusCode).toBe(200);
    const served = [client.body];
    for (const match of client.body.matchAll(/from "(\/_npm\/react-dom@19\.3\.1\/-\/[^"]+)"/g)) {
      served.push((await preview.inject({ url: match[1]! })).body);
    }
    const all = served.join("\n");
    expect(all).toMatch(/import \* as __boxyard_ns\d+ from "react"/);
    expect(all).toMatch(/import \* as __boxyard_ns\d+ from "scheduler"/);
    expect(all).not.toMatch(/Dynamic require of/);
  });

  it("issue 16 / a CommonJS-only package (ms) gets its module.exports as default", async () => {
    const { body } = await resolve({ dependencies: { ms: "^2.1.0" } });
    const ms = await moduleLoader(body.importMap).import("ms");
    expect(ms.default("2 days")).toBe(172_800_000);
  });

  it("issue 16 / a stylesheet subpath is a module that adds it to the page; ?raw is the file as it is", async () => {
    await resolve({ dependencies: { "styled-thing": "1.0.0" } });
    const css = await preview.inject({ url: "/_npm/styled-thing@1.0.0/style.css" });
    expect(css.statusCode).toBe(200);
    expect(css.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(css.body).toContain('document.createElement("style")');
    expect(css.body).toContain("rebeccapurple");
    expect(css.body).toContain("margin: 0");
    const raw = await preview.inject({ url: "/_npm/styled-thing@1.0.0/style.css?raw" });
    expect(raw.headers["content-type"]).toMatch(/^text\/css/);
    expect(raw.body).toBe('@import "./base.css";\n.thing { color: rebeccapurple; }\n');
    const missing = await preview.inject({ url: "/_npm/styled-thing@1.0.0/missing.css?raw" });
    expect(missing.statusCode).toBe(404);
  });

  it("issue 16 / a stylesheet the package's own code imports is added to the page with it", async () => {
    const { body } = await resolve({ dependencies: { "styled-widget": "1.0.0" } });
    expect(body.errors).toEqual([]);
    const entry = await preview.inject({ url: "/_npm/styled-widget@1.0.0" });
    const stylesheet = /^import "(\/_npm\/styled-widget@1\.0\.0\/[^"]+\.css)";/.exec(entry.body)?.[1];
    expect(stylesheet).toBeDefined();
    const css = await preview.inject({ url: stylesheet! });
    expect(css.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(css.body).toContain("seagreen");
  });

  it("issue 16 / requests arriving together prepare a package version once", async () => {
    const storage = new DiskStorage(mkdtempSync(join(tmpdir(), "boxyard-npm-single-")));
    const packages = new PackageCache({ registry: registry.url, offline: false });
    const tarball = vi.spyOn(packages.registry, "tarball");
    const deps = { ...app.deps, storage, packages };
    const ctx = { actor: null, deps, db: deps.db };
    const prepared = await Promise.all(
      Array.from({ length: 6 }, () => preparePackage(ctx, "react", "19.3.1")),
    );
    expect(new Set(prepared.map((p) => JSON.stringify(p))).size).toBe(1);
    expect(tarball).toHaveBeenCalledTimes(1);
    const separate = await previewOn(deps);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => separate.inject({ url: "/_npm/react@19.3.1/jsx-runtime" })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(tarball).toHaveBeenCalledTimes(1);
  }, 60_000);
});

describe("issue 16 / package search on Boxyard's API (signed in)", () => {
  it("issue 16 / GET /api/v1/packages/search answers the registry's search; signed out is refused", async () => {
    const signedOut = await app.inject({ url: "/api/v1/packages/search?q=react" });
    expect(signedOut.statusCode).toBe(401);
    const found = await app.inject({ url: "/api/v1/packages/search?q=react&size=5", headers: user.headers });
    expect(found.statusCode).toBe(200);
    const { results } = found.json() as { results: { name: string; version: string; description: string }[] };
    expect(results.map((r) => r.name)).toEqual(["react", "react-dom", "preact"]);
    expect(results[0]).toMatchObject({ version: "19.3.1" });
    const empty = await app.inject({ url: "/api/v1/packages/search?q=&size=5", headers: user.headers });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ errors: { q: ["Enter something to search for."] } });
  });

  it("issue 16 / GET /api/v1/packages/<name> answers its versions and tags; an unknown one is a 404", async () => {
    const info = await app.inject({ url: "/api/v1/packages/@vue/shared", headers: user.headers });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      name: "@vue/shared",
      versions: ["3.5.45"],
      distTags: { latest: "3.5.45" },
    });
    const unknown = await app.inject({ url: "/api/v1/packages/no-such-package", headers: user.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      errors: { detail: ["Package 'no-such-package' was not found in the registry."] },
    });
    const signedOut = await app.inject({ url: "/api/v1/packages/react" });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe("issue 16 / npm run packages -- prepare", () => {
  it("issue 16 / the official browser templates' packages are the ones their own code imports", () => {
    expect(starterPackages(STARTER_FILES.react!)).toEqual({ react: "^18.3.1", "react-dom": "^18.3.1" });
    expect(starterPackages(STARTER_FILES.vue!)).toEqual({ vue: "^3.5.12" });
    expect(starterPackages(STARTER_FILES.svelte!)).toEqual({ svelte: "^5.1.9" });
    expect(starterPackages(STARTER_FILES.preact!)).toEqual({ preact: "^10.24.3" });
    expect(starterPackages(STARTER_FILES.static!)).toEqual({});
  });

  it("issue 16 / every official browser template's packages resolve, and React 18's render", async () => {
    for (const id of ["react", "react-ts", "vue", "svelte", "preact"]) {
      const { body } = await resolve({ dependencies: starterPackages(STARTER_FILES[id]!) });
      expect(body.errors, id).toEqual([]);
    }
    const { body } = await resolve({ dependencies: starterPackages(STARTER_FILES.react!) });
    // react 18 depends on loose-envify, a build tool none of its modules imports: left out.
    expect(body.versions).toEqual({ react: "18.3.1", "react-dom": "18.3.1", scheduler: "0.23.2" });
    const loader = moduleLoader(body.importMap);
    const React = await loader.import("react");
    const { renderToString } = await loader.import("react-dom/server");
    expect(renderToString(React.createElement("h1", null, "Hello React"))).toBe("<h1>Hello React</h1>");
    const preact = await resolve({ dependencies: starterPackages(STARTER_FILES.preact!) });
    expect(preact.body.versions).toEqual({ preact: "10.29.6" });
  }, 180_000);

  it("issue 16 / without a reachable registry it says so in one line and stops", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "boxyard-npm-prepare-"));
    closers.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { stdout } = await promisify(execFile)(
      "npx",
      ["tsx", fileURLToPath(new URL("../../../scripts/packages.ts", import.meta.url)), "prepare"],
      { env: { ...process.env, BOXYARD_DATA_DIR: dataDir, BOXYARD_NPM_REGISTRY: "http://127.0.0.1:9/" } },
    );
    expect(stdout).toBe(
      "Skipped preparing the templates' packages: http://127.0.0.1:9/ cannot be reached.\n",
    );
  }, 60_000);
});

// Last: it stops the registry.
describe("issue 16 / without the registry, cached packages still serve", () => {
  it("issue 16 / BOXYARD_NPM_OFFLINE answers from the cache only, and names what is not cached", async () => {
    const offline = await previewOn({
      ...app.deps,
      packages: new PackageCache({ registry: registry.url, offline: true }),
    });
    const before = registry.requests.length;
    const { body } = await resolve(
      { dependencies: { react: "^19.0.0", "react-dom": "^19.0.0", preact: "*" } },
      offline,
    );
    expect(body).toMatchObject({
      versions: { react: "19.3.1", "react-dom": "19.3.1", scheduler: "0.28.0" },
      errors: [],
    });
    const missing = await resolve({ dependencies: { "left-pad": "^1.0.0" } }, offline);
    expect(missing.body.errors).toEqual([
      {
        name: "left-pad",
        message:
          "Package 'left-pad' is not in the package cache, and this server does not ask the registry (BOXYARD_NPM_OFFLINE).",
      },
    ]);
    expect((await offline.inject({ url: "/_npm/react-dom@19.3.1/client" })).statusCode).toBe(200);
    expect(registry.requests.length).toBe(before);
  });

  it("issue 16 / with the registry stopped, stale packuments and prepared modules still answer", async () => {
    await registry.stop();
    const stopped = await previewOn({
      ...app.deps,
      packages: new PackageCache({ registry: registry.url, offline: false }),
    });
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 2 * PACKUMENT_FRESH_MS);
    try {
      const { body } = await resolve({ dependencies: { react: "^19.0.0", "react-dom": "^19.0.0" } }, stopped);
      expect(body).toMatchObject({ versions: { react: "19.3.1", "react-dom": "19.3.1" }, errors: [] });
      const module = await stopped.inject({ url: "/_npm/react@19.3.1/jsx-runtime" });
      expect(module.statusCode).toBe(200);
      const unknown = await resolve({ dependencies: { "left-pad": "^1.0.0" } }, stopped);
      expect(unknown.body.errors).toEqual([
        {
          name: "left-pad",
          message: "The package registry could not be reached for 'left-pad'; try again later.",
        },
      ]);
    } finally {
      vi.restoreAllMocks();
    }
  }, 60_000);
});
