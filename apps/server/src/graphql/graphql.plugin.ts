import type { FastifyInstance } from "fastify";
import mercurius from "mercurius";
import type { Deps } from "../deps.ts";
import { buildContext } from "./context.ts";
import { graphQLErrorFormatter } from "./error-formatter.ts";
import { checkCost, checkOperationSource, checkVariables, LIMITS, limitRules } from "./limits.ts";
import { graphQLRequestCheck } from "./request-shape.ts";
import { schema } from "./schema.ts";

/**
 * POST /api/graphql: one operation or a JSON array of them; graphql-jit compiles hot queries.
 * Every request is checked against the limits (limits.ts) before any resolver runs: its shape and
 * batch length (request-shape.ts), the parser's tokens, depth, aliases and texts (validation,
 * cached with the document), its variables and cost (preExecution, as the cost depends on them).
 */
export async function registerGraphQL(app: FastifyInstance, deps: Deps) {
  await app.register(mercurius, {
    schema,
    path: "/api/graphql",
    graphiql: false,
    jit: 1,
    allowBatchedQueries: true,
    graphql: { parseOptions: { maxTokens: LIMITS.tokens } },
    validationRules: limitRules,
    additionalRouteOptions: { preValidation: graphQLRequestCheck(() => app.graphql.schema) },
    context: (request) => buildContext(deps, request.viewer, request.log),
    errorFormatter: graphQLErrorFormatter(app.log),
  });
  app.graphql.addHook("preParsing", async (_schema, source) => checkOperationSource(source));
  app.graphql.addHook("preExecution", async (executionSchema, document, _context, variables) => {
    checkVariables(variables);
    checkCost(executionSchema, document, variables);
  });
}
