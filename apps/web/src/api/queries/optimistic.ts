import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { toast } from "../../ui/toastStore.ts";
import { getErrorMessage } from "../errors.ts";
import type { DashboardSandbox, SandboxList } from "./sandbox-fragments.ts";

/** Limit failures (SANDBOX_LIMIT, DRAFT_LIMIT) show the server's message; the rest the fixed text. */
export function mutationErrorText(error: unknown, fallback: string): string {
  const message = getErrorMessage(error);
  if (!/SANDBOX_LIMIT|DRAFT_LIMIT/.test(message)) return fallback;
  // The server puts the code in front of the text (spec 1 §5); the user reads only the text.
  return message.replace(/^\s*(SANDBOX_LIMIT|DRAFT_LIMIT)\s*[:-]?\s*/, "") || message;
}

type Snapshot = [QueryKey, unknown][];

/**
 * Applies `apply` to the cache at once, runs `request`, and on failure puts every touched query
 * back and shows the error toast. Afterwards (success or failure) it invalidates `invalidate`.
 */
export async function runOptimistic<T>(
  queryClient: QueryClient,
  {
    scopes,
    apply,
    request,
    errorText,
    invalidate = [],
    onSuccess,
  }: {
    /** Query key prefixes the optimistic change touches. */
    scopes: QueryKey[];
    apply: () => void;
    request: () => Promise<T>;
    errorText: string;
    invalidate?: QueryKey[];
    onSuccess?: (result: T) => void;
  },
): Promise<boolean> {
  await Promise.all(scopes.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  const snapshot: Snapshot = scopes.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
  apply();
  try {
    const result = await request();
    onSuccess?.(result);
    return true;
  } catch (error) {
    for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
    toast.error(mutationErrorText(error, errorText));
    return false;
  } finally {
    await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }
}

/** Changes the items of every cached sandbox list under `scope`. */
export function updateLists(
  queryClient: QueryClient,
  scope: QueryKey,
  update: (items: DashboardSandbox[], key: QueryKey) => DashboardSandbox[],
) {
  for (const [key, data] of queryClient.getQueriesData<SandboxList>({ queryKey: scope })) {
    if (!data || !Array.isArray(data.items)) continue;
    queryClient.setQueryData<SandboxList>(key, { ...data, items: update(data.items, key) });
  }
}
