import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { precompress } from "./precompress.ts";

const api = "http://127.0.0.1:3000";

/**
 * No source maps unless the build asks: BOXYARD_SOURCEMAPS=true emits them (and the server serves
 * them when it has the same setting), `hidden` emits them unreferenced, for an error tracker.
 */
const sourcemap =
  process.env.BOXYARD_SOURCEMAPS === "true"
    ? true
    : process.env.BOXYARD_SOURCEMAPS === "hidden"
      ? "hidden"
      : false;

/**
 * A piece made of a package's `dist/index.js` would be named `dist`: it is named after its package
 * instead (`codemirror-lang-javascript`), so the build's list says what each piece holds.
 */
function chunkName(chunk: { name: string; facadeModuleId: string | null; moduleIds: readonly string[] }) {
  if (chunk.name !== "dist") return "[name]";
  const id = chunk.facadeModuleId ?? chunk.moduleIds.at(-1) ?? "";
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  return match ? match[1]!.replace(/^@/, "").replace("/", "-") : "[name]";
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      "/api/socket": { target: api, ws: true, changeOrigin: true },
      "/api": { target: api, changeOrigin: true },
      "/auth": { target: api, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      "/api/socket": { target: api, ws: true, changeOrigin: true },
      "/api": { target: api, changeOrigin: true },
      "/auth": { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: "dist",
    sourcemap,
    // Page pieces are fetched by name and content hash from static/js and static/css (spec 1 §7);
    // fonts and images go to static/media.
    rolldownOptions: {
      output: {
        // The small modules nearly every page uses (queries, the domain's rules and texts, plain UI
        // parts) are one piece rather than dozens: HTTP/1.1 fetches six files at a time, and the
        // first screen's requests wait behind the rest.
        codeSplitting: {
          groups: [
            {
              name: "common",
              // Not the dialog frame: it brings Radix Dialog, which a page loads with its first dialog.
              test: (id) =>
                /\/(apps\/web\/src\/(api|ui)|packages\/domain\/src)\//.test(id) &&
                !id.endsWith("/ui/Modal.tsx"),
              minShareCount: 3,
            },
          ],
        },
        entryFileNames: "static/js/[name].[hash].js",
        chunkFileNames: (chunk) => `static/js/${chunkName(chunk)}.[hash].js`,
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith(".css"))
            ? "static/css/[name].[hash][extname]"
            : "static/media/[name].[hash][extname]",
      },
    },
  },
  test: {
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    css: { modules: { classNameStrategy: "non-scoped" } },
    restoreMocks: true,
    testTimeout: 15_000,
    // Vitest's default (one fewer than the cores) is a single worker on a two-core machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
