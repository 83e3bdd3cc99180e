import { type NotificationData, notificationTopic, SOCKET_CLOSE } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, signUp, type TestUser } from "../../../test/factories.ts";
import { openSocket, socketToken } from "../../../test/socket.ts";
import { notifications } from "../../db/schema/index.ts";
import { notify } from "./notifier.ts";

let app: TestApp;
beforeAll(async () => {
  app = await testApp({ BOXYARD_SIGNIN_RATE_LIMIT: "1000" }); // many sign-ups in one file
});

const RECENT = `query RecentNotifications($type: [String], $limit: Int, $after: UUID4, $direction: Direction!) {
  me { id notifications(limit: $limit, type: $type, orderBy: { field: "insertedAt", direction: $direction }, after: $after) {
    id type data insertedAt read } unreadNotificationCount } }`;

type Item = { id: string; type: string; data: string; insertedAt: string; read: boolean };

async function recent(user: TestUser, variables: Record<string, unknown> = {}) {
  const answer = await gql<{ me: { notifications: Item[]; unreadNotificationCount: number } }>(
    app,
    user,
    RECENT,
    { direction: "ASC", ...variables },
  );
  return answer;
}

const review = (n: number): NotificationData<"pull_request_review_requested"> => ({
  teamId: "00000000-0000-4000-8000-000000000000",
  owner: "acme",
  repo: "rocket",
  branch: `feature-${n}`,
  pullRequestNumber: n,
  requesterName: "Grace",
  requesterAvatar: null,
});

/** Makes notifications through the producers' entry point (the code host's webhooks use it), one after the other. */
async function requestReviews(user: TestUser, count: number) {
  const made = [];
  for (let i = 0; i < count; i++) {
    made.push(
      ...(await notify(app.deps, [
        { userId: user.id, type: "pull_request_review_requested" as const, data: review(i + 1) },
      ])),
    );
  }
  return made;
}

