import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// graphql ships both module formats; mercurius loads the CommonJS one, so everything must.
const graphqlEntry = createRequire(import.meta.url).resolve("graphql");

const postgres = process.env.TEST_DATABASE_URL;

/** Integration tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
  test: {
    globalSetup: ["./test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Each file has its own database, and a test waits on it as much as it computes: two workers
    // even on two cores (Vitest's default would be one).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "pglite",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          env: { BOXYARD_TEST_DB: "pglite" },
        },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                include: ["src/**/*.test.ts", "test/**/*.test.ts"],
                env: { BOXYARD_TEST_DB: "postgres", TEST_DATABASE_URL: postgres },
              },
            },
          ]
        : []),
    ],
  },
});
