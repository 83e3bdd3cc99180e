/**
 * What each write publishes on the live bus (issue 14): `workspace` when a workspace's lists change
 * (its sandboxes, folders, templates, repositories), `notification` when someone is notified,
 * `sessions` when sessions end (their sockets close on every replica), `sandbox` when a sandbox's
 * files change (its open editors; the workspace's dashboards hear of it at most once a minute, and
 * not from a sandbox made a moment ago as the table's are). A write that changes nothing
 * another screen shows live gives the reason instead.
 */
export type Published = "workspace" | "notification" | "sessions" | "sandbox";

const SIGN_IN = "signing in or up changes no one's lists";
const OWN_ACCOUNT = "the account's own settings: shown only on the screen that changed them";
const BILLING = "billing is read by the billing pages when they open; no list of the dashboard shows it";
const MEMBERS = "the members page reads its lists when it opens; the dashboard's lists do not change";
const WORKSPACE_SETTINGS = "a workspace's settings are read by the settings pages when they open";
const OWN_NOTIFICATIONS = "the reader's own notifications: the screen that changed them shows it";
const PREVIEW = "a token for the caller: nothing is stored that a list shows";

const LISTS = ["workspace"] as const;
const FILES = ["sandbox"] as const;

export const PUBLISHES: Record<string, readonly Published[] | string> = {
  // Sandboxes, folders, templates: the workspace's dashboards refresh.
  "mutation addToCollectionOrTeam": LISTS,
  "mutation deleteSandboxes": LISTS,
  "mutation permanentlyDeleteSandboxes": LISTS,
  "mutation renameSandbox": LISTS,
  "mutation setSandboxesFrozen": LISTS,
  "mutation setSandboxesPrivacy": LISTS,
  "mutation makeSandboxesTemplates": LISTS,
  "mutation unmakeSandboxesTemplates": LISTS,
  "mutation setPreventSandboxesExport": LISTS,
  "mutation setPreventSandboxesLeavingWorkspace": LISTS,
  "mutation setTemplateAppearance": LISTS,
  "mutation createCollection": LISTS,
  "mutation deleteCollection": LISTS,
  "mutation renameCollection": LISTS,
  "mutation syncGithubTemplate":
    "the table's sandbox is not a synced template; synced-templates.test.ts syncs one and its dashboards refresh",
  "mutation importGithubTemplate": LISTS,
  "POST /api/v1/sandboxes": LISTS,
  "POST /api/v1/sandboxes/:id/fork": LISTS,
  "POST /api/v1/sandboxes/fork/*": LISTS,
  "PUT /api/v1/sandboxes/:id": LISTS,
  "PATCH /api/v1/sandboxes/:id/privacy": LISTS,
  "PATCH /api/v1/sandboxes/:id/vm_tier": LISTS,
  "DELETE /api/v1/sandboxes/:id": LISTS,
  "DELETE /api/v1/sandboxes/:sandboxId/templates/:templateId": LISTS,
  "POST /api/v1/sandboxes/:id/like": LISTS,
  "DELETE /api/v1/sandboxes/:id/like": LISTS,
  // A sandbox's files: its open editors re-read them.
  "mutation createModules": FILES,
  "mutation updateModules": FILES,
  "mutation deleteModules": FILES,
  "mutation createDirectory": FILES,
  "mutation updateDirectory": FILES,
  "mutation deleteDirectory": FILES,
  "POST /api/v1/sandboxes/:id/modules": FILES,
  "POST /api/v1/sandboxes/:id/modules/mcreate": FILES,
  "PUT /api/v1/sandboxes/:id/modules/:shortid": FILES,
  "PUT /api/v1/sandboxes/:id/modules/mupdate": FILES,
  "DELETE /api/v1/sandboxes/:id/modules/:shortid": FILES,
  "POST /api/v1/sandboxes/:id/modules/mdelete": FILES,
  "POST /api/v1/sandboxes/:id/directories": FILES,
  "PUT /api/v1/sandboxes/:id/directories/:shortid": FILES,
  "DELETE /api/v1/sandboxes/:id/directories/:shortid": FILES,
  // Repositories and branches: the workspace's repository lists refresh.
  "mutation importProject": LISTS,
  "mutation deleteProject": LISTS,
  "mutation createBranch": LISTS,
  "mutation deleteBranch": LISTS,
  "mutation openBranch": "the opener's own recent branches: the screen that opened it shows it",
  "mutation updateProjectVmTier": LISTS,
  "POST /api/beta/fork/github/:owner/:repo": LISTS,
  "DELETE /api/beta/repos/link/github/:owner/:repo/:teamId": LISTS,
  "DELETE /api/beta/sandboxes/github/:owner/:repo/*": LISTS,

  // Someone is told.
  "mutation shareSandbox": ["notification"],
  "mutation updateSandboxCollaborator": ["notification"],
  "mutation inviteToTeam": ["notification"],
  "mutation requestTeamInvite": ["notification"],
  "mutation acceptTeamInvitation":
    "no row of the table is a persona's own invitation; the inviter's team_accepted is invitation-notifications.test.ts's",
  "mutation acceptTeamJoinRequest": MEMBERS,
  "mutation redeemTeamInviteToken":
    "the table's success is a member redeeming their own workspace's link: nothing changes",
  "mutation joinEligibleWorkspace": "no workspace is offered in the table; joining one is access.test.ts's",
  "mutation removeSandboxCollaborator":
    "the former collaborator's shared sandboxes are read when that list opens; they are not notified",

  // Members and invitations.
  "mutation changeTeamMemberAuthorizations": MEMBERS,
  "mutation inviteToTeamViaEmail": "the invitee has no account yet: they are mailed, no socket is theirs",
  "mutation leaveTeam": MEMBERS,
  "mutation rejectTeamInvitation": MEMBERS,
  "mutation rejectTeamJoinRequest": MEMBERS,
  "mutation removeFromTeam": MEMBERS,
  "mutation resetTeamInviteToken": MEMBERS,
  "mutation revokeTeamEmailInvitation": MEMBERS,
  "mutation revokeTeamInvitation": MEMBERS,
  "mutation setDefaultTeamMemberAuthorization": MEMBERS,

  // Workspaces.
  "mutation createTeam": "a new workspace has no other member to tell",
  "mutation deleteWorkspace":
    "a deleted workspace has no lists left to refresh: its members' next request finds it gone",
  "mutation setTeamAiConsent": WORKSPACE_SETTINGS,
  "mutation setWorkspaceSandboxSettings": WORKSPACE_SETTINGS,
  "mutation setTeamDescription": WORKSPACE_SETTINGS,
  "mutation setTeamLimits": WORKSPACE_SETTINGS,
  "mutation setTeamMetadata": WORKSPACE_SETTINGS,
  "mutation setTeamMinimumPrivacy": WORKSPACE_SETTINGS,
  "mutation setTeamName": WORKSPACE_SETTINGS,
  "mutation setTeamOfferDomain": WORKSPACE_SETTINGS,
  "PUT /api/v1/teams/:teamId/avatar": WORKSPACE_SETTINGS,
  "DELETE /api/v1/teams/:teamId/avatar": WORKSPACE_SETTINGS,

  // Notifications: the reader's own.
  "mutation archiveAllNotifications": OWN_NOTIFICATIONS,
  "mutation archiveNotification": OWN_NOTIFICATIONS,
  "mutation clearNotificationCount": OWN_NOTIFICATIONS,
  "mutation markAllNotificationsAsRead": OWN_NOTIFICATIONS,
  "mutation updateNotificationReadStatus": OWN_NOTIFICATIONS,
  "mutation updateNotificationPreferences": OWN_ACCOUNT,

  // Billing.
  "mutation convertToUsageBilling": BILLING,
  "mutation previewConvertToUsageBilling": "a preview changes nothing",
  "mutation previewUpdateUsageSubscriptionPlan": "a preview changes nothing",
  "mutation updateUsageSubscriptionPlan": BILLING,
  "POST /api/checkout": BILLING,
  "POST /api/v1/checkout": BILLING,
  "POST /api/v1/billing/checkout/:sessionId/confirm": BILLING,
  "POST /api/v1/billing/checkout/:sessionId/cancel": BILLING,
  "POST /api/v1/teams/:teamId/billing/cancel": BILLING,
  "POST /api/v1/teams/:teamId/billing/resume": BILLING,
  "POST /api/webhooks/stripe": BILLING,
  "POST /api/v1/runtime/devboxes/:sandboxId/started": BILLING,
  "POST /api/v1/runtime/devboxes/:sandboxId/stopped": BILLING,
  "POST /api/webhooks/github":
    "a review request or review notifies its GitHub user (github-webhook.test.ts); the table's forged delivery is refused",

  // The account and signing in.
  "mutation updateCurrentUser": OWN_ACCOUNT,
  "mutation deleteCurrentUser": OWN_ACCOUNT,
  "mutation cancelDeleteCurrentUser": OWN_ACCOUNT,
  "PATCH /api/v1/users/:username": OWN_ACCOUNT,
  "POST /api/v1/users/finalize": SIGN_IN,
  "POST /api/v1/users/survey": OWN_ACCOUNT,
  "POST /api/v1/users/survey-seen": OWN_ACCOUNT,
  "POST /api/v1/feedback": "feedback is for the operators: no list of the product shows it",
  "POST /api/v1/users/current_user/uploads": OWN_ACCOUNT,
  "DELETE /api/v1/users/current_user/uploads/:id": OWN_ACCOUNT,
  "DELETE /api/v1/users/current_user/integrations/github": OWN_ACCOUNT,
  "POST /api/v1/users/current_user/sse": PREVIEW,
  "DELETE /api/v1/users/signout": ["sessions"],
  "DELETE /api/v1/auth/revoke/:token":
    "an unknown token changes nothing; a revoked one is read at its next use",
  "POST /api/v1/auth/local/signin": SIGN_IN,
  "POST /api/v1/auth/local/signup": SIGN_IN,
  "POST /api/v1/auth/local/signup/continue": SIGN_IN,
  "POST /api/v1/auth/password/change": OWN_ACCOUNT,
  "POST /api/v1/auth/password/forgot": SIGN_IN,
  "POST /api/v1/auth/password/reset": SIGN_IN,
  "POST /api/v1/auth/verification/confirm": SIGN_IN,
  "POST /api/v1/auth/verification/resend": SIGN_IN,
  "POST /auth/:provider/callback": SIGN_IN,
  "POST /api/v1/sandboxes/:id/preview_token": PREVIEW,
  "POST /api/v1/sandpack/token/:teamId": PREVIEW,
};
