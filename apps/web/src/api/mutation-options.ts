import {
  mutationOptions,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
} from "@tanstack/react-query";

/** What a component adds to a mutation: its own toasts, navigation and state. */
export type UiCallbacks<TData, TVariables, TContext = unknown> = Pick<
  UseMutationOptions<TData, Error, TVariables, TContext>,
  "onMutate" | "onSuccess" | "onError" | "onSettled" | "meta"
>;

type Invalidation<TData, TVariables> = {
  /** The queries the change makes stale. */
  keys: (data: TData | undefined, variables: TVariables) => readonly QueryKey[];
  /** After success only (the default), or after failure too. */
  on?: "success" | "settled";
  /** Whether the component's callbacks wait for the refetch (default) or run at once. */
  wait?: boolean;
};

/**
 * A mutation's options that own its cache invalidation: the API module says what a change makes
 * stale, the component adds only what it shows (`ui`), which runs after the invalidation.
 */
export function invalidatingMutation<TData, TVariables, TContext = unknown>(
  queryClient: QueryClient,
  mutationFn: (variables: TVariables) => Promise<TData>,
  { keys, on = "success", wait = true }: Invalidation<TData, TVariables>,
  ui: UiCallbacks<TData, TVariables, TContext> = {},
) {
  const invalidate = async (data: TData | undefined, variables: TVariables) => {
    const jobs = Promise.all(
      keys(data, variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
    if (wait) await jobs;
  };
  return mutationOptions<TData, Error, TVariables, TContext>({
    ...ui,
    mutationFn,
    onSuccess: async (data, variables, context, mutation) => {
      if (on === "success") await invalidate(data, variables);
      await ui.onSuccess?.(data, variables, context, mutation);
    },
    onSettled: async (data, error, variables, context, mutation) => {
      if (on === "settled") await invalidate(data, variables);
      await ui.onSettled?.(data, error, variables, context, mutation);
    },
  });
}

/** A mutation's options for a change no cached query shows: the component adds what it shows. */
export function plainMutation<TData, TVariables, TContext = unknown>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  ui: UiCallbacks<TData, TVariables, TContext> = {},
) {
  return mutationOptions<TData, Error, TVariables, TContext>({ ...ui, mutationFn });
}
