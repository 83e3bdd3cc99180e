import { ApiError, type GraphQLErrorEntry, GraphQLRequestError, networkError } from "./errors.ts";
import { CLIENT_HEADER } from "./rest.ts";

export const GRAPHQL_ENDPOINT = "/api/graphql";

type GraphQLResponse<T> = { data?: T | null; errors?: GraphQLErrorEntry[] };

/** One GraphQL operation: POST /api/graphql with {operationName, query, variables}. */
export async function graphql<TData, TVariables extends Record<string, unknown> = Record<string, never>>(
  operationName: string,
  query: string,
  variables?: TVariables,
  signal?: AbortSignal,
): Promise<TData> {
  let response: Response;
  try {
    response = await fetch(GRAPHQL_ENDPOINT, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json", ...CLIENT_HEADER },
      body: JSON.stringify({ operationName, query, variables: variables ?? {} }),
      credentials: "same-origin",
      signal,
    });
  } catch (cause) {
    throw networkError(cause);
  }

  let body: GraphQLResponse<TData> | undefined;
  try {
    body = (await response.json()) as GraphQLResponse<TData>;
  } catch {
    body = undefined;
  }

  if (body?.errors && body.errors.length > 0) throw new GraphQLRequestError(operationName, body.errors);
  if (!response.ok || !body || body.data == null) {
    throw new ApiError(`Request failed with status code ${response.status}`, {
      status: response.status,
      body,
    });
  }
  return body.data;
}
