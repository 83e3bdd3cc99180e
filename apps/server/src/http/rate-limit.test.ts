import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../test/app.ts";

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("rate limits shared between replicas through Redis", () => {
  let replicaA: TestApp;
  let replicaB: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, BOXYARD_SIGNIN_RATE_LIMIT: "3" };
    replicaA = await testApp(env);
    replicaB = await testApp(env);
  });

  it("S1-7.002 / sign-in requests counted on one replica count on the other", async () => {
    // Counters are per client address: a random one keeps parallel runs from counting each other.
    const ip = `127.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const ask = (app: TestApp) =>
      app.inject({ url: "/auth/workos/initialize?email=a@b.test", remoteAddress: ip });
    expect((await ask(replicaA)).statusCode).toBe(404);
    expect((await ask(replicaB)).statusCode).toBe(404);
    expect((await ask(replicaA)).statusCode).toBe(404);
    const fourth = await ask(replicaB);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ errors: { detail: ["Too many requests, please try again later."] } });
  });
});
