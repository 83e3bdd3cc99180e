import { randomBytes } from "node:crypto";
import { notificationTopic, SOCKET_CLOSE } from "@boxyard/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../test/app.ts";
import { gql, signUp } from "../../test/factories.ts";
import { redisProxy } from "../../test/redis-proxy.ts";
import { openSocket, socketToken } from "../../test/socket.ts";
import { notify } from "../modules/notifications/notifier.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const title = redisUrl
  ? "Redis down"
  : "Redis down (skipped: needs TEST_REDIS_URL, a Redis this test reaches through a proxy it can cut)";

async function until(condition: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(redisUrl)(title, () => {
  let app: TestApp;
  let proxy: Awaited<ReturnType<typeof redisProxy>>;
  beforeAll(async () => {
    proxy = await redisProxy(new URL(redisUrl!));
    app = await testApp({
      REDIS_URL: proxy.url,
      BOXYARD_REDIS_PREFIX: `boxyard-test-${randomBytes(4).toString("hex")}:`,
    });
    await until(() => app.deps.live.available);
  });
  afterAll(() => proxy.close());

  it("S1-8.026 / S1-9.014 / the server keeps answering without Redis; sockets are told 503 and live delivery resumes when Redis returns", async () => {
    const user = await signUp(app);
    const review = {
      userId: user.id,
      type: "pull_request_review_requested" as const,
      data: {
        teamId: user.primaryTeamId,
        owner: "acme",
        repo: "rocket",
        branch: "main",
        pullRequestNumber: 1,
        requesterName: "Grace",
        requesterAvatar: null,
      },
    };
    const socket = await openSocket(app, await socketToken(app, user));
    await socket.join(notificationTopic(user.id));
    await notify(app.deps, [review]);
    await socket.next((m) => m.event === "new-notification");

    await proxy.down();
    expect((await socket.closed).code).toBe(SOCKET_CLOSE.unavailable);
    expect(app.deps.live.available).toBe(false);
    // Everything else goes on: sign-in (its rate limit is kept in Redis), queries, new notifications.
    const another = await signUp(app);
    expect(another.id).toBeTruthy();
    const [missed] = await notify(app.deps, [review]);
    const listed = await gql<{ me: { notifications: { id: string }[] } }>(
      app,
      user,
      "{ me { id notifications { id } } }",
    );
    expect(listed.data!.me.notifications.map((n) => n.id)).toContain(missed!.id);
    const refused = await openSocket(app, await socketToken(app, user));
    expect((await refused.closed).code).toBe(SOCKET_CLOSE.unavailable);

    await proxy.up();
    await until(() => app.deps.live.available);
    const back = await openSocket(app, await socketToken(app, user));
    // The join answers the count, the missed notification included: the client refetches its list.
    expect(await back.join(notificationTopic(user.id))).toEqual({ status: "ok", response: { unread: 2 } });
    const [next] = await notify(app.deps, [review]);
    const pushed = await back.next((m) => m.event === "new-notification");
    expect(pushed.payload).toMatchObject({ id: next!.id, unread: 3 });
    back.close();
  });
});
