import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const api = "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react()],
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
    sourcemap: true,
    // Page pieces are fetched by name and content hash from static/js and static/css (spec 1 §7);
    // fonts and images go to static/media.
    rolldownOptions: {
      output: {
        entryFileNames: "static/js/[name].[hash].js",
        chunkFileNames: "static/js/[name].[hash].js",
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
