/**
 * Expected answers of every GraphQL field read, by path from the root. A path is `segment > segment`,
 * a segment a field with its arguments, `{name}` a seeded id (seed.ts; `{me}` the persona's own user
 * id). The runner selects the last field (its `id` for an object) and names its schema coordinate.
 */
import { adminsRead, anyone, type Cells, cells, members, type Outcome } from "./outcomes.ts";

export type GraphQLRow = { path: string; expect: Cells; note?: string };

const rows: GraphQLRow[] = [];
const row = (path: string, expect: Cells, note?: string) => rows.push({ path, expect, note });
/** The same expectation for several fields of the object at `path`. */
const fields = (path: string, names: string[], expect: Cells) => {
  for (const name of names) row(`${path} > ${name}`, expect);
};

// What a signed-in user reads about themselves; signed out, `me` is null.
const own = (outcome: Outcome) => cells({ others: outcome, signedOut: "null" });
// A workspace object: members read it; others get what a missing one gets (null, or nothing to list).
const inside = (outcome: Outcome = "data", outside: Outcome = "null") => members(outcome, outside);
// Readable by members and by the outsider the sandbox is shared with.
const shared = (outcome: Outcome) => cells({ others: outcome, signedOut: "null" });
// A draft: its author only (the writer; in the frozen workspace its admin).
const authorOnly = (outcome: Outcome, others: Outcome) => cells({ others, writer: outcome, frozen: outcome });

const S = (name: string) => `sandbox(sandboxId: {${name}})`;
const TEAM = "me > team(id: {team})";
const PROJECT = "project(gitProvider: GITHUB, owner: {repoOwner}, repo: {repoName}, team: {team})";
const GH = "... on GitHubRepository";

// Query
row("me", own("data"));
row(S("publicSandbox"), anyone("data"));
row(S("unlistedSandbox"), anyone("data"));
row(S("privateSandbox"), inside());
row(S("draft"), authorOnly("data", "null"));
row(S("deletedSandbox"), inside());
row(S("sharedSandbox"), shared("data"));
row("teamByToken(inviteToken: {teamToken})", cells({ others: "data", signedOut: "unauthenticated" }));
row("teamByToken(inviteToken: {teamToken}) > name", cells({ others: "data", signedOut: "unauthenticated" }));
// Repositories need a signed-in viewer (their code-host account decides what they see).
const repoMembers = (outside: Outcome = "null") =>
  cells({ others: "data", outsider: outside, signedOut: "unauthenticated" });
row(PROJECT, repoMembers());
row("projects(name: {repoName}, owner: {repoOwner}, provider: GITHUB)", repoMembers("empty"));
row(
  "githubRepo(owner: {repoOwner}, repo: {repoName})",
  cells({ others: "data", signedOut: "unauthenticated" }),
);
row(
  "githubOrganizationRepos(organization: {org})",
  cells({ others: "data", signedOut: "unauthenticated" }),
  "its public repositories, as GitHub lists them to anyone",
);

