import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { LiveEvent } from "./event-bus.ts";
import { RedisEventBus } from "./redis-event-bus.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const title = redisUrl ? "the Redis event bus" : "the Redis event bus (skipped: needs TEST_REDIS_URL)";
const log = { warn() {}, info() {} };

describe.runIf(redisUrl)(title, () => {
  const prefix = `boxyard-test-${randomBytes(4).toString("hex")}:`;
  const listening = new RedisEventBus(redisUrl!, prefix, log);
  const publishing = new RedisEventBus(redisUrl!, prefix, log);
  afterAll(() => Promise.all([listening.close(), publishing.close()]));

  it("once ready, a subscription hears what another replica publishes next: a socket's join reply comes after it", async () => {
    for (let round = 0; round < 20; round++) {
      const channel = `notification:${round}`;
      const heard: LiveEvent[] = [];
      const stop = listening.subscribe(channel, (event) => heard.push(event));
      await listening.ready(channel);
      await publishing.publish(channel, { event: "ping", payload: round });
      await expect.poll(() => heard.map((e) => e.payload), { timeout: 5000 }).toEqual([round]);
      stop();
    }
  });
});
