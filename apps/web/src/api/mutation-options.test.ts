import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { cacheMutation } from "./mutation-options.ts";

const LIST = ["list"] as const;
const OTHER = ["other"] as const;

/** A client holding two cached queries. */
function client() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(LIST, ["cached list"]);
  queryClient.setQueryData(OTHER, ["cached other"]);
  return queryClient;
}

describe("mutation options own the cache effects of a change", () => {
  it("an optimistic change shows before the answer and is undone when the server refuses; the component's failure callback comes after", async () => {
    const queryClient = client();
    const seen: string[] = [];
    let refuse: (error: Error) => void = () => {};
    const options = cacheMutation(
      queryClient,
      () =>
        new Promise<void>((_resolve, reject) => {
          refuse = reject;
        }),
      {
        optimistic: (item: string) => {
          const before = queryClient.getQueryData<string[]>(LIST);
          queryClient.setQueryData(LIST, [...(before ?? []), item]);
          return () => queryClient.setQueryData(LIST, before);
        },
      },
      { onError: () => void seen.push(`ui saw ${queryClient.getQueryData<string[]>(LIST)?.join(",")}`) },
    );
    const running = new MutationObserver(queryClient, options).mutate("new").catch(() => undefined);
    await expect.poll(() => queryClient.getQueryData(LIST)).toEqual(["cached list", "new"]);
    refuse(new Error("refused"));
    await running;
    expect(queryClient.getQueryData(LIST)).toEqual(["cached list"]);
    expect(seen).toEqual(["ui saw cached list"]);
  });

  it("the answer is written before the invalidation, and each rule runs on its own phase", async () => {
    const queryClient = client();
    const order: string[] = [];
    const stale = (key: readonly string[]) => queryClient.getQueryState(key)?.isInvalidated;
    const options = cacheMutation<string, void>(
      queryClient,
      async () => "answer",
      {
        update: (answer) => {
          order.push(`update ${answer}, list stale: ${stale(LIST)}`);
        },
        invalidate: [{ keys: () => [LIST] }, { keys: () => [OTHER], on: "settled" }],
      },
      {
        onSuccess: () => void order.push(`ui, list stale: ${stale(LIST)}, other stale: ${stale(OTHER)}`),
      },
    );

    await new MutationObserver(queryClient, options).mutate();
    expect(order).toEqual(["update answer, list stale: false", "ui, list stale: true, other stale: false"]);
    expect(stale(OTHER)).toBe(true);

    const second = client();
    const failing = cacheMutation<never, void>(
      second,
      async () => {
        throw new Error("refused");
      },
      { invalidate: [{ keys: () => [LIST] }, { keys: () => [OTHER], on: "settled" }] },
    );
    await new MutationObserver(second, failing).mutate().catch(() => undefined);
    expect(second.getQueryState(LIST)?.isInvalidated).toBe(false);
    expect(second.getQueryState(OTHER)?.isInvalidated).toBe(true);
  });

  it("without a failure callback or an optimistic change, a failure is left to the app's default report", () => {
    const queryClient = client();
    const invalidating = cacheMutation(queryClient, async () => undefined, {
      invalidate: { keys: () => [LIST] },
    });
    expect(invalidating.onError).toBeUndefined();
    const optimistic = cacheMutation(queryClient, async () => undefined, { optimistic: () => undefined });
    expect(optimistic.onError).toBeTypeOf("function");
  });
});