// Sandbox: every field through a public sandbox (anyone reads it) ...
fields(
  S("publicSandbox"),
  [
    "alias",
    "authorId",
    "authorization",
    "description",
    "draft",
    "forkCount",
    "id",
    "insertedAt",
    "isFrozen",
    "isV2",
    "lastAccessedAt",
    "likeCount",
    "prNumber",
    "privacy",
    "removedAt",
    "restricted",
    "screenshotUrl",
    "teamId",
    "title",
    "updatedAt",
    "viewCount",
  ],
  anyone("data"),
);
fields(`${S("publicSandbox")} > source`, ["template"], anyone("data"));
fields(
  `${S("publicSandbox")} > permissions`,
  ["preventSandboxExport", "preventSandboxLeaving"],
  anyone("data"),
);
row(`${S("publicSandbox")} > source`, anyone("data"));
row(`${S("publicSandbox")} > permissions`, anyone("data"));
fields(`${S("privateSandbox")}`, ["title", "teamId", "authorization"], inside());
row(`${S("draft")} > title`, authorOnly("data", "null"));
// ... and each object reached through it, authorized on its own.
row(`${S("publicSandbox")} > author`, anyone("data"));
fields(`${S("publicSandbox")} > author`, ["id", "username"], anyone("data"));
row(`${S("publicSandbox")} > collection`, inside(), "a folder is its workspace's");
row(`${S("publicSandbox")} > collection > sandboxes`, inside(), "issue 13 hole 1");
row(`${S("unlistedSandbox")} > collection > sandboxes`, inside());
row(`${S("privateSandbox")} > collection`, inside());
row(`${S("draft")} > collection`, anyone("null"), "a draft is in no folder");
row(`${S("publicSandbox")} > team`, inside(), "a workspace's details are its own");
row(`${S("sharedSandbox")} > team`, inside(), "shared with the outsider, who is no member");
row(`${S("sharedSandbox")} > team > inviteToken`, adminsRead("null"), "issue 13 hole 3");
row(`${S("publicSandbox")} > team > users`, inside());
// Who a sandbox is shared with: for the editors who manage it (not in a frozen workspace).
const editors = cells({ others: "null", writer: "data", admin: "data" });
row(`${S("sharedSandbox")} > collaborators`, editors);
fields(
  `${S("sharedSandbox")} > collaborators`,
  ["authorization", "avatarUrl", "insertedAt", "name", "userId", "username"],
  editors,
);
row(`${S("publicTemplateSandbox")} > customTemplate`, anyone("data"));
fields(
  `${S("publicTemplateSandbox")} > customTemplate`,
  ["color", "iconUrl", "id", "published", "tags"],
  anyone("data"),
);
row(`${S("publicTemplateSandbox")} > customTemplate > sandbox`, anyone("data"), "a template's sandbox");
row(`${S("publicTemplateSandbox")} > customTemplate > sandbox > team`, inside());
row(`${S("privateTemplateSandbox")} > customTemplate`, inside());
row(`${S("forkOfPrivateTemplate")} > forkedTemplate`, inside(), "a public fork of a private template");
row(`${S("forkOfPrivateTemplate")} > forkedTemplate > sandbox`, inside());
// Its files and folders (issue 15): whoever reads the sandbox.
row(`${S("publicSandbox")} > modules`, anyone("data"));
fields(
  `${S("publicSandbox")} > modules`,
  ["code", "directoryShortid", "isBinary", "shortid", "title", "updatedAt", "version"],
  anyone("data"),
);
row(`${S("publicSandbox")} > directories`, anyone("data"));
fields(`${S("publicSandbox")} > directories`, ["directoryShortid", "shortid", "title"], anyone("data"));
row(`${S("privateSandbox")} > modules`, inside());
row(`${S("sharedSandbox")} > directories`, shared("data"));
row(`${S("draft")} > modules`, authorOnly("data", "null"));
row(`${S("publicSandbox")} > git`, anyone("null"), "not synced");
row(`${S("privateSandbox")} > git`, inside());
fields(`${S("privateSandbox")} > git`, ["branch", "commitSha", "id", "path", "repo", "username"], inside());
row(`${S("privateSandbox")} > baseGit`, inside());
row(`${S("privateSandbox")} > originalGit`, inside());
row(`${S("publicSandbox")} > baseGit`, anyone("null"));
row(`${S("publicSandbox")} > originalGit`, anyone("null"));

// User (me): the viewer's own account.
fields(
  "me",
  [
    "avatarUrl",
    "bio",
    "deletionRequested",
    "email",
    "id",
    "name",
    "notificationPreferences",
    "personalWorkspaceId",
    "primaryWorkspaceId",
    "socialLinks",
    "unreadNotificationCount",
    "username",
    "workspaces",
    "notifications",
    "githubProfile",
  ],
  own("data"),
);
row("me > collaboratorSandboxes", cells({ others: "empty", outsider: "data", signedOut: "null" }));
// A sandbox shared with the outsider, reached through their list: its folder and workspace stay its members'.
const sharedOnly = cells({ others: "empty", outsider: "null", signedOut: "null" });
row("me > collaboratorSandboxes > team", sharedOnly);
row("me > collaboratorSandboxes > collection", sharedOnly);
row(`${S("sharedSandbox")} > collection`, inside());
row("me > teamInvitations", cells({ others: "empty", outsider: "data", signedOut: "null" }));
fields(
  "me > teamInvitations",
  ["authorization", "insertedAt", "inviterAvatarUrl", "inviterName", "teamAvatarUrl", "teamId", "teamName"],
  cells({ others: "empty", outsider: "data", signedOut: "null" }),
);
row("me > eligibleWorkspaces", own("empty"), "no workspace is offered to a verified domain in the seed");
fields("me > eligibleWorkspaces", ["avatarUrl", "id", "name", "shortid"], own("empty"));
row("me > verifiedEmailDomains", own("data"), "the GitHub account's verified address");
row("me > githubOrganizations", cells({ others: "empty", admin: "data", signedOut: "null" }));
fields(
  "me > githubOrganizations",
  ["avatarUrl", "id", "login"],
  cells({ others: "empty", admin: "data", signedOut: "null" }),
);
fields("me > githubProfile", ["avatarUrl", "email", "id", "login", "name", "scopes"], own("data"));
// The admin's and the frozen admin's accounts own a repository; the writer collaborates on one.
const reposOwner = cells({
  others: "empty",
  admin: "data",
  writer: "data",
  frozen: "data",
  signedOut: "null",
});
row("me > githubRepos", reposOwner);
fields(
  "me > githubRepos",
  [
    "appInstalled",
    "authorization",
    "defaultBranch",
    "fullName",
    "id",
    "name",
    "owner",
    "private",
    "pushedAt",
    "updatedAt",
  ],
  reposOwner,
);
fields("me > githubRepos > owner", ["avatarUrl", "id", "login"], reposOwner);
fields("me > notifications", ["archived", "data", "id", "insertedAt", "read", "type"], own("data"));
fields(
  "me > notificationPreferences",
  [
    "emailCommentMention",
    "emailCommentReply",
    "emailMarketing",
    "emailNewComment",
    "emailSandboxInvite",
    "emailTeamInvite",
    "inAppPrReviewReceived",
    "inAppPrReviewRequest",
  ],
  own("data"),
);
row(
  "me > recentBranches(limit: 5)",
  cells({ others: "empty", admin: "data", frozen: "data", signedOut: "null" }),
  "opened by the seed",
);
row("me > recentlyAccessedSandboxes(limit: 5, teamId: {team})", own("empty"));
row("me > recentlyUsedTemplates(teamId: {team})", own("empty"));
row(TEAM, inside());
row("me > collections(teamId: {team})", cells({ others: "data", outsider: "empty", signedOut: "null" }));
row("me > collection(path: {folderPath}, teamId: {team})", inside());
row("me > collection(path: {folderPath}, teamId: {team}) > sandboxes", inside());

