import type { FastifyRequest } from "fastify";
import { type GraphQLSchema, Kind, parse } from "graphql";
import { BadRequest } from "../http/request-errors.ts";
import { LIMITS, operationLimitErrors } from "./limits.ts";

type Operation = { query: string; variables?: Record<string, unknown> | null; operationName?: string | null };

const SHAPE = "The body must be a JSON object {query, variables, operationName}, or an array of them.";

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** `{query, variables, operationName}` with the right types, or a 400 saying what is wrong. */
function checkOperation(value: unknown, where: string): Operation {
  if (!isObject(value)) throw new BadRequest(SHAPE);
  if (typeof value.query !== "string") throw new BadRequest(`${where}"query" must be a string.`);
  if (value.variables != null && !isObject(value.variables))
    throw new BadRequest(`${where}"variables" must be a JSON object.`);
  if (value.operationName != null && typeof value.operationName !== "string")
    throw new BadRequest(`${where}"operationName" must be a string.`);
  return value as Operation;
}

/** GET's parameters: each once, `variables` a JSON object. */
function checkQueryString(query: Record<string, unknown>) {
  for (const [key, value] of Object.entries(query))
    if (Array.isArray(value)) throw new BadRequest(`The parameter "${key}" is given more than once.`);
  if (typeof query.query !== "string") throw new BadRequest('The parameter "query" is missing.');
  selectedOperation(query.query, typeof query.operationName === "string" ? query.operationName : null);
  if (typeof query.variables === "string") {
    let variables: unknown;
    try {
      variables = JSON.parse(query.variables);
    } catch {
      throw new BadRequest('The parameter "variables" is not JSON.');
    }
    if (variables !== null && !isObject(variables))
      throw new BadRequest('The parameter "variables" must be a JSON object.');
  }
}

/**
 * A GET must select one operation (mercurius looks it up to refuse mutations by GET, and crashed
 * when none was selected): the named one, or the only one. A query that does not parse is left to
 * mercurius, which answers its syntax error.
 */
function selectedOperation(source: string, name: string | null) {
  let names: (string | undefined)[];
  try {
    names = parse(source, { maxTokens: LIMITS.tokens })
      .definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION)
      .map((d) => d.name?.value);
  } catch {
    return;
  }
  if (name !== null && !names.includes(name)) throw new BadRequest(`Unknown operation named "${name}".`);
  if (name === null && names.length > 1)
    throw new BadRequest("Must provide operation name if query contains multiple operations.");
}

/**
 * The GraphQL route's preValidation: a request of the wrong shape (a body `123`, an array of
 * numbers, a repeated parameter) is a 400 naming what is wrong, not a crash further on. A batch
 * holds 1 to LIMITS.batch operations, each within every limit, checked before any of them runs.
 */
export function graphQLRequestCheck(schema: () => GraphQLSchema) {
  return async (request: FastifyRequest) => {
    if (request.method === "GET") return checkQueryString(request.query as Record<string, unknown>);
    const body = request.body;
    if (!Array.isArray(body)) {
      checkOperation(body, "");
      return;
    }
    if (body.length === 0) throw new BadRequest("A batch holds at least one operation.");
    if (body.length > LIMITS.batch)
      throw new BadRequest(
        `A batch holds at most ${LIMITS.batch} operations (the batch limit); this one has ${body.length}.`,
      );
    const operations = body.map((entry, index) =>
      checkOperation(entry, `Operation ${index + 1} of the batch: `),
    );
    const errors = operations.flatMap((operation) => operationLimitErrors(schema(), operation));
    if (errors.length > 0) throw new BadRequest(errors[0]!.message, errors);
  };
}
