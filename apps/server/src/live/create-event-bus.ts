import type { Config } from "../config.ts";
import type { Log } from "../deps.ts";
import { type EventBus, InProcessEventBus } from "./event-bus.ts";

/**
 * Redis pub/sub when REDIS_URL is set (several replicas), otherwise the in-process bus. The Redis
 * client is loaded only when it is used (a single server starts faster without it).
 */
export async function createEventBus(
  config: Pick<Config, "redisUrl" | "redisPrefix">,
  log: Log,
): Promise<EventBus> {
  if (!config.redisUrl) return new InProcessEventBus();
  const { RedisEventBus } = await import("./redis-event-bus.ts");
  return new RedisEventBus(config.redisUrl, config.redisPrefix, log);
}