describe("notifications", () => {
  it("S1-3.018 / S1-3.020 / a notification has id, type, data as a JSON string with camelCase keys, read and insertedAt", async () => {
    const user = await signUp(app);
    await requestReviews(user, 1);
    const answer = await recent(user);
    expect(answer.errors).toBeUndefined();
    const [item] = answer.data!.me.notifications;
    expect(item).toMatchObject({ type: "pull_request_review_requested", read: false });
    expect(JSON.parse(item!.data)).toEqual(review(1));
    expect(new Date(item!.insertedAt).toISOString()).toBe(item!.insertedAt);
  });

  it("S1-7.029 / S1-9.001 / S1-7.030 / RecentNotifications answers the 20 newest, ascending, filtered by type", async () => {
    const user = await signUp(app);
    await requestReviews(user, 22);
    await notify(app.deps, [
      {
        userId: user.id,
        type: "team_accepted",
        data: { teamId: review(0).teamId, teamName: "Rocket", userName: "Ada", userAvatar: null },
      },
    ]);
    const all = (await recent(user, { limit: 20 })).data!.me.notifications;
    expect(all).toHaveLength(20);
    const times = all.map((n) => n.insertedAt);
    expect([...times].sort()).toEqual(times);
    // The newest is the team_accepted one, last in ascending order; the two oldest are left out.
    expect(all.at(-1)!.type).toBe("team_accepted");
    expect(all.map((n) => JSON.parse(n.data).pullRequestNumber)).not.toContain(1);

    const descending = (await recent(user, { limit: 20, direction: "DESC" })).data!.me.notifications;
    expect(descending.map((n) => n.id)).toEqual(all.map((n) => n.id).reverse());

    const filtered = (await recent(user, { type: ["team_accepted"] })).data!.me.notifications;
    expect(filtered.map((n) => n.type)).toEqual(["team_accepted"]);
  });

  it("S1-7.029 / catching up: `after` answers the notifications after one, oldest first, in pages", async () => {
    const user = await signUp(app);
    await requestReviews(user, 5);
    const page = (await recent(user)).data!.me.notifications;
    const after = (await recent(user, { after: page[1]!.id, limit: 2 })).data!.me.notifications;
    expect(after.map((n) => n.id)).toEqual([page[2]!.id, page[3]!.id]);
  });

  it("S1-7.029 / bad input gets a clear error: an unknown type, a limit below 1, another order field", async () => {
    const user = await signUp(app);
    const badType = await recent(user, { type: ["pizza"] });
    expect(badType.errors?.[0]).toMatchObject({
      message: "Unknown notification type 'pizza'.",
      extensions: { code: "INVALID" },
    });
    expect((await recent(user, { limit: 0 })).errors?.[0]?.extensions?.code).toBe("INVALID");
    const badOrder = await gql(
      app,
      user,
      `{ me { notifications(orderBy: { field: "title", direction: ASC }) { id } } }`,
    );
    expect(badOrder.errors?.[0]?.extensions?.code).toBe("INVALID");
  });

  it("S1-7.037 / S1-4.024 / clearing the count resets the badge and keeps the notifications unread; marking all read reads them", async () => {
    const user = await signUp(app);
    await requestReviews(user, 3);
    expect((await recent(user)).data!.me.unreadNotificationCount).toBe(3);
    const cleared = await gql(app, user, "mutation ClearNotificationCount { clearNotificationCount { id } }");
    expect(cleared).toEqual({ data: { clearNotificationCount: { id: user.id } } });
    let list = (await recent(user)).data!.me;
    expect(list.unreadNotificationCount).toBe(0);
    expect(list.notifications.every((n) => !n.read)).toBe(true);
    // A notification after the clearing counts again.
    await requestReviews(user, 1);
    expect((await recent(user)).data!.me.unreadNotificationCount).toBe(1);

    const marked = await gql(
      app,
      user,
      "mutation MarkNotificationsAsRead { markAllNotificationsAsRead { id } }",
    );
    expect(marked.errors).toBeUndefined();
    list = (await recent(user)).data!.me;
    expect(list.notifications.every((n) => n.read)).toBe(true);
    expect(list.unreadNotificationCount).toBe(0);
  });

  it("S1-7.037 / S1-2.114 / the read toggle, archiving one and archiving all", async () => {
    const user = await signUp(app);
    await requestReviews(user, 3);
    const [first, second] = (await recent(user)).data!.me.notifications;
    const toggled = await gql(
      app,
      user,
      `mutation UpdateNotificationReadStatus($notificationId: UUID4!, $read: Boolean!) {
        updateNotificationReadStatus(notificationId: $notificationId, read: $read) { id read } }`,
      { notificationId: first!.id, read: true },
    );
    expect(toggled.data).toEqual({ updateNotificationReadStatus: { id: first!.id, read: true } });
    const archived = await gql(
      app,
      user,
      "mutation ArchiveNotification($notificationId: UUID4!) { archiveNotification(notificationId: $notificationId) { id } }",
      { notificationId: second!.id },
    );
    expect(archived.data).toEqual({ archiveNotification: { id: second!.id } });
    let ids = (await recent(user)).data!.me.notifications.map((n) => n.id);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(second!.id);
    await gql(app, user, "mutation ArchiveAllNotifications { archiveAllNotifications { id } }");
    ids = (await recent(user)).data!.me.notifications.map((n) => n.id);
    expect(ids).toEqual([]);
  });

  it(`S1-7.037 / Mutation.updateNotificationReadStatus, Mutation.archiveNotification, User.notifications / a notification is its recipient's alone: anyone else gets NOT_FOUND and changes nothing`, async () => {
    const [owner, other] = await Promise.all([signUp(app), signUp(app)]);
    const [stored] = await requestReviews(owner, 1);
    for (const [query, variables] of [
      [
        "mutation($id: UUID4!) { updateNotificationReadStatus(notificationId: $id, read: true) { id } }",
        { id: stored!.id },
      ],
      ["mutation($id: UUID4!) { archiveNotification(notificationId: $id) { id } }", { id: stored!.id }],
    ] as const) {
      const answer = await gql(app, other, query, variables);
      expect(answer.errors?.[0]).toMatchObject({
        message: "Notification not found.",
        extensions: { code: "NOT_FOUND" },
      });
    }
    expect((await recent(other)).data!.me.notifications).toEqual([]);
    const cursor = await recent(other, { after: stored!.id });
    expect(cursor.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const [row] = await app.deps.db.select().from(notifications).where(eq(notifications.id, stored!.id));
    expect(row).toMatchObject({ read: false, archived: false });
  });

  it(`S1-7.037 / Mutation.markAllNotificationsAsRead, Mutation.archiveAllNotifications, Mutation.clearNotificationCount / the bulk mutations need sign-in and touch only the viewer's own notifications`, async () => {
    const [owner, other] = await Promise.all([signUp(app), signUp(app)]);
    await requestReviews(owner, 2);
    for (const field of ["markAllNotificationsAsRead", "archiveAllNotifications", "clearNotificationCount"]) {
      const anonymous = await gql(app, null, `mutation { ${field} { id } }`);
      expect(anonymous.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
      expect((await gql(app, other, `mutation { ${field} { id } }`)).errors).toBeUndefined();
    }
    const mine = (await recent(owner)).data!.me;
    expect(mine.notifications).toHaveLength(2);
    expect(mine.unreadNotificationCount).toBe(2);
  });
});

describe("live notifications", () => {
  it(`S1-7.020 / GET /api/socket / joining notification:{userId} answers {unread}; new-notification arrives when one is made`, async () => {
    const user = await signUp(app);
    await requestReviews(user, 2);
    const socket = await openSocket(app, await socketToken(app, user));
    const topic = notificationTopic(user.id);
    expect(await socket.join(topic)).toEqual({ status: "ok", response: { unread: 2 } });
    const [stored] = await requestReviews(user, 1);
    const pushed = await socket.next((m) => m.event === "new-notification");
    expect(pushed).toMatchObject({
      topic,
      event: "new-notification",
      payload: {
        id: stored!.id,
        type: "pull_request_review_requested",
        read: false,
        insertedAt: stored!.insertedAt.toISOString(),
        unread: 3,
      },
    });
    expect(JSON.parse((pushed.payload as { data: string }).data)).toEqual(review(1));
    socket.close();
  });

  it("S1-8.026 / another user's topic, or a topic that does not exist, is 'room not found'", async () => {
    const [user, other] = await Promise.all([signUp(app), signUp(app)]);
    const socket = await openSocket(app, await socketToken(app, user));
    expect(await socket.join(notificationTopic(user.id))).toMatchObject({ status: "ok" });
    const refused = { status: "error", response: { reason: "room not found" } };
    expect(await socket.join(notificationTopic(other.id))).toEqual(refused);
    expect(await socket.join("live:abc")).toEqual(refused);
    expect(await socket.join(`workspace:${other.primaryTeamId}`)).toEqual(refused);
    // Nothing of the other user's comes through.
    await requestReviews(other, 1);
    await requestReviews(user, 1);
    await socket.next((m) => m.event === "new-notification" && m.topic === notificationTopic(user.id));
    expect(socket.messages.filter((m) => m.event === "new-notification")).toHaveLength(1);
    socket.close();
  });

  it("S1-8.026 / a missing, forged or expired token closes the socket with 4401 (401)", async () => {
    for (const token of ["", "not-a-jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl"]) {
      const socket = await openSocket(app, token);
      expect((await socket.closed).code).toBe(SOCKET_CLOSE.unauthorized);
    }
  });

  it("S1-8.026 / a socket cannot ask for more than its topics: messages before the token is checked wait for it", async () => {
    const user = await signUp(app);
    const socket = await openSocket(app, await socketToken(app, user));
    socket.send({ topic: "", event: "heartbeat", ref: "h" });
    expect(await socket.next((m) => m.event === "reply" && m.ref === "h")).toMatchObject({
      payload: { status: "ok" },
    });
    socket.send("not json");
    expect(await socket.next((m) => m.event === "reply" && m.ref === null)).toMatchObject({
      payload: { status: "error", response: { reason: "invalid message" } },
    });
    socket.close();
  });
});
