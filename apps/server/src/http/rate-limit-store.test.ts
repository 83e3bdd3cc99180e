import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../test/app.ts";
import { type RedisProxy, redisProxy } from "../../test/redis-proxy.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const LIMIT = 3;

/** A client address of its own: counters are per address, and parallel runs share one Redis. */
const randomAddress = () => `10.${[...randomBytes(3)].join(".")}`;

const signIn = (app: TestApp, email: string, remoteAddress: string) =>
  app.inject({
    method: "POST",
    url: "/api/v1/auth/local/signin",
    headers: CLIENT,
    payload: { email, password: "not the password" },
    remoteAddress,
  });

const startSso = (app: TestApp, remoteAddress: string) =>
  app.inject({ url: "/auth/workos/initialize?email=a@b.test", remoteAddress });

async function until(condition: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("sign-in limits per account (in-process counters, no Redis)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ BOXYARD_SIGNIN_RATE_LIMIT: String(LIMIT) });
  });

  it("S1-7.018 / one account tried from many addresses is refused after the limit, its address spelled any way; other accounts are not", async () => {
    const victim = `victim-${randomBytes(3).toString("hex")}@example.test`;
    const spellings = [victim, ` ${victim.toUpperCase()} `, victim];
    for (const email of spellings) {
      const response = await signIn(app, email, randomAddress());
      expect(response.statusCode).not.toBe(429);
    }
    // Sign-up names the same account: counted with the sign-ins.
    const signUp = await app.inject({
      method: "POST",
      url: "/api/v1/auth/local/signup",
      headers: CLIENT,
      payload: { email: victim, password: "a long enough password" },
      remoteAddress: randomAddress(),
    });
    expect(signUp.statusCode).toBe(429);
    expect(signUp.json()).toEqual({ errors: { detail: ["Too many requests, please try again later."] } });
    expect(Number(signUp.headers["retry-after"])).toBeGreaterThan(0);
    const fifth = await signIn(app, victim, randomAddress());
    expect(fifth.statusCode).toBe(429);
    // Another account, from an address already used against the victim, is tried as usual.
    expect((await signIn(app, `other-${victim}`, randomAddress())).statusCode).toBe(401);
  });

  it("S1-7.018 / password reset links for one account are limited whatever the addresses asking", async () => {
    const victim = `inbox-${randomBytes(3).toString("hex")}@example.test`;
    const forgot = () =>
      app.inject({
        method: "POST",
        url: "/api/v1/auth/password/forgot",
        headers: CLIENT,
        payload: { email: victim },
        remoteAddress: randomAddress(),
      });
    for (let i = 0; i < LIMIT; i++) expect((await forgot()).statusCode).toBe(202);
    expect((await forgot()).statusCode).toBe(429);
  });

  it("S1-7.018 / one address is still limited across accounts", async () => {
    const address = randomAddress();
    for (let i = 0; i < LIMIT; i++) {
      expect(
        (await signIn(app, `a${i}-${randomBytes(3).toString("hex")}@example.test`, address)).statusCode,
      ).toBe(401);
    }
    expect((await signIn(app, `b-${randomBytes(3).toString("hex")}@example.test`, address)).statusCode).toBe(
      429,
    );
  });
});

describe.runIf(redisUrl)("sign-in limits kept in Redis", () => {
  const prefix = `boxyard-test-${randomBytes(4).toString("hex")}:`;
  let proxy: RedisProxy;
  let app: TestApp;
  let replica: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    proxy = await redisProxy(new URL(redisUrl!));
    const env = {
      REDIS_URL: proxy.url,
      BOXYARD_REDIS_PREFIX: prefix,
      BOXYARD_SIGNIN_RATE_LIMIT: String(LIMIT),
    };
    app = await testApp(env);
    replica = await testApp({ ...env, REDIS_URL: redisUrl! });
    redis = new Redis(redisUrl!);
    await until(() => app.deps.live.available);
  });
  afterAll(async () => {
    proxy?.close();
    if (!redis) return;
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it("S1-7.018 / the counters live under BOXYARD_REDIS_PREFIX, shared by replicas, per address and per account", async () => {
    const address = randomAddress();
    expect((await startSso(app, address)).statusCode).toBe(404);
    expect(await redis.get(`${prefix}rate-limit:GET/auth/workos/initialize:${address}`)).toBe("1");
    expect(await redis.keys(`boxyard-rl:*${address}*`)).toEqual([]);

    const victim = `victim-${randomBytes(3).toString("hex")}@example.test`;
    expect((await signIn(app, victim, randomAddress())).statusCode).toBe(401);
    expect((await signIn(replica, victim, randomAddress())).statusCode).toBe(401);
    expect(await redis.get(`${prefix}rate-limit:shared:account:${victim}`)).toBe("2");
    expect((await signIn(app, victim, randomAddress())).statusCode).toBe(401);
    expect((await signIn(replica, victim, randomAddress())).statusCode).toBe(429);
  });

  it("S1-7.018 / S1-8.026 / with Redis cut off the limits hold on in-process counters, at once, and Redis counts again when it returns", async () => {
    await proxy.down();
    await until(() => !app.deps.live.available);
    const address = randomAddress();
    const started = Date.now();
    for (let i = 0; i < LIMIT; i++) expect((await startSso(app, address)).statusCode).toBe(404);
    const refused = await startSso(app, address);
    expect(refused.statusCode).toBe(429);
    // No request waited on Redis.
    expect(Date.now() - started).toBeLessThan(2_000);

    const victim = `victim-${randomBytes(3).toString("hex")}@example.test`;
    for (let i = 0; i < LIMIT; i++) expect((await signIn(app, victim, randomAddress())).statusCode).toBe(401);
    expect((await signIn(app, victim, randomAddress())).statusCode).toBe(429);
    expect(await redis.get(`${prefix}rate-limit:shared:account:${victim}`)).toBeNull();

    await proxy.up();
    await until(() => app.deps.live.available);
    const later = randomAddress();
    // The rate-limit connection reconnects on its own schedule: wait until it counts in Redis.
    const key = `${prefix}rate-limit:GET/auth/workos/initialize:${later}`;
    const deadline = Date.now() + 15_000;
    while ((await redis.get(key)) === null && Date.now() < deadline) {
      expect((await startSso(app, later)).statusCode).not.toBe(500);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await redis.get(key)).not.toBeNull();
  });
});
