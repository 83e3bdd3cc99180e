import { sandboxTopic } from "@boxyard/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { type SandboxDetail, sandboxPageKeys } from "../../../api/queries/sandbox.ts";
import { cachedSandboxFiles, EDITOR_CLIENT_ID } from "../../../api/queries/sandbox-files.ts";
import type { SandboxFileModule, SandboxFilesEvent } from "../../../api/rest-types.ts";
import { createTestQueryClient } from "../../../test/render.tsx";
import { serveRoutes } from "../../../test/rest-handlers.ts";
import { LiveSocket } from "../../live/liveSocket.ts";
import { fileModule } from "../testing.ts";
import { useSandboxLive } from "./useSandboxLive.ts";

const SANDBOX_ID = "abc123";

/** A stand-in WebSocket the test plays the server of. */
class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: { topic: string; event: string; ref: string }[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  reply(topic: string) {
    const join = this.sent.find((m) => m.topic === topic && m.event === "join")!;
    this.onmessage?.({
      data: JSON.stringify({ topic, event: "reply", ref: join.ref, payload: { status: "ok", response: {} } }),
    });
  }
  push(topic: string, event: string, payload: unknown) {
    this.onmessage?.({ data: JSON.stringify({ topic, event, payload }) });
  }
}

const detail = (modules: SandboxFileModule[]) =>
  ({ id: SANDBOX_ID, modules, directories: [] }) as unknown as SandboxDetail;

function setup() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(
    sandboxPageKeys.detail("weather-abc123"),
    detail([fileModule("m1", "a.js", "one")]),
  );
  const socket = new LiveSocket({
    token: async () => "t",
    url: () => "ws://test/api/socket",
    createSocket: () => new FakeSocket(),
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useSandboxLive(SANDBOX_ID, true, socket), { wrapper });
  return { queryClient, socket, hook };
}

const filesEvent = (change: Partial<SandboxFilesEvent>): SandboxFilesEvent => ({
  sandboxId: SANDBOX_ID,
  actorId: "u2",
  clientId: "someone-else",
  modules: [],
  directories: false,
  ...change,
});

afterEach(() => {
  FakeSocket.last = null;
});

describe("the sandbox's live topic", () => {
  it("joins sandbox:<id>; a file someone else saved is read again into the page, one this tab saved is not; presence lists who is here", async () => {
    const { queryClient, socket, hook } = setup();
    await waitFor(() => expect(FakeSocket.last).not.toBeNull());
    const ws = FakeSocket.last!;
    act(() => ws.open());
    expect(ws.sent).toEqual([{ topic: sandboxTopic(SANDBOX_ID), event: "join", ref: "1" }]);
    act(() => ws.reply(sandboxTopic(SANDBOX_ID)));
    let reads = 0;
    serveRoutes({
      [`GET /api/v1/sandboxes/${SANDBOX_ID}/modules/m1`]: () => {
        reads++;
        return { module: fileModule("m1", "a.js", "two", { version: 2 }) };
      },
    });
    act(() =>
      ws.push(
        sandboxTopic(SANDBOX_ID),
        "sandbox-files",
        filesEvent({ clientId: EDITOR_CLIENT_ID, modules: [{ shortid: "m1", version: 2 }] }),
      ),
    );
    act(() =>
      ws.push(
        sandboxTopic(SANDBOX_ID),
        "sandbox-files",
        filesEvent({ modules: [{ shortid: "m1", version: 2 }] }),
      ),
    );
    await waitFor(() =>
      expect(cachedSandboxFiles(queryClient, SANDBOX_ID)?.modules[0]).toMatchObject({
        code: "two",
        version: 2,
      }),
    );
    expect(reads).toBe(1);
    act(() =>
      ws.push(
        sandboxTopic(SANDBOX_ID),
        "sandbox-files",
        filesEvent({ modules: [{ shortid: "m1", version: 3, deleted: true }] }),
      ),
    );
    expect(cachedSandboxFiles(queryClient, SANDBOX_ID)?.modules).toEqual([]);
    const users = [{ id: "u2", username: "grace", name: "Grace Hopper", avatarUrl: null }];
    act(() => ws.push(sandboxTopic(SANDBOX_ID), "presence", { users }));
    expect(hook.result.current).toEqual(users);
    hook.unmount();
    socket.disconnect();
  });
});