// Collection (a folder), through the folder list and through a public sandbox.
fields(
  "me > collection(path: {folderPath}, teamId: {team})",
  ["id", "level", "name", "parent", "path", "sandboxCount", "teamId"],
  inside(),
);
fields(`${S("publicSandbox")} > collection`, ["path", "sandboxCount", "teamId"], inside());
row(
  "me > collections(teamId: {team}) > sandboxes(limit: 10)",
  cells({ others: "data", outsider: "empty", signedOut: "null" }),
);

// Team (a workspace): members read it; admins alone its invitations, join requests and invite link.
fields(
  TEAM,
  [
    "avatarUrl",
    "description",
    "featureFlags",
    "frozen",
    "id",
    "insertedAt",
    "limits",
    "metadata",
    "name",
    "offerDomain",
    "projects",
    "sandboxes",
    "settings",
    "templates",
    "type",
    "usage",
    "userAuthorizations",
    "users",
  ],
  inside(),
);
row(`${TEAM} > sandboxes(showDeleted: true)`, inside());
row(
  `${TEAM} > drafts`,
  cells({ others: "empty", writer: "data", frozen: "data", outsider: "null", signedOut: "null" }),
);
row(
  `${TEAM} > drafts(authorId: {writerId})`,
  cells({ others: "empty", writer: "data", frozen: "data", outsider: "null", signedOut: "null" }),
  "another author's drafts: empty",
);
row(`${TEAM} > inviteToken`, adminsRead("null"), "issue 13 hole 3");
row(`${TEAM} > invitations`, adminsRead("empty"));
fields(
  `${TEAM} > invitations`,
  ["authorization", "email", "id", "insertedAt", "note", "userId", "username"],
  adminsRead("empty"),
);
row(`${TEAM} > joinRequests`, adminsRead("empty"));
fields(
  `${TEAM} > joinRequests`,
  ["avatarUrl", "email", "insertedAt", "name", "userId", "username"],
  adminsRead("empty"),
);
row(
  `${TEAM} > invitees`,
  cells({ others: "empty", frozen: "data", outsider: "null", signedOut: "null" }),
  "the frozen workspace invited the outsider",
);
fields(
  `${TEAM} > invitees`,
  ["avatarUrl", "id", "name", "username"],
  cells({ others: "empty", frozen: "data", outsider: "null", signedOut: "null" }),
);
fields(`${TEAM} > users`, ["avatarUrl", "id", "name", "username"], inside());
fields(`${TEAM} > userAuthorizations`, ["authorization", "drafts", "teamManager", "userId"], inside());
fields(`${TEAM} > featureFlags`, ["friendOfCsb", "ubbBeta"], inside());
fields(`${TEAM} > metadata`, ["useCases"], inside());
fields(
  `${TEAM} > limits`,
  [
    "includedCredits",
    "includedDrafts",
    "includedMembers",
    "includedPrivateSandboxes",
    "includedPublicSandboxes",
    "includedSandboxes",
    "includedStorage",
    "includedVmTier",
    "maxEditors",
    "maxPrivateProjects",
    "maxPrivateSandboxes",
    "maxPublicProjects",
    "maxPublicSandboxes",
    "onDemandCreditLimit",
    "onDemandSpendingLimit",
  ],
  inside(),
);
fields(
  `${TEAM} > usage`,
  [
    "credits",
    "editorsQuantity",
    "privateProjectsQuantity",
    "privateSandboxesQuantity",
    "publicProjectsQuantity",
    "publicSandboxesQuantity",
    "restrictedSandboxes",
    "sandboxes",
    "unrestrictedSandboxes",
  ],
  inside(),
);
fields(
  `${TEAM} > settings`,
  ["aiConsent", "defaultAuthorization", "minimumPrivacy", "preventSandboxExport", "preventSandboxLeaving"],
  inside(),
);
fields(
  `${TEAM} > settings > aiConsent`,
  ["privateRepositories", "privateSandboxes", "publicRepositories", "publicSandboxes"],
  inside(),
);
// The main workspace is subscribed (seed.ts); the frozen one has no subscription.
const subscribed = cells({ others: "data", frozen: "null", outsider: "null", signedOut: "null" });
row(`${TEAM} > subscription`, subscribed);
fields(
  `${TEAM} > subscription(includeCancelled: true)`,
  [
    "billingInterval",
    "cancelAt",
    "cancelAtPeriodEnd",
    "currency",
    "id",
    "nextBillDate",
    "origin",
    "paymentMethodAttached",
    "paymentProvider",
    "quantity",
    "status",
    "trialEnd",
    "trialStart",
    "type",
    "unitPrice",
  ],
  subscribed,
);
row(
  `${TEAM} > subscription > updateBillingUrl`,
  cells({ others: "null", frozen: "null", outsider: "null", signedOut: "null" }),
  "null for members who do not manage billing; the local adapter has no billing page",
);
row(`${TEAM} > subscriptionSchedule`, subscribed);
fields(`${TEAM} > subscriptionSchedule`, ["billingInterval", "current"], subscribed);
row(`${TEAM} > subscriptionSchedule > upcoming`, anyone("null"), "no change waits for the next bill date");
fields(`${TEAM} > subscriptionSchedule > current`, ["endDate", "items", "startDate"], subscribed);
fields(
  `${TEAM} > subscriptionSchedule > current > items`,
  ["name", "quantity", "unitAmount", "unitAmountDecimal"],
  subscribed,
);

