import { createHash, createHmac, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, type Personas, personas, type TestUser } from "../../../test/factories.ts";
import {
  identities,
  notifications,
  projects,
  pullRequests,
  webhookDeliveries,
} from "../../db/schema/index.ts";

const SECRET = "webhook-secret-for-tests";
let app: TestApp;
let p: Personas;
let projectId: string;

const github = { reviewer: 7001, author: 7002, outsider: 7003, unlinked: 7004 };
const account = (id: number, login: string) => ({ id, login, avatar_url: `https://avatars.test/${login}` });
const repository = { id: 4242, name: "rocket", owner: { login: "acme" } };

beforeAll(async () => {
  app = await testApp({ GITHUB_WEBHOOK_SECRET: SECRET });
  p = await personas(app);
  const link = (user: TestUser, id: number) =>
    app.deps.db
      .insert(identities)
      .values({ userId: user.id, provider: "github", providerUserId: String(id), login: user.username });
  await link(p.writer, github.reviewer);
  await link(p.admin, github.author);
  await link(p.outsider, github.outsider);
  const [project] = await app.deps.db
    .insert(projects)
    .values({
      workspaceId: p.workspaceId,
      owner: "acme",
      name: "rocket",
      remoteId: String(repository.id),
      cloneUrl: "https://github.test/acme/rocket.git",
      defaultBranch: "main",
    })
    .returning();
  projectId = project!.id;
});

function deliver(event: string, payload: unknown, options: { id?: string; signature?: string | null } = {}) {
  const body = JSON.stringify(payload);
  const signature =
    options.signature === undefined
      ? `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`
      : options.signature;
  return app.inject({
    method: "POST",
    url: "/api/webhooks/github",
    headers: {
      "content-type": "application/json",
      "x-github-event": event,
      "x-github-delivery": options.id ?? randomUUID(),
      ...(signature === null ? {} : { "x-hub-signature-256": signature }),
    },
    payload: body,
  });
}

const pullRequest = (number: number, requested: number | null, title = "Add the launch pad") => ({
  action: requested === null ? "opened" : "review_requested",
  number,
  pull_request: {
    number,
    title,
    state: "open",
    updated_at: new Date().toISOString(),
    additions: 12,
    deletions: 3,
    user: account(github.author, "author"),
    head: { ref: `feature-${number}`, sha: "a".repeat(40), repo: { owner: { login: "acme" } } },
  },
  ...(requested === null ? {} : { requested_reviewer: account(requested, `gh-${requested}`) }),
  sender: account(github.author, "author"),
  repository,
});

const notificationsOf = (user: TestUser) =>
  app.deps.db.select().from(notifications).where(eq(notifications.userId, user.id));

