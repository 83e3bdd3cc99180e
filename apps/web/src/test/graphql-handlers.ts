import { Kind } from "@0no-co/graphql.web";
import { HttpResponse, graphql as operations } from "msw";
import { type AnyOperation, operationName, type ResultOf, type VariablesOf } from "../api/graphql.ts";

type Resolve<D extends AnyOperation> = (variables: VariablesOf<D>) => ResultOf<D> | Promise<ResultOf<D>>;

/** An error the server answers in `errors` (its `extensions` included), instead of data. */
export class GraphQLAnswerError extends Error {
  constructor(
    message: string,
    readonly extensions?: Record<string, unknown>,
  ) {
    super(message);
  }
}

function kindOf(document: AnyOperation): "query" | "mutation" {
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION)
      return definition.operation === "mutation" ? "mutation" : "query";
  }
  throw new Error("A GraphQL operation document needs an operation.");
}

/**
 * Answers one GraphQL operation of the app (its document from `api/queries`) with data of the type
 * the schema gives its selection, so a test cannot answer a shape the server never sends. Throwing a
 * `GraphQLAnswerError` answers `errors: [{message, extensions}]`.
 */
export function answer<D extends AnyOperation>(document: D, resolve: Resolve<D>) {
  return operations[kindOf(document)](operationName(document), async ({ variables }) => {
    try {
      return HttpResponse.json({ data: await resolve(variables as VariablesOf<D>) });
    } catch (error) {
      if (!(error instanceof GraphQLAnswerError)) throw error;
      const { message, extensions } = error;
      return HttpResponse.json({ errors: [{ message, ...(extensions ? { extensions } : {}) }] });
    }
  });
}

/** The operations a test's code sent, in order, with their variables. */
export type SentOperation = { operationName: string; variables: Record<string, unknown> };
