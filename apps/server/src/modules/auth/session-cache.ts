import type { EventBus } from "../../live/event-bus.ts";

/** How long a replica answers a session from memory before it reads it again. */
export const SESSION_CACHE_MS = 5_000;
/** Sessions kept at most; the least recently read leave first. */
export const SESSION_CACHE_SIZE = 10_000;

const CHANNEL = "sessions:revoked";

/**
 * A session that ended (signed out) or an API token revoked, by its token hash; or every session
 * of a user (account deleted, password reset).
 */
export type Revoked = { tokenHash: string } | { userId: string };

/**
 * The sessions this replica has read lately, so that a request costs no query to know who asks.
 * A session ended anywhere is forgotten at once on every replica: the one that ends it tells the
 * others over the live bus. While the bus cannot deliver (Redis unreachable), nothing is answered
 * from memory, and whatever was kept is dropped when it comes back; an entry lives at most
 * SESSION_CACHE_MS, so a message lost with a replica's connection costs seconds, not a session.
 * The live sockets listen too (`onRevoked`): a socket opened with a session closes when it ends.
 */
export class SessionCache {
  readonly #entries = new Map<string, { userId: string; until: number }>();
  /** When sessions ended lately, so that a read that raced the ending is not kept. */
  readonly #ended = new Map<string, number>();
  readonly #revokedListeners = new Set<(which: Revoked) => void>();

  constructor(
    private readonly bus: EventBus,
    private readonly options: { ttlMs?: number; capacity?: number; now?: () => number } = {},
  ) {
    bus.subscribe(CHANNEL, (event) => this.#forget(event.payload as Revoked));
    bus.onAvailabilityChange(() => this.#entries.clear());
  }

  get #ttl() {
    return this.options.ttlMs ?? SESSION_CACHE_MS;
  }

  #now() {
    return (this.options.now ?? Date.now)();
  }

  /** The user of a session read lately and still live; null when it must be read. */
  get(tokenHash: string): string | null {
    if (!this.bus.available) return null;
    const entry = this.#entries.get(tokenHash);
    if (!entry) return null;
    if (entry.until <= this.#now()) {
      this.#entries.delete(tokenHash);
      return null;
    }
    // Map order is the recency order: move the entry to the end.
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, entry);
    return entry.userId;
  }

  /** Keeps a session just read from the database (`readAt`: when the read began). */
  remember(tokenHash: string, userId: string, expiresAt: Date, readAt: number) {
    if (!this.bus.available) return;
    if (this.endedSince(tokenHash, userId, readAt)) return;
    const until = Math.min(this.#now() + this.#ttl, expiresAt.getTime());
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, { userId, until });
    if (this.#entries.size > (this.options.capacity ?? SESSION_CACHE_SIZE)) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
  }

  /**
   * Whether the session (by its token hash) or every session of its user ended since `since` (a
   * Date.now() value up to SESSION_CACHE_MS ago): for a check read from the database before the
   * news of the ending arrived.
   */
  endedSince(tokenHash: string, userId: string, since: number): boolean {
    return [tokenHash, `user:${userId}`].some((key) => (this.#ended.get(key) ?? -1) >= since);
  }

  /** Calls the listener with every ending announced from now on, here or by another replica. */
  onRevoked(listener: (which: Revoked) => void): () => void {
    this.#revokedListeners.add(listener);
    return () => void this.#revokedListeners.delete(listener);
  }

  /** Forgets ended sessions here and, through the live bus, on every other replica. */
  async revoke(which: Revoked) {
    this.#forget(which);
    await this.bus.publish(CHANNEL, { event: "revoked", payload: which });
  }

  #forget(which: Revoked) {
    const now = this.#now();
    // A read that began longer ago than an entry lives is past keeping anyway.
    for (const [key, endedAt] of this.#ended) if (endedAt + this.#ttl <= now) this.#ended.delete(key);
    if ("tokenHash" in which) {
      this.#entries.delete(which.tokenHash);
      this.#ended.set(which.tokenHash, now);
    } else {
      for (const [key, entry] of this.#entries) if (entry.userId === which.userId) this.#entries.delete(key);
      this.#ended.set(`user:${which.userId}`, now);
    }
    for (const listener of [...this.#revokedListeners]) listener(which);
  }
}
