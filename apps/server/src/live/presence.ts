import { randomUUID } from "node:crypto";
import type { EventBus, LiveEvent } from "./event-bus.ts";

/**
 * Who has a topic open (issue 15: the avatars of who else has a sandbox open), across replicas.
 * Each replica knows its own sockets; it tells the others on the live bus (`presence:<topic>`)
 * which users it holds for a topic whenever that changes, and again every `republishMs`, so a
 * replica that stopped without saying so is forgotten after `expireMs`. A replica that starts
 * following a topic asks the others for theirs. Each replica sends its own sockets the union.
 */

type Holder = { userId: string; deliver: (users: unknown[]) => void };
type Message = { kind: "state"; replica: string; users: string[] } | { kind: "ask"; replica: string };
type Remote = { users: string[]; seenAt: number };

type Topic = {
  local: Map<object, Holder>;
  remote: Map<string, Remote>;
  stop: () => void;
  /** The union last sent to the local sockets, as sorted ids. */
  sent: string;
  /** Sends are numbered so that a slower profile load never overwrites a newer one. */
  sequence: number;
};

export type PresenceOptions = {
  /** The people behind user ids, in the shape clients show (id, username, name, avatarUrl). */
  profiles: (userIds: string[]) => Promise<unknown[]>;
  republishMs?: number;
  expireMs?: number;
  onError?: (error: unknown) => void;
};

const channelOf = (topic: string) => `presence:${topic}`;

export class Presence {
  readonly replica = randomUUID();
  private readonly topics = new Map<string, Topic>();
  private readonly timer: NodeJS.Timeout;
  private readonly stopAvailability: () => void;
  private readonly expireMs: number;

  constructor(
    private readonly bus: EventBus,
    private readonly options: PresenceOptions,
  ) {
    this.expireMs = options.expireMs ?? 60_000;
    this.timer = setInterval(() => this.tick(), options.republishMs ?? 20_000);
    this.timer.unref();
    // Back after the bus was away: what the others hold may have changed unheard.
    this.stopAvailability = bus.onAvailabilityChange((available) => {
      if (!available) return;
      for (const topic of this.topics.keys()) {
        this.publish(topic, { kind: "ask", replica: this.replica });
        this.publishState(topic);
      }
    });
  }

  /** A socket (any key) of `userId` opened the topic; `deliver` sends it the users who have it open. */
  enter(topic: string, key: object, userId: string, deliver: Holder["deliver"]) {
    let entry = this.topics.get(topic);
    if (!entry) {
      const stop = this.bus.subscribe(channelOf(topic), (event) => this.heard(topic, event));
      entry = { local: new Map(), remote: new Map(), stop, sent: "", sequence: 0 };
      this.topics.set(topic, entry);
      this.publish(topic, { kind: "ask", replica: this.replica });
    }
    entry.local.set(key, { userId, deliver });
    this.publishState(topic);
    this.send(topic, true);
  }

  /** The socket closed the topic (left it, or closed). */
  leave(topic: string, key: object) {
    const entry = this.topics.get(topic);
    if (!entry?.local.delete(key)) return;
    this.publishState(topic);
    if (entry.local.size === 0) {
      entry.stop();
      this.topics.delete(topic);
      return;
    }
    this.send(topic, true);
  }

  /** Tells the others this replica holds nothing any more (a stopping server). */
  close() {
    clearInterval(this.timer);
    this.stopAvailability();
    for (const [topic, entry] of this.topics) {
      this.publish(topic, { kind: "state", replica: this.replica, users: [] });
      entry.stop();
    }
    this.topics.clear();
  }

  /** The users who have the topic open on every replica, as sorted ids. */
  usersOf(topic: string): string[] {
    const entry = this.topics.get(topic);
    if (!entry) return [];
    const ids = new Set([...entry.local.values()].map((h) => h.userId));
    for (const remote of entry.remote.values()) for (const id of remote.users) ids.add(id);
    return [...ids].sort();
  }

  private localUsers(entry: Topic) {
    return [...new Set([...entry.local.values()].map((h) => h.userId))].sort();
  }

  private publishState(topic: string) {
    const entry = this.topics.get(topic);
    const users = entry ? this.localUsers(entry) : [];
    this.publish(topic, { kind: "state", replica: this.replica, users });
  }

  private publish(topic: string, message: Message) {
    void this.bus.publish(channelOf(topic), { event: "presence", payload: message });
  }

  private heard(topic: string, event: LiveEvent) {
    const message = event.payload as Message;
    const entry = this.topics.get(topic);
    if (!entry || message.replica === this.replica) return;
    if (message.kind === "ask") return this.publishState(topic);
    if (message.users.length === 0) entry.remote.delete(message.replica);
    else entry.remote.set(message.replica, { users: message.users, seenAt: Date.now() });
    this.send(topic, false);
  }

  /** Every interval: say again what this replica holds, and forget replicas that went silent. */
  private tick() {
    const now = Date.now();
    for (const [topic, entry] of this.topics) {
      this.publishState(topic);
      let forgot = false;
      for (const [replica, remote] of entry.remote) {
        if (now - remote.seenAt > this.expireMs) {
          entry.remote.delete(replica);
          forgot = true;
        }
      }
      if (forgot) this.send(topic, false);
    }
  }

  /** Sends the local sockets the union: always after a local change, else when it changed. */
  private send(topic: string, always: boolean) {
    const entry = this.topics.get(topic);
    if (!entry) return;
    const ids = this.usersOf(topic);
    const key = ids.join(",");
    if (!always && key === entry.sent) return;
    entry.sent = key;
    const sequence = ++entry.sequence;
    this.options.profiles(ids).then(
      (users) => {
        if (this.topics.get(topic) !== entry || entry.sequence !== sequence) return;
        for (const holder of entry.local.values()) holder.deliver(users);
      },
      (error) => this.options.onError?.(error),
    );
  }
}
