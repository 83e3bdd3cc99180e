import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import type { Redis } from "ioredis";

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** Counters kept in memory at most; the oldest windows leave first. */
const LOCAL_CAPACITY = 50_000;

/** One fixed window per key: the first request starts it, the key expires with it. */
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {current, tonumber(ARGV[1])}
end
return {current, redis.call('PTTL', KEYS[1])}
`;

type RedisWithIncrement = Redis & {
  boxyardRateLimit(key: string, windowMs: number): Promise<[number, number]>;
};

/** Fixed-window counters of this process, shared by every route's store. */
export class LocalCounters {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly capacity = LOCAL_CAPACITY) {}

  increment(key: string, windowMs: number): Counted {
    const now = Date.now();
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.#windows.delete(key);
      if (this.#windows.size >= this.capacity) this.#evict(now);
      this.#windows.set(key, window);
    }
    window.count++;
    return { current: window.count, ttl: window.endsAt - now };
  }

  #evict(now: number) {
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
    // Still full of live windows: the oldest goes (Map order is insertion order).
    if (this.#windows.size >= this.capacity) this.#windows.delete(this.#windows.keys().next().value!);
  }
}

/**
 * The rate-limit store: counters in Redis under the installation's prefix (`BOXYARD_REDIS_PREFIX`),
 * shared by the replicas, and in this process's memory while Redis is unreachable. The plugin's
 * own choices were either to count nothing while Redis is away (`skipOnError`), which switched the
 * sign-in limits off exactly when an attacker could cut Redis off, or to answer 500; its Redis
 * store cannot fall back. A replica counting alone for a while is far better than no limit. With
 * no Redis configured, only the memory counters are used.
 */
export function rateLimitStore(options: { redis: Redis | null; prefix: string }) {
  const local = new LocalCounters();
  const redis = options.redis as RedisWithIncrement | null;
  if (redis && !redis.boxyardRateLimit) {
    redis.defineCommand("boxyardRateLimit", { numberOfKeys: 1, lua: INCREMENT });
  }

  return class FallbackRateLimitStore implements FastifyRateLimitStore {
    readonly #scope: string;

    constructor(_globalOptions?: unknown, scope = "global") {
      this.#scope = scope;
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      const fullKey = `${options.prefix}rate-limit:${this.#scope}:${key}`;
      // Not connected (down, or reconnecting): counted here at once rather than after a timeout.
      if (redis?.status !== "ready") return callback(null, local.increment(fullKey, timeWindow));
      redis.boxyardRateLimit(fullKey, timeWindow).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        () => callback(null, local.increment(fullKey, timeWindow)),
      );
    }

    /** Each route counts apart; limiters made with `createRateLimit` (no route) share one scope. */
    child(routeOptions: object) {
      // The plugin passes the route's merged limit options, the route itself under `routeInfo`.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const scope = route?.url ? `${String(route.method)}${String(route.url)}` : "shared";
      return new FallbackRateLimitStore(undefined, scope);
    }
  };
}

/**
 * Waits for the rate-limit connection to be ready, at most `timeoutMs`: the first requests after
 * a start are counted in Redis, not alone. A Redis that is down delays the start by that much only.
 */
export async function redisReady(redis: Redis, timeoutMs = 2_000): Promise<void> {
  if (redis.status === "ready") return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once("ready", done);
  });
}
