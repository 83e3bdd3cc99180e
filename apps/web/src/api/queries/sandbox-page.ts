import type { QueryClient } from "@tanstack/react-query";
import type { SandboxDetail } from "./sandbox.ts";

/**
 * Changes the sandbox's page in the cache at once (a rename, its privacy, its folder), and answers
 * the function that puts it back if the server refuses.
 */
export function patchSandboxPage(
  queryClient: QueryClient,
  sandboxId: string,
  change: Partial<SandboxDetail>,
) {
  const touched: [readonly unknown[], SandboxDetail][] = [];
  for (const [queryKey, data] of queryClient.getQueriesData<SandboxDetail>({ queryKey: ["sandbox-page"] })) {
    if (data?.id !== sandboxId) continue;
    touched.push([queryKey, data]);
    queryClient.setQueryData<SandboxDetail>(queryKey, { ...data, ...change });
  }
  return () => {
    for (const [queryKey, data] of touched) {
      const now = queryClient.getQueryData<SandboxDetail>(queryKey);
      if (now)
        queryClient.setQueryData<SandboxDetail>(queryKey, { ...now, ...pick(data, Object.keys(change)) });
    }
  };
}

const pick = (data: SandboxDetail, keys: string[]) =>
  Object.fromEntries(keys.map((key) => [key, data[key as keyof SandboxDetail]])) as Partial<SandboxDetail>;
