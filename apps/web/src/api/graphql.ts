import { Kind, print } from "@0no-co/graphql.web";
import { initGraphQLTada, type ResultOf, type TadaDocumentNode, type VariablesOf } from "gql.tada";
import { ApiError, type GraphQLErrorEntry, GraphQLRequestError, networkError } from "./errors.ts";
import type { introspection } from "./graphql-env.d.ts";
import { CLIENT_HEADER } from "./rest.ts";

export const GRAPHQL_ENDPOINT = "/api/graphql";

/**
 * Operations and fragments, typed from the server's schema (`graphql-env.d.ts`, generated from
 * apps/server/schema.graphql by `npm run graphql:types -w @boxyard/web`). Fragments are not
 * masked: an operation's result type includes the fields of the fragments it spreads.
 */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  scalars: { UUID4: string };
  disableMasking: true;
}>();

export type { FragmentOf, ResultOf, VariablesOf } from "gql.tada";

// biome-ignore lint/suspicious/noExplicitAny: any operation document, whatever its result and variables.
export type AnyOperation = TadaDocumentNode<any, any>;

type GraphQLResponse<T> = { data?: T | null; errors?: GraphQLErrorEntry[] };

/** The name of a document's operation, as the server and the tests' handlers see it. */
export function operationName(document: AnyOperation): string {
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION && definition.name) return definition.name.value;
  }
  throw new Error("A GraphQL operation document needs a named operation.");
}

const printed = new WeakMap<AnyOperation, string>();

/** The text an operation is sent as (its fragments included). */
export function documentText(document: AnyOperation): string {
  let text = printed.get(document);
  if (text === undefined) {
    text = print(document);
    printed.set(document, text);
  }
  return text;
}

/** Runs one GraphQL operation: POST /api/graphql with {operationName, query, variables}. */
export async function request<Document extends AnyOperation>(
  document: Document,
  ...[variables, signal]: VariablesOf<Document> extends Record<string, never>
    ? [variables?: VariablesOf<Document>, signal?: AbortSignal]
    : [variables: VariablesOf<Document>, signal?: AbortSignal]
): Promise<ResultOf<Document>> {
  const name = operationName(document);
  let response: Response;
  try {
    response = await fetch(GRAPHQL_ENDPOINT, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json", ...CLIENT_HEADER },
      body: JSON.stringify({
        operationName: name,
        query: documentText(document),
        variables: variables ?? {},
      }),
      credentials: "same-origin",
      signal,
    });
  } catch (cause) {
    throw networkError(cause);
  }

  let body: GraphQLResponse<ResultOf<Document>> | undefined;
  try {
    body = (await response.json()) as GraphQLResponse<ResultOf<Document>>;
  } catch {
    body = undefined;
  }

  if (body?.errors && body.errors.length > 0) throw new GraphQLRequestError(name, body.errors);
  if (!response.ok || !body || body.data == null) {
    throw new ApiError(`Request failed with status code ${response.status}`, {
      status: response.status,
      body,
    });
  }
  return body.data;
}
