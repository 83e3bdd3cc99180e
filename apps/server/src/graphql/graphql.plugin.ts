import type { FastifyInstance } from "fastify";
import { GraphQLError } from "graphql";
import mercurius from "mercurius";
import type { Deps } from "../deps.ts";
import { AppError } from "../http/errors.ts";
import { buildContext } from "./context.ts";
import { schema } from "./schema.ts";

/** POST /api/graphql: one operation or a JSON array of them; graphql-jit compiles hot queries. */
export async function registerGraphQL(app: FastifyInstance, deps: Deps) {
  await app.register(mercurius, {
    schema,
    path: "/api/graphql",
    graphiql: false,
    jit: 1,
    allowBatchedQueries: true,
    queryDepth: 12,
    context: (request) => buildContext(deps, request.viewer, request.log),
    errorFormatter: (execution, context) => {
      const formatted = mercurius.defaultErrorFormatter(execution, context);
      // mercurius wraps validation failures in one error whose `errors` holds the real ones.
      const flat = (execution.errors ?? []).flatMap((error) => {
        const nested = (error.originalError as { errors?: GraphQLError[] } | undefined)?.errors;
        return Array.isArray(nested) && nested.length > 0 ? nested : [error];
      });
      const errors = flat.map((error) => {
        const original = (error as GraphQLError).originalError;
        if (original instanceof AppError) {
          return new GraphQLError(original.message, {
            path: error.path,
            extensions: { code: original.code, ...(original.field ? { field: original.field } : {}) },
          }).toJSON();
        }
        if (
          original &&
          !(original instanceof GraphQLError) &&
          !(original as { statusCode?: number }).statusCode
        ) {
          app.log.error({ err: original }, "graphql resolver failed");
          return new GraphQLError("Something went wrong.", { path: error.path }).toJSON();
        }
        return error.toJSON();
      });
      // Execution errors answer 200 with `errors`, as GraphQL clients expect; malformed requests keep 400.
      // A code host that did not answer in time is the exception: 504, which the client ignores
      // during a background sync (spec 1 §8).
      const timedOut = flat.some(
        (error) => (error.originalError as AppError | undefined)?.code === "CODE_HOST_TIMEOUT",
      );
      const statusCode = timedOut
        ? 504
        : formatted.statusCode >= 500 && execution.data !== undefined
          ? 200
          : formatted.statusCode;
      return { statusCode, response: { data: execution.data ?? null, errors } };
    },
  });
}
