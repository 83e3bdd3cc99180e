/**
 * Live events between the server's parts and its replicas (ARCHITECTURE.md 'live/'): a command
 * publishes on a channel after its transaction commits; the socket endpoint subscribes for the
 * sockets that joined. In one process without REDIS_URL; through Redis pub/sub with it.
 */
export type LiveEvent = { event: string; payload: unknown };
export type Listener = (event: LiveEvent) => void;

export interface EventBus {
  /** Hands the event to every subscriber of the channel, on every replica. Never throws. */
  publish(channel: string, event: LiveEvent): Promise<void>;
  /** Starts listening; answers the function that stops. */
  subscribe(channel: string, listener: Listener): () => void;
  /** Settles once the channel's subscription is in place on the bus (Redis confirmed it). */
  ready(channel: string): Promise<void>;
  /** False while the bus cannot deliver (Redis unreachable): the sockets are told to come back later. */
  readonly available: boolean;
  /** Called with the new availability whenever it changes. */
  onAvailabilityChange(listener: (available: boolean) => void): () => void;
  close(): Promise<void>;
}

/** Listeners by channel, shared by both buses: each keeps its local subscribers in one. */
export class ListenerRegistry {
  private readonly byChannel = new Map<string, Set<Listener>>();

  /** Adds a listener; `first` is true when it is the channel's first one. */
  add(channel: string, listener: Listener): { first: boolean } {
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(listener);
    return { first };
  }

  /** Removes a listener; `last` is true when the channel has none left. */
  remove(channel: string, listener: Listener): { last: boolean } {
    const set = this.byChannel.get(channel);
    if (!set?.delete(listener)) return { last: false };
    if (set.size > 0) return { last: false };
    this.byChannel.delete(channel);
    return { last: true };
  }

  deliver(channel: string, event: LiveEvent) {
    for (const listener of [...(this.byChannel.get(channel) ?? [])]) {
      try {
        listener(event);
      } catch (error) {
        console.error(`A listener of ${channel} failed`, error);
      }
    }
  }

  get channels(): number {
    return this.byChannel.size;
  }
}

/** One server process: publishing reaches the subscribers of this process (no REDIS_URL). */
export class InProcessEventBus implements EventBus {
  private readonly listeners = new ListenerRegistry();
  readonly available = true;

  async publish(channel: string, event: LiveEvent) {
    // Like a network hop: listeners run after the publisher's own code, never inside it.
    queueMicrotask(() => this.listeners.deliver(channel, event));
  }

  subscribe(channel: string, listener: Listener) {
    this.listeners.add(channel, listener);
    return () => void this.listeners.remove(channel, listener);
  }

  async ready() {}

  onAvailabilityChange() {
    return () => {};
  }

  async close() {}
}
