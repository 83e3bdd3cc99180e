/**
 * Expected answers of every GraphQL mutation (and the fields of what only mutations answer). A
 * cell's `setup` makes the objects it changes (fresh.ts), so a write that succeeds spoils no other
 * cell.
 */
import { folder, newPath, repository, type Setup, sandbox, workspace } from "./fresh.ts";
import { admins, type Cells, cells, signedIn, writers } from "./outcomes.ts";

export type MutationRow = { path: string; expect: Cells; setup?: Setup; note?: string };

const rows: MutationRow[] = [];
const row = (path: string, expect: Cells, setup?: Setup, note?: string) =>
  rows.push({ path, expect, setup, note });

// Members of the persona's workspace (fresh or seeded) may do it, whatever their role.
const anyMember = cells({ others: "data", signedOut: "unauthenticated", outsider: "notFound" });
// Only the addressee of what is named may act on it; anyone else is told it does not exist.
const addresseeOnly = (who: "admin" | "outsider") =>
  cells({ others: "notFound", signedOut: "unauthenticated", [who]: "data" });

// Sandboxes (a fresh public sandbox of the workspace admin in the folder: {sb}).
const SB = sandbox();
row('addToCollectionOrTeam(sandboxIds: [{sb}], collectionPath: "/", teamId: {team}) > id', writers(), SB);
row(
  "addToCollectionOrTeam(sandboxIds: [{sb}], collectionPath: null, teamId: {team}) > id",
  cells({ ...writers(), writer: "forbidden" }),
  SB,
  "issue 13 hole 5: only its author or an admin makes a sandbox a draft",
);
row("deleteSandboxes(sandboxIds: [{sb}]) > id", writers(), SB);
row("permanentlyDeleteSandboxes(sandboxIds: [{sb}]) > id", writers(), sandbox({ removed: true }));
row('renameSandbox(id: {sb}, title: "Renamed") > id', writers(), SB);
row("setSandboxesFrozen(isFrozen: true, sandboxIds: [{sb}]) > id", writers(), SB);
row("setSandboxesPrivacy(privacy: 1, sandboxIds: [{sb}]) > id", writers(), SB);
row("makeSandboxesTemplates(sandboxIds: [{sb}]) > id", writers(), SB);
row("unmakeSandboxesTemplates(sandboxIds: [{sb}]) > id", writers(), sandbox({ template: true }));
row("setPreventSandboxesExport(preventSandboxExport: false, sandboxIds: [{sb}]) > id", admins("refused"), SB);
row(
  "setPreventSandboxesLeavingWorkspace(preventSandboxLeaving: false, sandboxIds: [{sb}]) > id",
  admins("refused"),
  SB,
);
row(
  "shareSandbox(authorization: READ, sandboxId: {sb}, usernameOrEmail: {friendUsername}) > id",
  writers(),
  SB,
);
row(
  "removeSandboxCollaborator(sandboxId: {sb}, userId: {friendId}) > id",
  writers(),
  sandbox({ sharedWithFriend: true }),
);
row(
  "updateSandboxCollaborator(authorization: WRITE_CODE, sandboxId: {sb}, userId: {friendId}) > id",
  writers(),
  sandbox({ sharedWithFriend: true }),
);
// A sandbox's files and folders (issue 15): OWNER and WRITE_CODE; an outsider reads the public sandbox, writes nothing.
const FILES = sandbox({ files: true });
const fileWriters = writers("data", "forbidden");
row('createModules(sandboxId: {sb}, modules: [{title: "new.js", code: "1"}]) > modules', fileWriters, FILES);
row(
  'createModules(sandboxId: {sb}, directories: [{shortid: "lib1", title: "lib"}]) > directories',
  fileWriters,
  FILES,
);
row(
  'updateModules(sandboxId: {sb}, modules: [{shortid: {mod}, code: "2", baseVersion: 1}]) > version',
  fileWriters,
  FILES,
);
row("deleteModules(sandboxId: {sb}, moduleShortids: [{mod}]) > id", fileWriters, FILES);
row('createDirectory(sandboxId: {sb}, title: "lib") > shortid', fileWriters, FILES);
row('updateDirectory(sandboxId: {sb}, shortid: {dir}, title: "source") > shortid', fileWriters, FILES);
row("deleteDirectory(sandboxId: {sb}, shortid: {dir}) > id", fileWriters, FILES);
row(
  "syncGithubTemplate(sandboxId: {sb}) > id",
  cells({ others: "notFound", signedOut: "unauthenticated" }),
  SB,
  "no synced template of that id: not found for anyone",
);
row("importGithubTemplate(teamId: {team}, url: {repoUrl}) > id", writers());
row('setTemplateAppearance(color: "#61dafb", templateId: {privateTemplate}) > id', writers());
row("setTemplateAppearance(templateId: {privateTemplate}) > color", writers());
row(
  'setTemplateAppearance(iconUrl: "react", templateId: {publicTemplate}) > id',
  writers(),
  undefined,
  "a public template's sandbox is readable by anyone, its template is changed by editors only",
);

