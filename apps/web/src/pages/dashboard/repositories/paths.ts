/** Titles and paths of the repository pages (spec 1 §2). */
export const MY_CONTRIBUTIONS_TITLE = "My contributions";
export const SYNCED_SANDBOXES_TITLE = "Imported templates";

export const myContributionsPath = (path = "") =>
  `/dashboard/my-contributions${path ? `/${path.replace(/^\/+/, "")}` : ""}`;

export const syncedSandboxesPath = (path = "") =>
  `/dashboard/synced-sandboxes${path ? `/${path.replace(/^\/+/, "")}` : ""}`;
