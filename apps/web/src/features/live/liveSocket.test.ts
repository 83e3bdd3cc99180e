import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LiveSocket } from "./liveSocket.ts";

/** A stand-in WebSocket: records what the client sends; the test plays the server. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: { topic: string; event: string; ref: string }[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
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
  /** The server closes with a code (4401 for 401, 4503 for 503, 1006 for a lost connection). */
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  reply(topic: string, status: "ok" | "error", response: Record<string, unknown>) {
    const join = [...this.sent].reverse().find((m) => m.topic === topic && m.event === "join")!;
    this.onmessage?.({
      data: JSON.stringify({ topic, event: "reply", ref: join.ref, payload: { status, response } }),
    });
  }
  push(topic: string, event: string, payload: unknown) {
    this.onmessage?.({ data: JSON.stringify({ topic, event, payload }) });
  }
}

const USER_TOPIC = "notification:7b0c1c3e-1111-4c4c-9a9a-000000000001";

let tokens: boolean[];
function makeSocket() {
  tokens = [];
  return new LiveSocket({
    url: () => "ws://test/api/socket",
    token: async (refresh) => {
      tokens.push(refresh);
      return `token-${tokens.length}`;
    },
    createSocket: (url) => new FakeSocket(url),
  });
}

/** Lets the token promise settle, then advances the clock. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

const latest = () => FakeSocket.all.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the live socket client", () => {
  it("S1-7.020 / joins notification:{userId} with a token and hands the {unread} reply and new-notification to the page", async () => {
    const socket = makeSocket();
    const onJoin = vi.fn();
    const onEvent = vi.fn();
    socket.subscribe(USER_TOPIC, { onJoin, onEvent });
    await advance(0);
    expect(latest().url).toBe("ws://test/api/socket?token=token-1");
    latest().open();
    expect(latest().sent).toEqual([{ topic: USER_TOPIC, event: "join", ref: "1" }]);
    latest().reply(USER_TOPIC, "ok", { unread: 3 });
    expect(onJoin).toHaveBeenCalledWith({ unread: 3 });
    latest().push(USER_TOPIC, "new-notification", { id: "n1", unread: 4 });
    expect(onEvent).toHaveBeenCalledWith("new-notification", { id: "n1", unread: 4 });
    socket.disconnect();
  });

  it("S1-9.014 / reconnects after 10, 50, 100 … up to 2000 ms, and rejoins (the page refetches what it missed)", async () => {
    const socket = makeSocket();
    const onJoin = vi.fn();
    socket.subscribe(USER_TOPIC, { onJoin });
    await advance(0);
    const delays: number[] = [];
    for (const expected of [10, 50, 100, 150, 200, 250, 500, 1000, 2000, 2000]) {
      const before = FakeSocket.all.length;
      latest().drop(1006);
      await advance(expected - 1);
      expect(FakeSocket.all.length).toBe(before);
      await advance(1);
      expect(FakeSocket.all.length).toBe(before + 1);
      delays.push(expected);
    }
    latest().open();
    latest().reply(USER_TOPIC, "ok", { unread: 0 });
    expect(onJoin).toHaveBeenCalledTimes(1);
    // Once connected again, the steps start over.
    latest().drop(1006);
    await advance(10);
    expect(FakeSocket.all.length).toBe(12);
    socket.disconnect();
  });

  it("S1-8.026 / S1-9.014 / after a 503 the reconnection waits 3000 to 5000 ms", async () => {
    const socket = makeSocket();
    socket.subscribe(USER_TOPIC, {});
    await advance(0);
    latest().open();
    latest().drop(4503);
    await advance(2999);
    expect(FakeSocket.all).toHaveLength(1);
    await advance(1);
    expect(FakeSocket.all).toHaveLength(2);
    latest().drop(1012);
    await advance(3999);
    expect(FakeSocket.all).toHaveLength(2);
    await advance(1);
    expect(FakeSocket.all).toHaveLength(3);
    socket.disconnect();
  });

  it("S1-8.026 / a 401 asks for a new token; more than 4 answers of 401 give up", async () => {
    const socket = makeSocket();
    socket.subscribe(USER_TOPIC, {});
    await advance(0);
    for (let i = 0; i < 5; i++) {
      latest().drop(4401);
      await advance(2000);
    }
    expect(socket.gaveUp).toBe(true);
    expect(FakeSocket.all).toHaveLength(5);
    expect(tokens).toEqual([false, true, true, true, true]);
    await advance(60_000);
    expect(FakeSocket.all).toHaveLength(5);
  });

  it("S1-8.026 / 'room not found' leaves the channel: it is not joined again after a reconnection", async () => {
    const socket = makeSocket();
    const onRefused = vi.fn();
    const workspace = "workspace:11111111-2222-4333-8444-555555555555";
    socket.subscribe(USER_TOPIC, {});
    socket.subscribe(workspace, { onRefused });
    await advance(0);
    latest().open();
    latest().reply(workspace, "error", { reason: "room not found" });
    expect(onRefused).toHaveBeenCalledWith("room not found");
    latest().drop(1006);
    await advance(10);
    latest().open();
    expect(latest().sent.map((m) => m.topic)).toEqual([USER_TOPIC]);
    socket.disconnect();
  });

  it("S1-9.014 / the connection closes once no page follows a topic", async () => {
    const socket = makeSocket();
    const stop = socket.subscribe(USER_TOPIC, {});
    await advance(0);
    latest().open();
    stop();
    expect(latest().sent.at(-1)).toMatchObject({ topic: USER_TOPIC, event: "leave" });
    await advance(5000);
    expect(latest().readyState).toBe(3);
  });
});
