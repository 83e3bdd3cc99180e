/**
 * Declares which operations a test file's authorization tests cover: GraphQL fields as
 * `Type.field` (e.g. "Mutation.renameSandbox", "User.collections") and REST routes as
 * `METHOD /path` exactly as registered (e.g. "GET /api/v1/teams/:teamId/search").
 * test/authorization-coverage.test.ts reads these calls from the sources (string literals only)
 * and fails when an operation of the server has none. Returns its arguments, for titles.
 */
export function authorizationCovers(...operations: string[]): string[] {
  return operations;
}
