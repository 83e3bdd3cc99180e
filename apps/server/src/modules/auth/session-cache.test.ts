import { describe, expect, it } from "vitest";
import { type EventBus, InProcessEventBus, type Listener } from "../../live/event-bus.ts";
import { SessionCache } from "./session-cache.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const LATER = new Date(Date.now() + 86_400_000);

/** A bus whose availability the test switches, like Redis going away and coming back. */
function switchableBus() {
  const inner = new InProcessEventBus();
  const listeners = new Set<(available: boolean) => void>();
  let available = true;
  const bus: EventBus = {
    publish: (channel, event) => inner.publish(channel, event),
    subscribe: (channel, listener: Listener) => inner.subscribe(channel, listener),
    ready: () => inner.ready(),
    get available() {
      return available;
    },
    onAvailabilityChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => inner.close(),
  };
  const set = (value: boolean) => {
    available = value;
    for (const listener of listeners) listener(value);
  };
  return { bus, set };
}

describe("sessions kept in memory", () => {
  it("a session read lately is answered until it has been kept SESSION_CACHE_MS or the session expires", () => {
    let now = 1_000;
    const cache = new SessionCache(new InProcessEventBus(), { ttlMs: 5_000, now: () => now });
    expect(cache.get("h1")).toBeNull();
    cache.remember("h1", "u1", LATER, now);
    cache.remember("h2", "u2", new Date(2_000), now);
    expect(cache.get("h1")).toBe("u1");
    now = 2_000;
    expect(cache.get("h2")).toBeNull();
    now = 6_000;
    expect(cache.get("h1")).toBeNull();
  });

  it("a session ended on one replica is forgotten on every replica, and a read that raced the ending is not kept", async () => {
    const bus = new InProcessEventBus();
    const [a, b] = [new SessionCache(bus), new SessionCache(bus)];
    const readAt = Date.now();
    a.remember("h1", "u1", LATER, readAt);
    b.remember("h1", "u1", LATER, readAt);
    b.remember("h2", "u2", LATER, readAt);
    b.remember("h3", "u2", LATER, readAt);
    await a.revoke({ tokenHash: "h1" });
    await settle();
    expect([a.get("h1"), b.get("h1")]).toEqual([null, null]);
    // A read of h1 that began before the ending answers late: it is not kept.
    b.remember("h1", "u1", LATER, readAt);
    expect(b.get("h1")).toBeNull();
    // An account deleted: every session of its user goes.
    await a.revoke({ userId: "u2" });
    await settle();
    expect([b.get("h2"), b.get("h3")]).toEqual([null, null]);
  });

  it("S1-4.019 / endings announced here or by another replica reach the listeners (the live sockets), and endedSince tells a check that raced one", async () => {
    const bus = new InProcessEventBus();
    const [a, b] = [new SessionCache(bus), new SessionCache(bus)];
    const heard: unknown[] = [];
    const stop = b.onRevoked((which) => heard.push(which));
    const before = Date.now();
    await a.revoke({ tokenHash: "h1" });
    await settle();
    expect(heard).toEqual([{ tokenHash: "h1" }]);
    expect(b.endedSince("h1", "u1", before)).toBe(true);
    expect(b.endedSince("h1", "u1", Date.now() + 1)).toBe(false);
    expect(b.endedSince("h2", "u1", before)).toBe(false);
    await a.revoke({ userId: "u2" });
    await settle();
    expect(heard).toEqual([{ tokenHash: "h1" }, { userId: "u2" }]);
    expect(b.endedSince("any", "u2", before)).toBe(true);
    stop();
    await a.revoke({ tokenHash: "h3" });
    await settle();
    expect(heard).toHaveLength(2);
  });

  it("nothing is answered from memory while the bus cannot deliver, and what was kept goes when it comes back", () => {
    const { bus, set } = switchableBus();
    const cache = new SessionCache(bus);
    cache.remember("h1", "u1", LATER, Date.now());
    set(false);
    expect(cache.get("h1")).toBeNull();
    cache.remember("h2", "u2", LATER, Date.now());
    set(true);
    expect([cache.get("h1"), cache.get("h2")]).toEqual([null, null]);
  });

  it("keeps at most its capacity, the least recently read leaving first", () => {
    const cache = new SessionCache(new InProcessEventBus(), { capacity: 2 });
    const now = Date.now();
    cache.remember("h1", "u1", LATER, now);
    cache.remember("h2", "u2", LATER, now);
    expect(cache.get("h1")).toBe("u1");
    cache.remember("h3", "u3", LATER, now);
    expect([cache.get("h1"), cache.get("h2"), cache.get("h3")]).toEqual(["u1", null, "u3"]);
  });
});
