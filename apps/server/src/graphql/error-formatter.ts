import type { FastifyBaseLogger } from "fastify";
import { type ExecutionResult, GraphQLError, type GraphQLFormattedError } from "graphql";
import { AppError } from "../http/errors.ts";

type Formatted = {
  statusCode: number;
  response: { data: Record<string, unknown> | null; errors: GraphQLFormattedError[] };
};

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" ? status : undefined;
};

/** A failure of ours (a bug, a database down), not of the request: logged, its text kept private. */
const isOurFailure = (error: Error) => {
  const original = error instanceof GraphQLError ? error.originalError : error;
  return (
    original !== undefined &&
    !(original instanceof GraphQLError) &&
    !(original instanceof AppError) &&
    statusOf(original) === undefined
  );
};

/** graphql-js's words for its token limit, in ours. */
const readable = (message: string) => {
  const tokens = /^Syntax Error: Document contains more that (\d+) tokens/.exec(message)?.[1];
  return tokens
    ? `The query has more than the limit of ${Number(tokens).toLocaleString("en-US")} tokens.`
    : message;
};

/**
 * mercurius's errorFormatter. Its errors arrive as GraphQL errors, or wrapping several (`errors`:
 * validation failures, a refused batch), or as plain errors (Fastify's body validation, mercurius's
 * own): each becomes `{message, path?, locations?, extensions?}`, never a crash. Status: a request
 * refused before execution answers its 4xx (400 for a malformed request or a limit, 405 for a
 * mutation sent by GET), also when the error names no status (an unknown operation name);
 * execution errors answer 200 with `errors`, as GraphQL clients expect; a code host that did not
 * answer in time 504, which the client ignores during a background sync (spec 1 §8).
 */
export function graphQLErrorFormatter(log: FastifyBaseLogger) {
  return (execution: ExecutionResult & { statusCode?: number }, _context: unknown): Formatted => {
    // Errors a refusal wraps (a 405's "Operation cannot be performed via a GET request") are the request's.
    const refusedReasons = new Set<unknown>();
    const flat: Error[] = (execution.errors ?? []).flatMap((error) => {
      const nested = (error.originalError as { errors?: unknown } | undefined)?.errors;
      if (!Array.isArray(nested) || nested.length === 0) return [error];
      if ((statusOf(error.originalError) ?? 500) < 500)
        for (const reason of nested) refusedReasons.add(reason);
      return nested as Error[];
    });
    const isInternal = (error: Error) => !refusedReasons.has(error) && isOurFailure(error);
    const errors = flat.map((error): GraphQLFormattedError => {
      if (!(error instanceof GraphQLError)) {
        if (isInternal(error)) {
          log.error({ err: error }, "graphql request failed");
          return { message: "Something went wrong." };
        }
        return { message: readable(error.message) };
      }
      const original = error.originalError;
      if (original instanceof AppError) {
        return new GraphQLError(original.message, {
          path: error.path,
          extensions: {
            ...original.details,
            code: original.code,
            ...(original.field ? { field: original.field } : {}),
          },
        }).toJSON();
      }
      if (isInternal(error)) {
        log.error({ err: original }, "graphql resolver failed");
        return new GraphQLError("Something went wrong.", { path: error.path }).toJSON();
      }
      return { ...error.toJSON(), message: readable(error.message) };
    });
    const originals = [
      ...(execution.errors ?? []).map((error) => error.originalError),
      ...flat,
      ...flat.map((error) => (error as GraphQLError).originalError),
    ];
    const timedOut = originals.some(
      (error) => error instanceof AppError && error.code === "CODE_HOST_TIMEOUT",
    );
    const noData = execution.data == null;
    const refused = originals
      .map(statusOf)
      .find((status) => noData && status !== undefined && status >= 400 && status < 500);
    const requestError = noData && flat.every((error) => !(error as GraphQLError).path && !isInternal(error));
    const statusCode = timedOut
      ? 504
      : (refused ??
        (requestError
          ? 400
          : noData && flat.some(isInternal) && !flat.some((e) => (e as GraphQLError).path)
            ? 500
            : 200));
    return { statusCode, response: { data: execution.data ?? null, errors } };
  };
}
