// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type NotificationItem, notificationKeys } from "../../api/queries/notifications.ts";
import { createTestQueryClient } from "../../test/render.tsx";
import { startDashboard, USER } from "../sandbox-grid/testing.tsx";
import { addToLists } from "./notificationCache.ts";

type Raw = { id: string; type: string; data: string; insertedAt: string; read: boolean };
const raw = (id: string, read: boolean): Raw => ({
  id,
  type: "sandbox_invitation",
  data: JSON.stringify({
    sandboxId: id,
    sandboxTitle: `Box ${id}`,
    inviterName: "Grace",
    authorization: "READ",
  }),
  insertedAt: new Date(Date.now() - 60_000).toISOString(),
  read,
});
const parsed = (item: Raw): NotificationItem => ({ ...item, data: JSON.parse(item.data) });

const countText = (dropdown: HTMLElement) => within(dropdown).getByText(/new messages?$/).textContent;
const unreadRows = (dropdown: HTMLElement) =>
  within(dropdown).queryAllByRole("button", { name: "Mark as read" }).length;

describe("notification dropdown count", () => {
  it("S1-2.112 / S1-4.024 / the header's count is the number of unread items listed, also when one arrives while it is open", async () => {
    let server = [raw("a", false)];
    const { client, operationsCalled } = startDashboard("/dashboard/recent", {
      NotificationCount: () => ({ me: { id: USER.id, unreadNotificationCount: 1 } }),
      RecentNotifications: () => ({ me: { id: USER.id, notifications: server } }),
      ClearNotificationCount: () => ({ clearNotificationCount: { id: USER.id } }),
      MarkNotificationsAsRead: () => {
        server = server.map((n) => ({ ...n, read: true }));
        return { markAllNotificationsAsRead: { id: USER.id } };
      },
      UpdateNotificationReadStatus: (variables) => {
        server = server.map((n) =>
          n.id === variables.notificationId ? { ...n, read: Boolean(variables.read) } : n,
        );
        return { updateNotificationReadStatus: { id: variables.notificationId } };
      },
      RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
    });
    await userEvent.click(await screen.findByRole("button", { name: /^Notifications/ }, { timeout: 5000 }));
    const dropdown = await screen.findByRole("dialog", { name: "Notifications" });
    await within(dropdown).findByText(/Box a/);
    expect(countText(dropdown)).toBe("1 new message");
    expect(unreadRows(dropdown)).toBe(1);
    await waitFor(() => expect(countText(dropdown)).toBe("0 new messages"), { timeout: 2000 });
    expect(unreadRows(dropdown)).toBe(0);

    // A notification arrives through the socket while the dropdown is open.
    const fresh = raw("b", false);
    server = [...server, fresh];
    act(() => addToLists(client, parsed(fresh)));
    await waitFor(() => expect(countText(dropdown)).toBe("1 new message"));
    expect(unreadRows(dropdown)).toBe(1);
    // Shown in the open dropdown, it is marked read like the rest, and count and list agree again.
    await waitFor(() => expect(countText(dropdown)).toBe("0 new messages"), { timeout: 3000 });
    expect(unreadRows(dropdown)).toBe(0);
    expect(
      operationsCalled().find((o) => o.operationName === "UpdateNotificationReadStatus")?.variables,
    ).toEqual({ notificationId: "b", read: true });

    // What the user marks unread again stays unread, and is counted.
    await userEvent.click(within(dropdown).getAllByRole("button", { name: "Mark as unread" })[0]!);
    await waitFor(() => expect(countText(dropdown)).toBe("1 new message"));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(countText(dropdown)).toBe("1 new message");
    expect(unreadRows(dropdown)).toBe(1);
  });

  it("S1-2.114 / a notification that arrives goes only into the lists whose type filter it matches", () => {
    const client = createTestQueryClient();
    client.setQueryData(notificationKeys.list([]), []);
    client.setQueryData(notificationKeys.list(["team_invite"]), []);
    client.setQueryData(notificationKeys.list(["sandbox_invitation"]), []);
    addToLists(client, parsed(raw("c", false)));
    addToLists(client, parsed(raw("c", false)));
    expect(client.getQueryData<NotificationItem[]>(notificationKeys.list([]))?.map((n) => n.id)).toEqual([
      "c",
    ]);
    expect(client.getQueryData<NotificationItem[]>(notificationKeys.list(["team_invite"]))).toEqual([]);
    expect(
      client
        .getQueryData<NotificationItem[]>(notificationKeys.list(["sandbox_invitation"]))
        ?.map((n) => n.id),
    ).toEqual(["c"]);
  });
});
