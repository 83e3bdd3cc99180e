import type { Config } from "../config.ts";
import type { Log } from "../deps.ts";
import { type EventBus, InProcessEventBus } from "./event-bus.ts";
import { RedisEventBus } from "./redis-event-bus.ts";

/** Redis pub/sub when REDIS_URL is set (several replicas), otherwise the in-process bus. */
export function createEventBus(config: Pick<Config, "redisUrl" | "redisPrefix">, log: Log): EventBus {
  return config.redisUrl
    ? new RedisEventBus(config.redisUrl, config.redisPrefix, log)
    : new InProcessEventBus();
}
