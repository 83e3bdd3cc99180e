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
  },
  test: {
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    css: { modules: { classNameStrategy: "non-scoped" } },
    restoreMocks: true,
    testTimeout: 15_000,
  },
});
