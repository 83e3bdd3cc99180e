import {
  NOTIFICATIONS_LIMIT,
  type NotificationPreferenceKey,
  type NotificationPreferences,
  SOCKET_TOKEN_CACHE_MS,
} from "@boxyard/domain";
import { queryOptions } from "@tanstack/react-query";
import { ApiError } from "../errors.ts";
import { graphql } from "../graphql.ts";
import { rest } from "../rest.ts";

/** A notification as the list shows it (API contract §3 NotificationItem); `data` is parsed. */
export type NotificationItem = {
  id: string;
  type: string;
  data: Record<string, unknown>;
  insertedAt: string;
  read: boolean;
};

export const notificationKeys = {
  all: ["notifications"] as const,
  lists: ["notifications", "list"] as const,
  list: (types: readonly string[]) => ["notifications", "list", [...types].sort().join(",")] as const,
  unread: ["notifications", "unread"] as const,
  preferences: ["notifications", "preferences"] as const,
};

export const NOTIFICATION_ITEM = "fragment NotificationItem on Notification { id type data insertedAt read }";

export const RECENT_NOTIFICATIONS = `query RecentNotifications($type: [String]) {
  me { id notifications(limit: ${NOTIFICATIONS_LIMIT}, type: $type, orderBy: { field: "insertedAt", direction: ASC }) { ...NotificationItem } }
}
${NOTIFICATION_ITEM}`;

type RawItem = Omit<NotificationItem, "data"> & { data: string };

export function parseItem(raw: RawItem): NotificationItem {
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(raw.data) as Record<string, unknown>;
  } catch {
    console.warn("A notification's data is not JSON", raw.id);
  }
  return { ...raw, data };
}

/** The 20 newest, filtered by type; the server answers them ascending, the list shows the newest first. */
export const recentNotificationsQuery = (types: readonly string[]) =>
  queryOptions({
    queryKey: notificationKeys.list(types),
    queryFn: async ({ signal }): Promise<NotificationItem[]> => {
      const data = await graphql<
        { me: { id: string; notifications: RawItem[] } | null },
        { type: string[] | null }
      >("RecentNotifications", RECENT_NOTIFICATIONS, { type: types.length > 0 ? [...types] : null }, signal);
      return (data.me?.notifications ?? []).map(parseItem).reverse();
    },
    meta: { silent: true },
  });

/** The unread badge; the socket's join and pushes keep it current. */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: async ({ signal }) => {
      const data = await graphql<{ me: { id: string; unreadNotificationCount: number } | null }>(
        "NotificationCount",
        "query NotificationCount { me { id unreadNotificationCount } }",
        undefined,
        signal,
      );
      return data.me?.unreadNotificationCount ?? 0;
    },
    meta: { silent: true },
  });

export const clearNotificationCount = () =>
  graphql("ClearNotificationCount", "mutation ClearNotificationCount { clearNotificationCount { id } }");

export const markAllNotificationsAsRead = () =>
  graphql(
    "MarkNotificationsAsRead",
    "mutation MarkNotificationsAsRead { markAllNotificationsAsRead { id } }",
  );

export const archiveAllNotifications = () =>
  graphql("ArchiveAllNotifications", "mutation ArchiveAllNotifications { archiveAllNotifications { id } }");

export const archiveNotification = (notificationId: string) =>
  graphql<unknown, { notificationId: string }>(
    "ArchiveNotification",
    "mutation ArchiveNotification($notificationId: UUID4!) { archiveNotification(notificationId: $notificationId) { id } }",
    { notificationId },
  );

export const updateNotificationReadStatus = (notificationId: string, read: boolean) =>
  graphql<unknown, { notificationId: string; read: boolean }>(
    "UpdateNotificationReadStatus",
    `mutation UpdateNotificationReadStatus($notificationId: UUID4!, $read: Boolean!) {
      updateNotificationReadStatus(notificationId: $notificationId, read: $read) { id } }`,
    { notificationId, read },
  );

// ---------------------------------------------------------------------------------------------
// Preferences (EmailPreferences, UpdateNotificationPreferences; API contract §10)

const PREFERENCE_FIELDS =
  "emailCommentMention emailCommentReply emailMarketing emailNewComment emailSandboxInvite emailTeamInvite inAppPrReviewRequest inAppPrReviewReceived";

export const emailPreferencesQuery = () =>
  queryOptions({
    queryKey: notificationKeys.preferences,
    queryFn: async ({ signal }) => {
      const data = await graphql<{
        me: { id: string; notificationPreferences: NotificationPreferences } | null;
      }>(
        "EmailPreferences",
        `query EmailPreferences { me { id notificationPreferences { ${PREFERENCE_FIELDS} } } }`,
        undefined,
        signal,
      );
      if (!data.me) throw new Error("Not signed in");
      return data.me.notificationPreferences;
    },
    meta: { silent: true },
  });

const UPDATE_PREFERENCES = `mutation UpdateNotificationPreferences(${PREFERENCE_FIELDS.split(" ")
  .map((k) => `$${k}: Boolean`)
  .join(", ")}) {
  updateNotificationPreferences(${PREFERENCE_FIELDS.split(" ")
    .map((k) => `${k}: $${k}`)
    .join(", ")}) { ${PREFERENCE_FIELDS} } }`;

export const updateNotificationPreferences = (changes: Partial<Record<NotificationPreferenceKey, boolean>>) =>
  graphql<{ updateNotificationPreferences: NotificationPreferences }, typeof changes>(
    "UpdateNotificationPreferences",
    UPDATE_PREFERENCES,
    changes,
  );

// ---------------------------------------------------------------------------------------------
// The socket token (GET /api/v1/auth/jwt), reused for 480000 ms (spec 1 §9)

let cachedToken: { jwt: string; at: number } | null = null;

/** The live socket's token; `refresh` asks for a new one (after the server refused the old). */
export async function socketToken(refresh = false): Promise<string> {
  if (!refresh && cachedToken && Date.now() - cachedToken.at < SOCKET_TOKEN_CACHE_MS) return cachedToken.jwt;
  const { jwt } = await rest.get<{ jwt: string }>("/api/v1/auth/jwt");
  cachedToken = { jwt, at: Date.now() };
  return jwt;
}

/** Forgets the cached token (sign-out, tests). */
export function forgetSocketToken() {
  cachedToken = null;
}

export function isUnauthorized(error: unknown) {
  return error instanceof ApiError && error.status === 401;
}
