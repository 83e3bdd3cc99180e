import { Kind } from "@0no-co/graphql.web";
import { graphql, HttpResponse } from "msw";
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

/** The app's GraphQL endpoint only: a REST route with a `query` parameter is no GraphQL request. */
const operations = graphql.link(GRAPHQL_ENDPOINT);

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

const recorders = new Set<(SentOperation | undefined)[]>();

// Listening, not a handler: a handler that answers nothing would let an operation no test answers
// go on to the network instead of failing the test as unhandled.
server.events.on("request:start", ({ request }) => {
  if (recorders.size === 0 || new URL(request.url).pathname !== GRAPHQL_ENDPOINT) return;
  const places = [...recorders].map((sent) => [sent, sent.push(undefined) - 1] as const);
  void request
    .clone()
    .json()
    .then(({ operationName, variables, query }: Partial<SentOperation>) => {
      const operation = {
        operationName: operationName ?? "",
        variables: variables ?? {},
        query: query ?? "",
      };
      for (const [sent, index] of places) sent[index] = operation;
    });
});

/** Notes every GraphQL operation sent from now on, in order, until the test ends. */
export function recordOperations() {
  const sent: (SentOperation | undefined)[] = [];
  recorders.add(sent);
  return () => sent.filter((operation): operation is SentOperation => operation !== undefined);
}

/** Ends the recordings (after each test). */
export function stopRecordingOperations() {
  recorders.clear();
}

/** Answers these operations and notes every operation sent; returns the notes' reader. */
export function serveOperations(all: Answers, { refuseOthers = false } = {}) {
  if (refuseOthers) refuseOtherOperations();
  server.use(...answers(all));
  return recordOperations();
}

/** The data an operation answers, by its name. */
export type ResultOfOperation<N extends OperationName> = ResultOf<(typeof OPERATIONS)[N]>;

/**
 * Answers every operation the test does not answer with an error (as the server answers an
 * operation it refuses), for pages that ask more than a test is about and carry on without it.
 * Add it before the test's answers: those come first.
 */
export function refuseOtherOperations() {
  server.use(
    operations.operation(({ operationName }) =>
      HttpResponse.json({ errors: [{ message: `${operationName} is not answered by this test` }] }),
    ),
  );
}
