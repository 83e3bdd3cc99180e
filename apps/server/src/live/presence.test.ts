import { afterEach, describe, expect, it } from "vitest";
import { InProcessEventBus } from "./event-bus.ts";
import { Presence } from "./presence.ts";

/** Replicas of one bus (as Redis joins them), each with its own Presence. */
function replicas(count: number, options: { republishMs?: number; expireMs?: number } = {}) {
  const bus = new InProcessEventBus();
  return Array.from(
    { length: count },
    () => new Presence(bus, { profiles: async (ids) => ids.map((id) => ({ id })), ...options }),
  );
}

/** A socket's view: the last users it was sent. */
function socket() {
  const seen: string[][] = [];
  return {
    seen,
    deliver: (users: unknown[]) => seen.push(users.map((u) => (u as { id: string }).id)),
    get last() {
      return seen.at(-1);
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 10));
let made: Presence[] = [];
afterEach(() => {
  for (const p of made) p.close();
  made = [];
});

describe("presence across replicas (issue 15)", () => {
  it("each replica's sockets see the users of every replica, one entry per user, and hear joins and leaves", async () => {
    made = replicas(2);
    const [a, b] = made;
    const alice = socket();
    a!.enter("sandbox:s1", alice, "alice", alice.deliver);
    await settle();
    expect(alice.last).toEqual(["alice"]);

    const bob = socket();
    b!.enter("sandbox:s1", bob, "bob", bob.deliver);
    await settle();
    // B asked who is there when it started following: it knows Alice, and A heard of Bob.
    expect(bob.last).toEqual(["alice", "bob"]);
    expect(alice.last).toEqual(["alice", "bob"]);

    const bobAgain = socket();
    b!.enter("sandbox:s1", bobAgain, "bob", bobAgain.deliver);
    await settle();
    expect(bobAgain.last).toEqual(["alice", "bob"]);
    const aliceHeard = alice.seen.length;
    b!.leave("sandbox:s1", bobAgain);
    await settle();
    // Bob is still there (another tab): nothing changed for Alice's replica.
    expect(alice.seen.length).toBe(aliceHeard);

    b!.leave("sandbox:s1", bob);
    await settle();
    expect(alice.last).toEqual(["alice"]);
    // Other topics are apart.
    const carol = socket();
    b!.enter("sandbox:s2", carol, "carol", carol.deliver);
    await settle();
    expect(carol.last).toEqual(["carol"]);
    expect(alice.last).toEqual(["alice"]);
  });

  it("a replica that stops saying who it holds (it died) is forgotten after expireMs; one that closes is at once", async () => {
    made = replicas(3, { republishMs: 20, expireMs: 60 });
    const [a, b, c] = made;
    const alice = socket();
    a!.enter("sandbox:s1", alice, "alice", alice.deliver);
    const bob = socket();
    b!.enter("sandbox:s1", bob, "bob", bob.deliver);
    const carol = socket();
    c!.enter("sandbox:s1", carol, "carol", carol.deliver);
    await settle();
    expect(alice.last).toEqual(["alice", "bob", "carol"]);

    c!.close();
    await settle();
    expect(alice.last).toEqual(["alice", "bob"]);

    // B goes silent without a word (its timer stopped, as in a crash): A forgets it.
    (b as unknown as { timer: NodeJS.Timeout }).timer.close();
    (b as unknown as { topics: Map<string, unknown> }).topics.clear();
    await new Promise((r) => setTimeout(r, 150));
    expect(alice.last).toEqual(["alice"]);
  });
});
