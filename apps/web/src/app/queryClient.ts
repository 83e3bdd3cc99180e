import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError, GraphQLRequestError, getErrorMessage, isSilentGraphQLError } from "../api/errors.ts";
import { toast } from "../ui/toastStore.ts";

/** GraphQL errors show as error toasts with the server message; network errors as 'Network Error: …' (spec 1 §8). */
export function reportRequestError(error: unknown) {
  if (error instanceof GraphQLRequestError) {
    if (!isSilentGraphQLError(error)) toast.error(error.message);
    return;
  }
  if (error instanceof ApiError && error.status === undefined) {
    toast.error(getErrorMessage(error), { id: "network-error" });
  }
}

function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status !== undefined && error.status < 500) return false;
  if (error instanceof GraphQLRequestError) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent) return;
        reportRequestError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silent || mutation.options.onError) return;
        reportRequestError(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  });
}
