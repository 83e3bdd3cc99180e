// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { notificationKeys } from "../../api/queries/notifications.ts";
import { sandboxKeys } from "../../api/queries/sandboxes.ts";
import { GraphQLAnswerError } from "../../test/graphql-handlers.ts";
import { createTestQueryClient } from "../../test/render.tsx";
import { LiveSocket } from "../live/liveSocket.ts";
import { startDashboard, TEAM_ID, USER } from "../sandbox-grid/testing.tsx";
import { useNotificationsLive } from "./useNotificationsLive.ts";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

type Raw = { id: string; type: string; data: string; insertedAt: string; read: boolean };
const item = (
  id: string,
  type: string,
  data: Record<string, unknown>,
  overrides: Partial<Raw> = {},
): Raw => ({
  id,
  type,
  data: JSON.stringify(data),
  insertedAt: minutesAgo(5),
  read: false,
  ...overrides,
});

const SHARED = item("n-shared", "sandbox_invitation", {
  sandboxId: "abc123",
  sandboxAlias: "rocket-abc123",
  sandboxTitle: "Rocket",
  inviterName: "Grace",
  inviterAvatar: null,
  authorization: "COMMENT",
});
const INVITED = item(
  "n-invite",
  "team_invite",
  { teamId: TEAM_ID, teamName: "Rocket Lab", inviterName: "Linus", inviterAvatar: null },
  { insertedAt: minutesAgo(60 * 26) },
);

const recent = (items: Raw[]) => () => ({ me: { id: USER.id, notifications: items } });
const count = (n: number) => () => ({ me: { id: USER.id, unreadNotificationCount: n } });
const ok =
  <const N extends string>(name: N) =>
  () =>
    ({ [name]: { id: USER.id } }) as Record<N, { id: string }>;
const recentPage = () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } });

async function openBell(name: RegExp | string = /^Notifications/) {
  await userEvent.click(await screen.findByRole("button", { name }, { timeout: 5000 }));
  return screen.findByRole("dialog", { name: "Notifications" });
}

