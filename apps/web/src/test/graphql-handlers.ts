import { Kind } from "@0no-co/graphql.web";
import { HttpResponse, http, graphql as operations } from "msw";
import {
  type AnyOperation,
  GRAPHQL_ENDPOINT,
  operationName,
  type ResultOf,
  type VariablesOf,
} from "../api/graphql.ts";
import { OPERATIONS } from "./operations.ts";
import { Failure } from "./rest-handlers.ts";
import { handlerFailed, server } from "./server.ts";

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
 * `GraphQLAnswerError` answers `errors: [{message, extensions}]`; throwing a `failure(status, body)`
 * answers that HTTP error instead.
 */
export function answer<D extends AnyOperation>(document: D, resolve: Resolve<D>) {
  return operations[kindOf(document)](operationName(document), async ({ request, variables }) => {
    try {
      return HttpResponse.json({ data: await resolve(variables as VariablesOf<D>) });
    } catch (error) {
      if (error instanceof Failure) return HttpResponse.json(error.body as never, { status: error.status });
      if (!(error instanceof GraphQLAnswerError)) return handlerFailed(request, error);
      const { message, extensions } = error;
      return HttpResponse.json({ errors: [{ message, ...(extensions ? { extensions } : {}) }] });
    }
  });
}

/** The operations a test's code sent, in order, with their variables. */
export type SentOperation = { operationName: string; variables: Record<string, unknown>; query: string };

export type OperationName = keyof typeof OPERATIONS;

/** Answers by operation name, each with data of the type its document selects. */
export type Answers = { [N in OperationName]?: Resolve<(typeof OPERATIONS)[N]> };

/** One `answer` handler for each named operation. */
export function answers(all: Answers) {
  return (Object.keys(all) as OperationName[]).map((name) =>
    answer(OPERATIONS[name] as AnyOperation, all[name] as Resolve<AnyOperation>),
  );
}

/**
 * Notes every GraphQL operation sent from now on (the handler answers nothing: the request goes on
 * to the others). Add it after the answers, so that it is asked first.
 */
export function recordOperations() {
  const sent: SentOperation[] = [];
  server.use(
    http.post(GRAPHQL_ENDPOINT, async ({ request }) => {
      const { operationName, variables, query } = (await request.clone().json()) as Partial<SentOperation>;
      sent.push({ operationName: operationName ?? "", variables: variables ?? {}, query: query ?? "" });
      return undefined;
    }),
  );
  return () => [...sent];
}

/** Answers these operations and notes every operation sent; returns the notes' reader. */
export function serveOperations(all: Answers) {
  server.use(...answers(all));
  return recordOperations();
}

/** The data an operation answers, by its name. */
export type ResultOfOperation<N extends OperationName> = ResultOf<(typeof OPERATIONS)[N]>;