// Templates of a workspace, and a template's sandbox reached through them.
fields(`${TEAM} > templates`, ["color", "iconUrl", "id", "published", "sandbox", "tags"], inside());
row(`${TEAM} > templates > sandbox > collection`, inside());

// Repositories: a project, its branches, pull requests, and the workspace reached through it.
fields(
  PROJECT,
  [
    "appInstallUrl",
    "appInstalled",
    "branchCount",
    "branches",
    "defaultBranch",
    "id",
    "lastAccessedAt",
    "lastSyncedAt",
    "repository",
    "team",
    "vmTier",
  ],
  repoMembers(),
);
fields(
  `${PROJECT} > repository > ${GH}`,
  ["defaultBranch", "name", "owner", "private", "url"],
  repoMembers(),
);
fields(
  `${PROJECT} > branches`,
  ["contribution", "id", "lastAccessedAt", "name", "owner", "project", "pullRequests", "upstream"],
  repoMembers(),
);
fields(`${PROJECT} > branches > owner`, ["username"], repoMembers());
fields(
  `${PROJECT} > branches > pullRequests`,
  ["additions", "deletions", "number", "state", "title"],
  repoMembers(),
);
row(`${PROJECT} > team > inviteToken`, cells({ ...adminsRead("null"), signedOut: "unauthenticated" }));
row(`${TEAM} > projects > team`, inside());
row("projects(name: {repoName}, owner: {repoOwner}, provider: GITHUB) > team", repoMembers("empty"));
fields(
  "githubRepo(owner: {repoOwner}, repo: {repoName})",
  [
    "appInstalled",
    "authorization",
    "defaultBranch",
    "fullName",
    "id",
    "name",
    "owner",
    "private",
    "pushedAt",
    "updatedAt",
  ],
  cells({ others: "data", signedOut: "unauthenticated" }),
);
row(
  "me > recentBranches(limit: 5) > project > team",
  cells({ others: "empty", admin: "data", frozen: "data", signedOut: "null" }),
);

export const GRAPHQL_QUERY_ROWS = rows;
