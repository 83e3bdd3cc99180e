/**
 * Notifications (spec 1 §2 'Notification dropdown', §3, §4, §8, §9; API contract §10): the types
 * and their data, the texts, where a click leads, the preference switches and the limits.
 */

export const NOTIFICATION_TYPES = [
  "pull_request_review_received",
  "pull_request_review_requested",
  "team_invite",
  "team_invite_requested",
  "team_accepted",
  "sandbox_invitation",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export function isNotificationType(value: string): value is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/** The review states inside notification data are lowercase (API contract §2). */
export type ReviewState = "approved" | "commented" | "changes_requested" | "dismissed";

/** The sandbox authorizations a sandbox can be shared at (comment, view, edit). */
export const SHARE_AUTHORIZATIONS = ["COMMENT", "READ", "WRITE_CODE"] as const;
export type ShareAuthorization = (typeof SHARE_AUTHORIZATIONS)[number];

/** The JSON `data` of each type, camelCase keys (API contract §10). */
export type NotificationDataByType = {
  pull_request_review_received: {
    teamId: string;
    owner: string;
    repo: string;
    branch: string;
    pullRequestNumber: number;
    reviewId: string | number;
    reviewState: ReviewState;
    reviewerName: string;
    reviewerAvatar: string | null;
  };
  pull_request_review_requested: {
    teamId: string;
    owner: string;
    repo: string;
    branch: string;
    pullRequestNumber: number;
    requesterName: string;
    requesterAvatar: string | null;
  };
  team_invite: { teamId: string; teamName: string; inviterName: string; inviterAvatar: string | null };
  team_invite_requested: {
    teamId: string;
    teamName: string;
    requesterName: string;
    requesterEmail: string;
    requesterAvatar: string | null;
  };
  team_accepted: { teamId: string; teamName: string; userName: string; userAvatar: string | null };
  sandbox_invitation: {
    sandboxId: string;
    sandboxAlias: string | null;
    sandboxTitle: string | null;
    inviterName: string;
    inviterAvatar: string | null;
    authorization: string;
  };
};

export type NotificationData<T extends NotificationType = NotificationType> = NotificationDataByType[T];

/** The labels of the type filter of the dropdown. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  pull_request_review_received: "Reviews received",
  pull_request_review_requested: "Review requests",
  team_invite: "Workspace invitations",
  team_invite_requested: "Requests to join",
  team_accepted: "Invitations accepted",
  sandbox_invitation: "Shared sandboxes",
};

/** Spec 1 §9. */
export const NOTIFICATIONS_LIMIT = 20;
/** The server answers at most this many in one call (catching up after a reconnect pages with `after`). */
export const NOTIFICATIONS_MAX_PAGE = 100;
export const NOTIFICATION_DROPDOWN_WIDTH = 321;
export const NOTIFICATION_LIST_MAX_HEIGHT = 400;
/** Opening the dropdown clears the count, then marks everything read after this delay (spec 1 §4, §9). */
export const NOTIFICATION_MARK_READ_DELAY_MS = 500;

/** User-facing texts (spec 1 §8, spec 2 §2.5, §8), word for word; the rest in the same voice. */
export const NOTIFICATION_MESSAGES = {
  loadFailed: "There has been a problem getting your notifications",
  preferencesLoadFailed: "There has been a problem getting your email preferences",
  /** As spelt in the spec. */
  preferencesUpdateFailed: "There has updating your email preferences",
  loadingEmailSettings: "Loading email settings...",
  empty: "You don't have any notifications",
  emptyFiltered: "No notifications match your search",
  markReadFailed: "There was a problem marking your notification as read",
  archiveFailed: "There was a problem archiving your notifications",
  notFound: "Notification not found.",
  unknownType: (type: string) => `Unknown notification type '${type}'.`,
  sandboxPermissionsUpdated: "Sandbox permissions updated.",
  sandboxPermissionsFailed: "There was a problem updating the sandbox permissions",
} as const;

/** '1 new message' / 'N new messages' (spec 1 §2). */
export function newMessagesLabel(count: number): string {
  return count === 1 ? "1 new message" : `${count} new messages`;
}

const UNITS: [label: string, seconds: number][] = [
  ["y", 365 * 24 * 3600],
  ["mo", 30 * 24 * 3600],
  ["d", 24 * 3600],
  ["h", 3600],
  ["m", 60],
  ["s", 1],
];

/**
 * The short distance from a UTC insertion time to now (spec 1 §2): '3d', '2mo', '5s'. Times in
 * the future (a clock ahead of this one) read '0s'.
 */
export function shortDistance(insertedAt: string | Date, now: Date = new Date()): string {
  const at = typeof insertedAt === "string" ? parseUtc(insertedAt) : insertedAt;
  const seconds = Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000));
  for (const [label, size] of UNITS) {
    if (seconds >= size) return `${Math.floor(seconds / size)}${label}`;
  }
  return "0s";
}