// Missing objects: what a non-member gets for a real one above (issue 13 hole 6: no existence oracle).
const missing = cells({ others: "notFound", signedOut: "unauthenticated" });
row('renameSandbox(id: "nosuch", title: "Renamed") > id', missing);
row(
  `setTemplateAppearance(color: "#61dafb", templateId: "${"0b7a1d39-5a57-4c52-9f35-1d1d8a1c5c0e"}") > id`,
  missing,
);
row('makeSandboxesTemplates(sandboxIds: ["nosuch"]) > id', missing);
row('unmakeSandboxesTemplates(sandboxIds: ["nosuch"]) > id', missing);

// Folders.
row("createCollection(path: {newPath}, teamId: {team}) > id", writers(), newPath);
row("deleteCollection(path: {freshFolder}, teamId: {team}) > id", writers(), folder);
row("renameCollection(path: {freshFolder}, newPath: {newPath}, teamId: {team}) > id", writers(), folder);

// Workspaces.
row('createTeam(name: "Another team") > id', signedIn("data"));
row('setTeamName(name: "Renamed team", teamId: {team}) > id', admins("allowed"));
row('setTeamDescription(description: "About us", teamId: {team}) > id', admins("allowed"));
row('setTeamMetadata(metadata: {useCases: ["work"]}, teamId: {team}) > id', admins("allowed"));
row("deleteWorkspace(teamId: {ws})", admins("allowed"), workspace());
row("leaveTeam(teamId: {ws})", anyMember, workspace());
row("removeFromTeam(teamId: {ws}, userId: {friendId}) > id", admins("allowed"), workspace());
row(
  "changeTeamMemberAuthorizations(memberAuthorizations: [{authorization: READ, userId: {friendId}}], teamId: {ws}) > id",
  admins("allowed"),
  workspace(),
);
row("inviteToTeam(teamId: {ws}, username: {outsiderUsername}) > id", admins("refused"), workspace());
row("inviteToTeamViaEmail(email: {newEmail}, teamId: {team})", admins("refused"), newPath);
row(
  "revokeTeamInvitation(teamId: {ws}, userId: {outsiderId}) > id",
  admins("allowed"),
  workspace({ invitedOutsider: true }),
);
row("revokeTeamEmailInvitation(email: {invitedEmail}, teamId: {team}) > id", admins("allowed"));
row(
  "acceptTeamJoinRequest(teamId: {ws}, userId: {requesterId}) > id",
  admins("refused"),
  workspace({ joinRequest: true }),
);
row(
  "rejectTeamJoinRequest(teamId: {ws}, userId: {requesterId}) > id",
  admins("allowed"),
  workspace({ joinRequest: true }),
);
row(
  "acceptTeamInvitation(teamId: {ws}) > id",
  cells({ others: "notFound", signedOut: "unauthenticated" }),
  workspace({ invitedOther: true }),
  "an invitation addressed to someone else",
);
row(
  "acceptTeamInvitation(teamId: {frozenTeam}) > id",
  cells({ others: "notFound", signedOut: "unauthenticated", outsider: "forbidden" }),
  undefined,
  "the outsider's own invitation, to a frozen workspace: joining waits",
);
row(
  "rejectTeamInvitation(teamId: {ws})",
  cells({ others: "notFound", signedOut: "unauthenticated" }),
  workspace({ invitedOther: true }),
);
row(
  "redeemTeamInviteToken(inviteToken: {wsToken}) > id",
  cells({ others: "data", signedOut: "unauthenticated" }),
  workspace(),
  "the outsider joins; members stay what they are",
);
row(
  "redeemTeamInviteToken(inviteToken: {frozenTeamToken}) > id",
  cells({ others: "forbidden", signedOut: "unauthenticated", frozen: "data" }),
  undefined,
  "a frozen workspace's link: joining waits until it is unfrozen",
);
row(
  "requestTeamInvite(inviteToken: {wsToken})",
  cells({ others: "conflict", signedOut: "unauthenticated", outsider: "data" }),
  workspace(),
);
row("resetTeamInviteToken(teamId: {ws}) > id", admins("allowed"), workspace(), "issue 13 hole 3");
row(
  "joinEligibleWorkspace(workspaceId: {ws}) > id",
  cells({ others: "notFound", signedOut: "unauthenticated" }),
  workspace(),
  "not offered to anyone: as if it did not exist",
);
row(
  "setDefaultTeamMemberAuthorization(defaultAuthorization: READ, teamId: {team}) > minimumPrivacy",
  admins("allowed"),
);
row(
  "setTeamMinimumPrivacy(minimumPrivacy: 0, teamId: {team}, updateDrafts: false) > minimumPrivacy",
  admins("allowed"),
);
row(
  "setWorkspaceSandboxSettings(preventSandboxExport: false, preventSandboxLeaving: false, teamId: {team}) > minimumPrivacy",
  admins("allowed"),
);
row(
  "setTeamAiConsent(privateRepositories: false, privateSandboxes: false, publicRepositories: false, publicSandboxes: false, teamId: {team}) > publicSandboxes",
  admins("allowed"),
);
row("setTeamLimits(onDemandSpendingLimit: 10, teamId: {team})", admins("allowed"));
row("setTeamOfferDomain(domain: null, teamId: {team}) > id", admins("allowed"));

