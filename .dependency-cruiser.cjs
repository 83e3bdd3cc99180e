/**
 * The rules of the structure (docs/ARCHITECTURE.md): `npm run lint` checks them with
 * dependency-cruiser. Who writes which table is checked by apps/server/test/architecture.test.ts.
 */
const DOORS =
  "^apps/server/src/(modules/[^/]+/[^/]+\\.(routes|graphql)\\.ts|graphql/[^/]+\\.ts|live/socket\\.routes\\.ts)$";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Files must not import each other in a circle.",
      from: {},
      to: { circular: true },
    },
    {
      name: "doors-do-not-query",
      severity: "error",
      comment:
        "Doors (REST routes, GraphQL fields, the socket) parse, call a service and shape the answer: the database is the services'.",
      from: { path: DOORS, pathNot: "\\.test\\.ts$" },
      to: { path: ["^apps/server/src/db/", "^node_modules/drizzle-orm"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "services-do-not-import-doors",
      severity: "error",
      comment: "Services are called by doors, never the other way round.",
      from: { path: "^apps/server/src/.*\\.service\\.ts$" },
      to: { path: DOORS },
    },
    {
      name: "policies-are-pure",
      severity: "error",
      comment: "Policies decide on facts their service loaded: they do not query.",
      from: { path: "^apps/server/src/.*\\.policy\\.ts$" },
      to: {
        path: ["^apps/server/src/db/", "^node_modules/drizzle-orm", "\\.service\\.ts$"],
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "domain-has-no-io",
      severity: "error",
      comment: "packages/domain is shared with the browser: no Node.js modules, no server code.",
      from: { path: "^packages/domain/src" },
      to: { path: ["^apps/", "^node_modules/@types/node"], dependencyTypes: ["core", "local", "npm"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["/dist/", "\\.d\\.ts$"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