describe("notification dropdown", () => {
  it("S1-2.090 / S1-2.111 / S1-2.112 / S1-9.013 / S1-4.024 / the bell shows the unread count; opening clears it, then marks read after 500 ms", async () => {
    const { operationsCalled } = startDashboard("/dashboard/recent", {
      NotificationCount: count(2),
      RecentNotifications: recent([INVITED, SHARED]),
      ClearNotificationCount: ok("clearNotificationCount"),
      MarkNotificationsAsRead: ok("markAllNotificationsAsRead"),
      RecentlyAccessedSandboxes: recentPage,
    });
    const dropdown = await openBell("Notifications, 2 unread");
    expect(dropdown.style.width).toBe("321px");
    const list = await within(dropdown).findByRole("list", { name: "Notification list" });
    expect(list.parentElement!.style.maxHeight).toBe("400px");
    expect(within(dropdown).getByText("2 new messages")).toBeTruthy();
    expect(operationsCalled().some((o) => o.operationName === "ClearNotificationCount")).toBe(true);
    expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();
    expect(operationsCalled().some((o) => o.operationName === "MarkNotificationsAsRead")).toBe(false);
    await waitFor(() => expect(within(dropdown).getByText("0 new messages")).toBeTruthy(), { timeout: 2000 });
    expect(operationsCalled().some((o) => o.operationName === "MarkNotificationsAsRead")).toBe(true);
  });

  it("S1-2.113 / S1-2.120 / each item says who did what, the sandbox invitation by its authorization, with a short-distance time; newest first", async () => {
    startDashboard("/dashboard/recent", {
      NotificationCount: count(0),
      RecentNotifications: recent([INVITED, SHARED]),
      ClearNotificationCount: ok("clearNotificationCount"),
      MarkNotificationsAsRead: ok("markAllNotificationsAsRead"),
      RecentlyAccessedSandboxes: recentPage,
    });
    const dropdown = await openBell();
    const rows = within(dropdown).getAllByRole("listitem");
    expect(rows[0]!.textContent).toContain("Grace invited you to comment on Rocket");
    expect(rows[0]!.textContent).toContain("5m");
    expect(rows[1]!.textContent).toContain("Linus invited you to join Rocket Lab");
    expect(rows[1]!.textContent).toContain("1d");
  });

  it("S1-2.115 / S1-2.119 / clicking an item marks it read first, then opens the sandbox", async () => {
    const { operationsCalled, router } = startDashboard("/dashboard/recent", {
      NotificationCount: count(1),
      RecentNotifications: recent([SHARED]),
      ClearNotificationCount: ok("clearNotificationCount"),
      MarkNotificationsAsRead: ok("markAllNotificationsAsRead"),
      UpdateNotificationReadStatus: () => ({ updateNotificationReadStatus: { id: "n-shared" } }),
      RecentlyAccessedSandboxes: recentPage,
    });
    const dropdown = await openBell();
    await userEvent.click(within(dropdown).getByText(/invited you to comment on Rocket/));
    expect(
      operationsCalled().find((o) => o.operationName === "UpdateNotificationReadStatus")?.variables,
    ).toEqual({
      notificationId: "n-shared",
      read: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/s/abc123"));
  });

  it("S1-2.117 / a team invitation leads to the workspace overview with invite_email", async () => {
    const { router } = startDashboard("/dashboard/recent", {
      NotificationCount: count(0),
      RecentNotifications: recent([{ ...INVITED, read: true }]),
      ClearNotificationCount: ok("clearNotificationCount"),
      MarkNotificationsAsRead: ok("markAllNotificationsAsRead"),
      RecentlyAccessedSandboxes: recentPage,
    });
    const dropdown = await openBell();
    await userEvent.click(within(dropdown).getByText(/invited you to join Rocket Lab/));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workspace/${TEAM_ID}`));
    expect(router.state.location.search).toBe(`?invite_email=${encodeURIComponent(USER.email ?? "")}`);
  });

  it("S1-2.114 / S1-8.025 / filter by type ('No notifications match your search'), archive one, archive all ('You don't have any notifications')", async () => {
    let items = [INVITED, SHARED];
    const { operationsCalled } = startDashboard("/dashboard/recent", {
      NotificationCount: count(0),
      RecentNotifications: (variables) =>
        recent(variables.type ? items.filter((n) => (variables.type as string[]).includes(n.type)) : items)(),
      ClearNotificationCount: ok("clearNotificationCount"),
      MarkNotificationsAsRead: ok("markAllNotificationsAsRead"),
      ArchiveNotification: (variables) => {
        items = items.filter((n) => n.id !== variables.notificationId);
        return { archiveNotification: { id: variables.notificationId } };
      },
      ArchiveAllNotifications: () => {
        items = [];
        return { archiveAllNotifications: { id: USER.id } };
      },
      RecentlyAccessedSandboxes: recentPage,
    });
    const dropdown = await openBell();
    await within(dropdown).findAllByRole("listitem");
    await userEvent.selectOptions(
      within(dropdown).getByLabelText("Filter by type"),
      "pull_request_review_received",
    );
    await within(dropdown).findByText("No notifications match your search");
    expect(operationsCalled().find((o) => o.variables.type)?.variables).toEqual({
      type: ["pull_request_review_received"],
    });
    await userEvent.selectOptions(within(dropdown).getByLabelText("Filter by type"), "");
    const rows = await within(dropdown).findAllByRole("listitem");
    await userEvent.click(within(rows[0]!).getByRole("button", { name: "Archive notification" }));
    await waitFor(() => expect(within(dropdown).getAllByRole("listitem")).toHaveLength(1));
    expect(operationsCalled().find((o) => o.operationName === "ArchiveNotification")?.variables).toEqual({
      notificationId: "n-shared",
    });
    await userEvent.click(within(dropdown).getByRole("button", { name: "Archive all" }));
    await within(dropdown).findByText("You don't have any notifications");
  });

  it("S1-8.013 / a failed load says 'There has been a problem getting your notifications'", async () => {
    startDashboard("/dashboard/recent", {
      NotificationCount: count(0),
      RecentNotifications: () => {
        throw new GraphQLAnswerError("Boom");
      },
      ClearNotificationCount: ok("clearNotificationCount"),
      MarkNotificationsAsRead: ok("markAllNotificationsAsRead"),
      RecentlyAccessedSandboxes: recentPage,
    });
    const dropdown = await openBell();
    expect(
      await within(dropdown).findByText("There has been a problem getting your notifications"),
    ).toBeTruthy();
  });

  it("S1-4.004 / S1-8.023 / the read toggle flips at once and flips back when the save fails", async () => {
    startDashboard("/dashboard/recent", {
      NotificationCount: count(0),
      RecentNotifications: recent([{ ...SHARED, read: true }]),
      ClearNotificationCount: ok("clearNotificationCount"),
      MarkNotificationsAsRead: ok("markAllNotificationsAsRead"),
      UpdateNotificationReadStatus: () => {
        throw new GraphQLAnswerError("Boom");
      },
      RecentlyAccessedSandboxes: recentPage,
    });
    const dropdown = await openBell();
    await userEvent.click(await within(dropdown).findByRole("button", { name: "Mark as unread" }));
    await screen.findByText("There was a problem marking your notification as read");
    expect(within(dropdown).getByRole("button", { name: "Mark as unread" })).toBeTruthy();
  });
});

describe("live notifications", () => {
  it("S1-7.020 / the join's {unread} sets the badge; a shared sandbox's notification refreshes 'Shared with me'", async () => {
    const sockets: { onopen: () => void; onmessage: (e: { data: string }) => void; sent: string[] }[] = [];
    const socket = new LiveSocket({
      token: async () => "t",
      url: () => "ws://test",
      createSocket: () => {
        const fake = {
          readyState: 0,
          sent: [] as string[],
          send(data: string) {
            fake.sent.push(data);
          },
          close() {},
          onopen: null as unknown as () => void,
          onclose: null,
          onmessage: null as unknown as (e: { data: string }) => void,
          onerror: null,
        };
        sockets.push(fake);
        return fake as never;
      },
    });
    const client = createTestQueryClient();
    client.setQueryData(sandboxKeys.shared, { items: [] });
    client.setQueryData(notificationKeys.list([]), []);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useNotificationsLive(USER.id, socket), { wrapper });
    await waitFor(() => expect(sockets).toHaveLength(1));
    const fake = sockets[0]!;
    (fake as unknown as { readyState: number }).readyState = 1;
    fake.onopen();
    const topic = `notification:${USER.id}`;
    fake.onmessage({
      data: JSON.stringify({
        topic,
        event: "reply",
        ref: "1",
        payload: { status: "ok", response: { unread: 4 } },
      }),
    });
    expect(client.getQueryData(notificationKeys.unread)).toBe(4);
    fake.onmessage({
      data: JSON.stringify({
        topic,
        event: "new-notification",
        payload: { id: "n", type: "sandbox_invitation", data: "{}", read: false, insertedAt: "", unread: 5 },
      }),
    });
    expect(client.getQueryData(notificationKeys.unread)).toBe(5);
    // Listed at once, so an open dropdown counts what it shows.
    expect(client.getQueryData<{ id: string }[]>(notificationKeys.list([]))?.map((n) => n.id)).toEqual(["n"]);
    expect(client.getQueryState(sandboxKeys.shared)?.isInvalidated).toBe(true);
    socket.disconnect();
  });
});
