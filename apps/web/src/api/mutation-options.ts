import {
  type MutationFunctionContext,
  mutationOptions,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
} from "@tanstack/react-query";

/** What a component adds to a mutation: its own toasts, navigation and state. */
export type UiCallbacks<TData, TVariables, TContext = unknown> = Pick<
  UseMutationOptions<TData, Error, TVariables, TContext>,
  "onSuccess" | "onError" | "onSettled" | "meta"
>;

export type Invalidation<TData, TVariables> = {
  /** The queries the change makes stale. */
  keys: (data: TData | undefined, variables: TVariables) => readonly QueryKey[];
  /** After success only (the default), or after failure too. */
  on?: "success" | "settled";
  /** Whether the component's callbacks wait for the refetch (default) or run at once. */
  wait?: boolean;
};

/** Puts the cache back as it was before an optimistic change. */
export type Undo = () => void;

/** What a change does to the cached queries, besides its request. */
export type CacheEffects<TData, TVariables> = {
  /** Shown at once, before the server answers; answers how to undo it should the server refuse. */
  optimistic?: (variables: TVariables) => Undo | undefined | Promise<Undo | undefined>;
  /** Brings the cached queries up to date from the server's answer (before any invalidation). */
  update?: (data: TData, variables: TVariables) => void;
  /** The queries the change makes stale: one rule, or several with their own timing. */
  invalidate?: Invalidation<TData, TVariables> | readonly Invalidation<TData, TVariables>[];
};

type Context = { undo?: Undo } | undefined;

/**
 * A mutation's options that own what the change does to the cache: the API module says what is
 * shown at once, what the answer replaces and what becomes stale; the component adds only what it
 * shows (`ui`), which runs after those.
 */
export function cacheMutation<TData, TVariables>(
  queryClient: QueryClient,
  mutationFn: (variables: TVariables) => Promise<TData>,
  { optimistic, update, invalidate = [] }: CacheEffects<TData, TVariables>,
  ui: UiCallbacks<TData, TVariables> = {},
) {
  const rules = Array.isArray(invalidate)
    ? (invalidate as readonly Invalidation<TData, TVariables>[])
    : [invalidate as Invalidation<TData, TVariables>];
  const run = async (phase: "success" | "settled", data: TData | undefined, variables: TVariables) => {
    for (const { keys, on = "success", wait = true } of rules) {
      if (on !== phase) continue;
      const jobs = Promise.all(
        keys(data, variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      if (wait) await jobs;
    }
  };
  return mutationOptions<TData, Error, TVariables, Context>({
    ...ui,
    mutationFn,
    ...(optimistic && {
      onMutate: async (variables: TVariables): Promise<Context> => ({ undo: await optimistic(variables) }),
    }),
    // Only when something handles the failure: without onError the app's default report shows it.
    ...((optimistic || ui.onError) && {
      onError: async (
        error: Error,
        variables: TVariables,
        context: Context,
        mutation: MutationFunctionContext,
      ) => {
        context?.undo?.();
        await ui.onError?.(error, variables, context, mutation);
      },
    }),
    onSuccess: async (data, variables, context, mutation) => {
      update?.(data, variables);
      await run("success", data, variables);
      await ui.onSuccess?.(data, variables, context, mutation);
    },
    onSettled: async (data, error, variables, context, mutation) => {
      await run("settled", data, variables);
      await ui.onSettled?.(data, error, variables, context, mutation);
    },
  });
}

/** A mutation's options whose only cache effect is to make queries stale (see `cacheMutation`). */
export function invalidatingMutation<TData, TVariables>(
  queryClient: QueryClient,
  mutationFn: (variables: TVariables) => Promise<TData>,
  invalidate: Invalidation<TData, TVariables> | readonly Invalidation<TData, TVariables>[],
  ui: UiCallbacks<TData, TVariables> = {},
) {
  return cacheMutation(queryClient, mutationFn, { invalidate }, ui);
}

/** A mutation's options for a change no cached query shows: the component adds what it shows. */
export function plainMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  ui: UiCallbacks<TData, TVariables> = {},
) {
  return mutationOptions<TData, Error, TVariables>({ ...ui, mutationFn });
}