/** A timestamp without a zone is UTC (the insertion time is given in UTC). */
function parseUtc(value: string): Date {
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
}

/** What a sandbox invitation lets one do, by its authorization (spec 1 §2): comment on, edit, else view. */
export function sandboxInvitationVerb(authorization: string): "comment on" | "edit" | "view" {
  if (authorization === "COMMENT") return "comment on";
  if (authorization === "WRITE_CODE" || authorization === "WRITE_PROJECT" || authorization === "OWNER") {
    return "edit";
  }
  return "view";
}

/** The label of a share level in the share dialog. */
export const SHARE_AUTHORIZATION_LABELS: Record<ShareAuthorization, string> = {
  WRITE_CODE: "Can edit",
  COMMENT: "Can comment",
  READ: "Can view",
};

const REVIEW_STATE_WORDS: Record<string, string> = {
  approved: "approved",
  changes_requested: "requested changes on",
  commented: "commented on",
  dismissed: "dismissed a review of",
};

/** A notification as one sentence: who (bold in the list) and what. */
export function notificationText(
  type: string,
  data: Record<string, unknown>,
): { actor: string; text: string } {
  const s = (key: string) => (typeof data[key] === "string" ? (data[key] as string) : "");
  const pr = () => `#${String(data.pullRequestNumber ?? "")} in ${s("owner")}/${s("repo")}`;
  switch (type) {
    case "pull_request_review_received":
      return {
        actor: s("reviewerName") || "Someone",
        text: `${REVIEW_STATE_WORDS[s("reviewState")] ?? "reviewed"} your pull request ${pr()}`,
      };
    case "pull_request_review_requested":
      return { actor: s("requesterName") || "Someone", text: `requested your review on ${pr()}` };
    case "team_invite":
      return { actor: s("inviterName") || "Someone", text: `invited you to join ${s("teamName")}` };
    case "team_invite_requested":
      return { actor: s("requesterName") || "Someone", text: `asked to join ${s("teamName")}` };
    case "team_accepted":
      return { actor: s("userName") || "Someone", text: `joined ${s("teamName")}` };
    case "sandbox_invitation":
      return {
        actor: s("inviterName") || "Someone",
        text: `invited you to ${sandboxInvitationVerb(s("authorization"))} ${
          s("sandboxTitle") || s("sandboxAlias") || s("sandboxId")
        }`,
      };
    default:
      return { actor: "", text: "You have a new notification" };
  }
}

/**
 * Where a click on a notification leads (spec 1 §2): pull requests to the branch in review mode,
 * workspace invitations (and requests) to the workspace overview with invite_email, an accepted
 * invitation to the workspace's recent page, a sandbox invitation to the sandbox.
 */