describe("GitHub webhooks", () => {
  it(`S1-3.020 / S1-3.043 / POST /api/webhooks/github a review request notifies the requested reviewer and stores the pull request`, async () => {
    const response = await deliver("pull_request", pullRequest(11, github.reviewer));
    expect(response.statusCode).toBe(200);
    const [notification] = await notificationsOf(p.writer);
    expect(notification!.type).toBe("pull_request_review_requested");
    expect(notification!.data).toEqual({
      teamId: p.workspaceId,
      owner: "acme",
      repo: "rocket",
      branch: "feature-11",
      pullRequestNumber: 11,
      requesterName: "author",
      requesterAvatar: "https://avatars.test/author",
    });
    const [stored] = await app.deps.db
      .select()
      .from(pullRequests)
      .where(eq(pullRequests.projectId, projectId));
    expect(stored).toMatchObject({ number: 11, title: "Add the launch pad", additions: 12, deletions: 3 });
  });

  it("S1-3.019 / S1-3.042 / a submitted review notifies the pull request's author with the review state in lowercase", async () => {
    const before = (await notificationsOf(p.admin)).length;
    const response = await deliver("pull_request_review", {
      action: "submitted",
      review: { id: 991, state: "CHANGES_REQUESTED", user: account(github.reviewer, "reviewer") },
      pull_request: pullRequest(11, null).pull_request,
      repository,
    });
    expect(response.statusCode).toBe(200);
    const received = (await notificationsOf(p.admin)).filter(
      (n) => n.type === "pull_request_review_received",
    );
    expect((await notificationsOf(p.admin)).length).toBe(before + 1);
    expect(received[0]!.data).toEqual({
      teamId: p.workspaceId,
      owner: "acme",
      repo: "rocket",
      branch: "feature-11",
      pullRequestNumber: 11,
      reviewId: 991,
      reviewState: "changes_requested",
      reviewerName: "reviewer",
      reviewerAvatar: "https://avatars.test/reviewer",
    });
  });

  it("S1-3.020 / a redelivery changes nothing; a missing or wrong signature is refused and changes nothing", async () => {
    const id = randomUUID();
    const count = async () => (await notificationsOf(p.writer)).length;
    const before = await count();
    expect((await deliver("pull_request", pullRequest(12, github.reviewer), { id })).statusCode).toBe(200);
    const again = await deliver("pull_request", pullRequest(12, github.reviewer), { id });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ outcome: "duplicate" });
    expect(await count()).toBe(before + 1);

    const forged = pullRequest(13, github.reviewer, "Forged");
    expect((await deliver("pull_request", forged, { signature: "sha256=00" })).statusCode).toBe(401);
    const wrongKey = `sha256=${createHmac("sha256", "not-the-secret").update(JSON.stringify(forged)).digest("hex")}`;
    expect((await deliver("pull_request", forged, { signature: wrongKey })).statusCode).toBe(401);
    expect((await deliver("pull_request", forged, { signature: null })).statusCode).toBe(401);
    expect(await count()).toBe(before + 1);
    const numbers = (
      await app.deps.db.select().from(pullRequests).where(eq(pullRequests.projectId, projectId))
    ).map((r) => r.number);
    expect(numbers).not.toContain(13);
  });

  it("S1-3.020 / a signed body replayed under a new delivery id, or as another event, is a duplicate and changes nothing", async () => {
    const count = async () => (await notificationsOf(p.writer)).length;
    const before = await count();
    const caught = pullRequest(14, github.reviewer);
    const first = await deliver("pull_request", caught);
    expect(first.json()).toEqual({ outcome: "handled" });
    const [stored] = await app.deps.db
      .select()
      .from(webhookDeliveries)
      .where(
        eq(
          webhookDeliveries.payloadSha256,
          createHash("sha256").update(JSON.stringify(caught)).digest("hex"),
        ),
      );
    expect(stored).toMatchObject({ provider: "GITHUB", event: "pull_request" });
    // The delivery id and the event name are headers: not signed, so anyone holding the body can change them.
    for (const event of ["pull_request", "pull_request_review"]) {
      const replayed = await deliver(event, caught, { id: randomUUID() });
      expect(replayed.statusCode).toBe(202);
      expect(replayed.json()).toEqual({ outcome: "duplicate" });
    }
    expect(await count()).toBe(before + 1);
    // The same change sent anew by GitHub is another body (another delivery): applied.
    expect((await deliver("pull_request", pullRequest(14, github.reviewer, "Renamed"))).json()).toEqual({
      outcome: "handled",
    });
  });

  it("S1-3.020 / people outside the workspaces that imported the repository, or without a linked account, get nothing", async () => {
    const before = (await notificationsOf(p.outsider)).length;
    expect((await deliver("pull_request", pullRequest(14, github.outsider))).statusCode).toBe(200);
    expect((await deliver("pull_request", pullRequest(15, github.unlinked))).statusCode).toBe(200);
    expect((await notificationsOf(p.outsider)).length).toBe(before);
  });

  it("S1-3.025 / with inAppPrReviewRequest off the reviewer is not notified", async () => {
    const off = await gql(
      app,
      p.writer,
      "mutation { updateNotificationPreferences(inAppPrReviewRequest: false) { inAppPrReviewRequest } }",
    );
    expect(off.errors).toBeUndefined();
    const before = (await notificationsOf(p.writer)).length;
    expect((await deliver("pull_request", pullRequest(16, github.reviewer))).statusCode).toBe(200);
    expect((await notificationsOf(p.writer)).length).toBe(before);
  });

  it("S1-3.020 / an unreadable event is refused and changes nothing; ping answers 204; unknown events are ignored", async () => {
    const bad = await deliver("pull_request", { action: "opened", repository });
    expect(bad.statusCode).toBe(422);
    expect((await deliver("ping", { zen: "Keep it logically awesome." })).statusCode).toBe(204);
    const other = await deliver("issues", { action: "opened" });
    expect(other.statusCode).toBe(202);
    expect(other.json()).toEqual({ outcome: "ignored" });
  });

  it("S1-3.020 / without GITHUB_WEBHOOK_SECRET the route answers 404", async () => {
    const plain = await testApp();
    const response = await plain.inject({
      method: "POST",
      url: "/api/webhooks/github",
      headers: { "content-type": "application/json", "x-github-event": "ping", "x-github-delivery": "x" },
      payload: "{}",
    });
    expect(response.statusCode).toBe(404);
  });
});
