import { Redis } from "ioredis";
import type { EventBus, Listener, LiveEvent } from "./event-bus.ts";
import { ListenerRegistry } from "./event-bus.ts";

type Log = { warn(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void };

/** Waits a little longer after each failed attempt, at most 2 s, and never gives up. */
const retryStrategy = (times: number) => Math.min(100 * times, 2000);

/**
 * Redis pub/sub between replicas: each replica subscribes to the channels its sockets joined, so
 * an event published on one replica reaches the sockets of every other. While Redis is unreachable
 * publishing drops events (the notifications themselves are in the database; clients refetch them
 * when they reconnect) and the bus reports itself unavailable; ioredis reconnects and subscribes
 * again when Redis returns.
 */
export class RedisEventBus implements EventBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new ListenerRegistry();
  private readonly pending = new Map<string, Promise<void>>();
  private readonly availabilityListeners = new Set<(available: boolean) => void>();
  private isAvailable = false;
  private lastPublishWarning = 0;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log: Log,
  ) {
    // No offline queue for publishing: an event that cannot go now is dropped, not delivered late.
    this.publisher = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy });
    this.subscriber = new Redis(url, { autoResubscribe: true, maxRetriesPerRequest: null, retryStrategy });
    this.publisher.on("error", () => {});
    this.subscriber.on("error", (error) => {
      if (this.isAvailable) this.log.warn({ err: error }, "live events: Redis connection failed");
    });
    this.subscriber.on("ready", () => this.setAvailable(true));
    this.subscriber.on("close", () => this.setAvailable(false));
    // A standing subscription keeps the connection in subscriber mode for good: ioredis leaves that
    // mode when the last channel goes, and a channel joined right then races with the leaving.
    this.subscriber.subscribe(`${prefix}live-bus`).catch(() => {});
    this.subscriber.on("message", (channel: string, message: string) => {
      if (!channel.startsWith(this.prefix)) return;
      let event: LiveEvent;
      try {
        event = JSON.parse(message) as LiveEvent;
      } catch {
        return;
      }
      this.listeners.deliver(channel.slice(this.prefix.length), event);
    });
  }

  get available() {
    return this.isAvailable;
  }

  private setAvailable(available: boolean) {
    if (available === this.isAvailable) return;
    this.isAvailable = available;
    this.log.info({ available }, available ? "live events: Redis ready" : "live events: Redis unavailable");
    for (const listener of [...this.availabilityListeners]) listener(available);
  }

  onAvailabilityChange(listener: (available: boolean) => void) {
    this.availabilityListeners.add(listener);
    return () => void this.availabilityListeners.delete(listener);
  }

  async publish(channel: string, event: LiveEvent) {
    try {
      await this.publisher.publish(this.prefix + channel, JSON.stringify(event));
    } catch (error) {
      // One line every few seconds while Redis is away, not one per event.
      if (Date.now() - this.lastPublishWarning > 5000) {
        this.lastPublishWarning = Date.now();
        this.log.warn({ err: error, channel }, "live events: could not publish (Redis unreachable)");
      }
    }
  }

  subscribe(channel: string, listener: Listener) {
    if (this.listeners.add(channel, listener).first) {
      const subscribed = this.subscriber
        .subscribe(this.prefix + channel)
        .then(() => undefined)
        .catch(() => {
          // Offline: ioredis subscribes again to every channel it knows when it reconnects.
        })
        .finally(() => {
          if (this.pending.get(channel) === subscribed) this.pending.delete(channel);
        });
      this.pending.set(channel, subscribed);
    }
    return () => {
      if (this.listeners.remove(channel, listener).last) {
        this.subscriber.unsubscribe(this.prefix + channel).catch(() => {});
      }
    };
  }

  async ready(channel: string) {
    await this.pending.get(channel);
  }

  async close() {
    this.availabilityListeners.clear();
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