export function notificationTarget(
  type: string,
  data: Record<string, unknown>,
  viewerEmail: string | null,
): string | null {
  const s = (key: string) => (typeof data[key] === "string" ? (data[key] as string) : "");
  const team = encodeURIComponent(s("teamId"));
  switch (type) {
    case "pull_request_review_received":
    case "pull_request_review_requested": {
      const query = new URLSearchParams({ workspace: s("teamId"), branch: s("branch"), review: "true" });
      return `/dashboard/repositories/${encodeURIComponent(s("owner"))}/${encodeURIComponent(s("repo"))}?${query}`;
    }
    case "team_invite":
      return `/workspace/${team}?${new URLSearchParams({ invite_email: viewerEmail ?? "" })}`;
    case "team_invite_requested":
      return `/workspace/${team}?${new URLSearchParams({ invite_email: s("requesterEmail") })}`;
    case "team_accepted":
      return `/dashboard/recent?workspace=${team}`;
    case "sandbox_invitation":
      return `/s/${encodeURIComponent(s("sandboxId"))}`;
    default:
      return null;
  }
}

/** The notification preferences (spec 1 §3, spec 2 §3), one object of eight switches. */
export const NOTIFICATION_PREFERENCE_KEYS = [
  "emailCommentMention",
  "emailCommentReply",
  "emailMarketing",
  "emailNewComment",
  "emailSandboxInvite",
  "emailTeamInvite",
  "inAppPrReviewRequest",
  "inAppPrReviewReceived",
] as const;
export type NotificationPreferenceKey = (typeof NOTIFICATION_PREFERENCE_KEYS)[number];
export type NotificationPreferences = Record<NotificationPreferenceKey, boolean>;

/** Everything on but marketing mail, which people opt in to. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailCommentMention: true,
  emailCommentReply: true,
  emailMarketing: false,
  emailNewComment: true,
  emailSandboxInvite: true,
  emailTeamInvite: true,
  inAppPrReviewRequest: true,
  inAppPrReviewReceived: true,
};

/** The preferences tab, grouped as it shows them. */
export const NOTIFICATION_PREFERENCE_GROUPS: {
  title: string;
  items: { key: NotificationPreferenceKey; label: string; description: string }[];
}[] = [
  {
    title: "In-app notifications",
    items: [
      {
        key: "inAppPrReviewRequest",
        label: "Review requests",
        description: "When someone requests your review on a pull request.",
      },
      {
        key: "inAppPrReviewReceived",
        label: "Reviews received",
        description: "When someone reviews one of your pull requests.",
      },
    ],
  },
  {
    title: "E-mail",
    items: [
      {
        key: "emailTeamInvite",
        label: "Workspace invitations",
        description: "When you are invited to a workspace.",
      },
      {
        key: "emailSandboxInvite",
        label: "Shared sandboxes",
        description: "When someone shares a sandbox with you.",
      },
      {
        key: "emailCommentMention",
        label: "Mentions",
        description: "When someone mentions you in a comment.",
      },
      {
        key: "emailCommentReply",
        label: "Replies",
        description: "When someone replies to your comment.",
      },
      {
        key: "emailNewComment",
        label: "New comments",
        description: "When someone comments on your sandbox.",
      },
      {
        key: "emailMarketing",
        label: "Product news",
        description: "News about Boxyard, a few times a year.",
      },
    ],
  },
];

/** Which in-app preference lets a type through; the types without one always do. */
export function inAppPreferenceOf(type: NotificationType): NotificationPreferenceKey | null {
  if (type === "pull_request_review_requested") return "inAppPrReviewRequest";
  if (type === "pull_request_review_received") return "inAppPrReviewReceived";
  return null;
}

/** Which e-mail preference lets a type's mail through; null when the type sends no mail. */
export function emailPreferenceOf(type: NotificationType): NotificationPreferenceKey | null {
  if (type === "team_invite") return "emailTeamInvite";
  if (type === "sandbox_invitation") return "emailSandboxInvite";
  return null;
}