// Billing (the main workspace is subscribed; the frozen one is not, so its admin is refused as invalid).
const billing = cells({ ...admins("allowed"), frozen: "invalid" });
for (const field of ["total", "totalExcludingTax", "updateMoment"]) {
  row(
    `previewUpdateUsageSubscriptionPlan(plan: "flex", billingInterval: YEARLY, teamId: {team}) > ${field}`,
    billing,
  );
}
row('updateUsageSubscriptionPlan(plan: "flex", billingInterval: YEARLY, teamId: {team})', billing);
row(
  'previewConvertToUsageBilling(addons: [], plan: "flex", teamId: {team}) > total',
  admins("allowed", "invalid"),
  undefined,
  "no legacy subscription to convert",
);
row('convertToUsageBilling(addons: [], plan: "flex", teamId: {team})', admins("allowed", "invalid"));

// Repositories.
row("createBranch(name: {repoName}, owner: {repoOwner}, provider: GITHUB, team: {team}) > id", writers());
// Removing is not growth: a frozen workspace still allows it (workspace.policy.ts).
row("deleteBranch(id: {freshBranch})", cells({ ...writers(), frozen: "data" }), repository({ branch: true }));
row(
  "openBranch(id: {branch}) > id",
  cells({ others: "data", signedOut: "unauthenticated", outsider: "notFound" }),
);
row(
  "importProject(name: {freshRepo}, owner: {repoOwner}, provider: GITHUB, team: {team}) > id",
  writers(),
  repository(),
);
row(
  "deleteProject(name: {freshRepo}, owner: {repoOwner}, provider: GITHUB, team: {team})",
  cells({ ...writers(), frozen: "data" }),
  repository({ imported: true }),
);
for (const field of ["cpu", "memory", "storage", "tier"]) {
  row(`updateProjectVmTier(projectId: {project}, vmTier: 1) > ${field}`, writers());
}

// The signed-in user's own account and notifications.
row("updateCurrentUser(username: {username}) > id", signedIn("data"));
row("updateNotificationPreferences(emailMarketing: false) > emailMarketing", signedIn("data"));
row(
  "updateNotificationReadStatus(notificationId: {adminNotification}, read: true) > id",
  addresseeOnly("admin"),
);
row("archiveNotification(notificationId: {adminNotification}) > id", addresseeOnly("admin"));
row("clearNotificationCount > id", signedIn("data"));
row("markAllNotificationsAsRead > id", signedIn("data"));
row("archiveAllNotifications > id", signedIn("data"));
row("deleteCurrentUser", signedIn("data"));
row("cancelDeleteCurrentUser", signedIn("data"));

export const GRAPHQL_MUTATION_ROWS = rows;
