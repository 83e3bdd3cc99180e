import { type NotificationPreferenceKey, SOCKET_TOKEN_CACHE_MS } from "@boxyard/domain";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { ApiError } from "../errors.ts";
import { graphql, type ResultOf, request } from "../graphql.ts";
import { cacheMutation, type UiCallbacks } from "../mutation-options.ts";
import { rest } from "../rest.ts";

/** A notification as the list shows it (API contract §3 NotificationItem); `data` is parsed. */
export type NotificationItem = Omit<RawItem, "data"> & { data: Record<string, unknown> };

export const notificationKeys = {
  all: ["notifications"] as const,
  lists: ["notifications", "list"] as const,
  list: (types: readonly string[]) => ["notifications", "list", [...types].sort().join(",")] as const,
  unread: ["notifications", "unread"] as const,
  preferences: ["notifications", "preferences"] as const,
};

export const NOTIFICATION_ITEM = graphql(
  `fragment NotificationItem on Notification { id type data insertedAt read }`,
);

/** Asks for NOTIFICATIONS_LIMIT items (the limit is written out: the types read the text). */
export const RECENT_NOTIFICATIONS = graphql(
  `query RecentNotifications($type: [String]) {
  me { id notifications(limit: 20, type: $type, orderBy: { field: "insertedAt", direction: ASC }) { ...NotificationItem } }
}`,
  [NOTIFICATION_ITEM],
);

type RawItem = ResultOf<typeof NOTIFICATION_ITEM>;

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
      const data = await request(
        RECENT_NOTIFICATIONS,
        { type: types.length > 0 ? [...types] : null },
        signal,
      );
      return (data.me?.notifications ?? []).map(parseItem).reverse();
    },
    meta: { silent: true },
  });

export const NOTIFICATION_COUNT = graphql(`query NotificationCount { me { id unreadNotificationCount } }`);

/** The unread badge; the socket's join and pushes keep it current. */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: async ({ signal }) => {
      const data = await request(NOTIFICATION_COUNT, undefined, signal);
      return data.me?.unreadNotificationCount ?? 0;
    },
    meta: { silent: true },
  });

export const CLEAR_NOTIFICATION_COUNT = graphql(
  `mutation ClearNotificationCount { clearNotificationCount { id } }`,
);
export const clearNotificationCount = () => request(CLEAR_NOTIFICATION_COUNT);

/** Opening the bell: the unread count shows 0 at once; if the server refuses, it is read again. */
export const clearNotificationCountMutation = (
  queryClient: QueryClient,
  ui?: UiCallbacks<Awaited<ReturnType<typeof clearNotificationCount>>, void>,
) =>
  cacheMutation(
    queryClient,
    () => clearNotificationCount(),
    {
      optimistic: () => {
        queryClient.setQueryData(notificationKeys.unread, 0);
        return () => void queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
      },
    },
    ui,
  );

export const MARK_NOTIFICATIONS_AS_READ = graphql(
  `mutation MarkNotificationsAsRead { markAllNotificationsAsRead { id } }`,
);

export const markAllNotificationsAsRead = () => request(MARK_NOTIFICATIONS_AS_READ);

export const ARCHIVE_ALL_NOTIFICATIONS = graphql(
  `mutation ArchiveAllNotifications { archiveAllNotifications { id } }`,
);
export const archiveAllNotifications = () => request(ARCHIVE_ALL_NOTIFICATIONS);

export const ARCHIVE_NOTIFICATION = graphql(
  `mutation ArchiveNotification($notificationId: UUID4!) { archiveNotification(notificationId: $notificationId) { id } }`,
);

export const archiveNotification = (notificationId: string) =>
  request(ARCHIVE_NOTIFICATION, { notificationId });

export const UPDATE_NOTIFICATION_READ_STATUS =
  graphql(`mutation UpdateNotificationReadStatus($notificationId: UUID4!, $read: Boolean!) {
      updateNotificationReadStatus(notificationId: $notificationId, read: $read) { id } }`);

export const updateNotificationReadStatus = (notificationId: string, read: boolean) =>
  request(UPDATE_NOTIFICATION_READ_STATUS, { notificationId, read });

// ---------------------------------------------------------------------------------------------
// Preferences (EmailPreferences, UpdateNotificationPreferences; API contract §10)

export const PREFERENCES = graphql(`fragment Preferences on NotificationPreferences {
  emailCommentMention emailCommentReply emailMarketing emailNewComment emailSandboxInvite emailTeamInvite
  inAppPrReviewRequest inAppPrReviewReceived
}`);

export const EMAIL_PREFERENCES = graphql(
  `query EmailPreferences { me { id notificationPreferences { ...Preferences } } }`,
  [PREFERENCES],
);

export const emailPreferencesQuery = () =>
  queryOptions({
    queryKey: notificationKeys.preferences,
    queryFn: async ({ signal }) => {
      const data = await request(EMAIL_PREFERENCES, undefined, signal);
      if (!data.me) throw new Error("Not signed in");
      return data.me.notificationPreferences;
    },
    meta: { silent: true },
  });

export const UPDATE_PREFERENCES = graphql(
  `mutation UpdateNotificationPreferences(
  $emailCommentMention: Boolean, $emailCommentReply: Boolean, $emailMarketing: Boolean, $emailNewComment: Boolean,
  $emailSandboxInvite: Boolean, $emailTeamInvite: Boolean, $inAppPrReviewRequest: Boolean, $inAppPrReviewReceived: Boolean
) {
  updateNotificationPreferences(
    emailCommentMention: $emailCommentMention, emailCommentReply: $emailCommentReply, emailMarketing: $emailMarketing,
    emailNewComment: $emailNewComment, emailSandboxInvite: $emailSandboxInvite, emailTeamInvite: $emailTeamInvite,
    inAppPrReviewRequest: $inAppPrReviewRequest, inAppPrReviewReceived: $inAppPrReviewReceived
  ) { ...Preferences }
}`,
  [PREFERENCES],
);

export const updateNotificationPreferences = (changes: Partial<Record<NotificationPreferenceKey, boolean>>) =>
  request(UPDATE_PREFERENCES, changes);

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
