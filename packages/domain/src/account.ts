/**
 * Account, preferences, profile and uploads: rules and texts shared by server and web
 * (spec 1 §2, §3, §5, §8, §9; spec 2 §2.5, §2.6, §4, §5, §8, §9).
 */

/** Account deletion is processed within 3 working days (spec 2 §9). */
export const ACCOUNT_DELETION_WORKING_DAYS = 3;
/** Profile page size (spec 1 §9, spec 2 §9). */
export const PROFILE_PAGE_SIZE = 15;
/** `page=all` answers at most this many sandboxes. */
export const PROFILE_ALL_LIMIT = 1000;
/** At most this many pinned sandboxes. */
export const PINNED_MAX = 30;
/** Upload limit 5MB (spec 1 §9). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** The Build plan's storage, 20 GB (spec 2 §9): each user's storage for uploads. */
export const UPLOAD_STORAGE_BYTES = 20 * 1024 * 1024 * 1024;
export const BIO_MAX_LENGTH = 280;
export const SOCIAL_LINKS_MAX = 5;
export const SOCIAL_LINK_MAX_LENGTH = 300;
export const FEEDBACK_MAX_LENGTH = 5000;
export const USER_SEARCH_LIMIT = 10;
/** Terms notice cut-off (spec 1 §9): users registered before it see the notice once. */
export const TERMS_NOTICE_CUTOFF = "2024-03-10T00:00:00Z";

export const ACCOUNT_MESSAGES = {
  changeUsernameTitle: "Change Username",
  changeUsernameMessage:
    "Changing your username changes the address of your profile: links to your old profile will stop working and must be updated.",
  requestDeletion: "Request account deletion",
  deletionTitle: "Delete your account",
  deletionConfirm:
    "Your account and everything in your personal workspace will be deleted within 3 working days. You will be signed out now; sign in again before then to undo.",
  deletionRequested:
    "Your account will be deleted within 3 working days. Changed your mind? Undo the deletion before then.",
  undoDeletion: "Undo account deletion",
  undoDeletionTitle: "Keep your account",
  undoDeletionConfirm: "Your account will not be deleted.",
  deletionUndone: "Your account will not be deleted.",
  deletionFailed: "We could not request the deletion of your account. Please e-mail support@boxyard.dev.",
  undoFailed: "We could not undo the deletion of your account. Please e-mail support@boxyard.dev.",
  profileUpdated: "Your profile was updated.",
  profileUpdateFailed: "There was a problem updating your profile",
  usernameChangeNotAllowed: "Username changes are refused while your account is being deleted.",
  socialLinkInvalid: "Social links must be web addresses starting with https:// or http://.",
  socialLinksTooMany: `You can add at most ${SOCIAL_LINKS_MAX} social links.`,
  bioTooLong: `Your bio can be at most ${BIO_MAX_LENGTH} characters.`,
  // Profile (spec 2 §2.6)
  pickerRoot: "All Sandboxes",
  pickerEmpty: "Uh oh, you haven't created any sandboxes in this folder yet!",
  cannotFeature: "Private/Unlisted sandboxes cannot be featured on profile",
  onlyPublicFeatured: "Only your public sandboxes can be featured on your profile.",
  pinnedDuplicate: "A sandbox can be pinned only once.",
  pinnedTooMany: `You can pin at most ${PINNED_MAX} sandboxes.`,
  pinFailed: "There was a problem updating your pinned sandboxes",
  reorderFailed: "There was a problem reordering your pinned sandboxes",
  showcaseFailed: "There was a problem updating your showcased sandbox",
  deleteSandboxTitle: "Delete sandbox",
  deleteSandboxMessage: "The sandbox goes to Recently deleted in its workspace and leaves your profile.",
  deleteSandboxFailed: "There was a problem deleting your Sandbox",
  profileOwnerOnly: "Only the owner of this profile can change it.",
  // Integrations (spec 2 §2.5, §6)
  githubNotLinked: "No GitHub account is linked.",
  noExperiments: "There are no experiments available at the moment. Check back later!",
  // Likes
  likeFailed: "There was a problem liking this sandbox",
  // Feedback and survey (spec 1 §2, §9)
  feedbackRequired: "Please tell us what you think.",
  feedbackTooLong: `Feedback can be at most ${FEEDBACK_MAX_LENGTH} characters.`,
  feedbackSent: "Thanks for your feedback!",
  feedbackFailed: "There was a problem sending your feedback",
  surveyTitle: "Help improve Boxyard",
  surveyIntro: "7 questions, about 2 minutes.",
  surveyThanks: "Thank you for helping us improve Boxyard!",
  surveyFailed: "There was a problem sending your answers",
  termsUpdatedTitle: "We updated our terms",
  termsUpdatedText:
    "Our Terms of Service and Privacy Policy changed on 10 March 2024. By continuing to use Boxyard you agree to the updated terms.",
  // Uploads (spec 1 §8, spec 2 §8)
  uploadsFull: "You have used all your storage. Delete some files to upload more.",
  uploadNameRequired: "The file needs a name.",
  uploadEmpty: "The file is empty.",
  uploadNotFound: "That file was not found.",
  uploadFailed: "There was a problem uploading your file",
} as const;

/** Names the API uses as path segments under /users: nobody may take them as a username. */
export const RESERVED_USERNAMES = new Set([
  "current",
  "current_user",
  "search",
  "available",
  "pending",
  "finalize",
  "signout",
  "survey-seen",
  "survey",
]);

/** Saturday and Sunday are not working days. */
const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

/**
 * When an account whose deletion was requested at `requestedAt` is deleted: after `days` working
 * days (UTC, weekends skipped). A request on Friday is processed on Wednesday.
 */
export function accountDeletionDue(requestedAt: Date, days = ACCOUNT_DELETION_WORKING_DAYS): Date {
  const due = new Date(requestedAt.getTime());
  let left = days;
  while (left > 0) {
    due.setUTCDate(due.getUTCDate() + 1);
    if (!isWeekend(due)) left -= 1;
  }
  return due;
}

/** Profile sandbox sort fields of `GET /users/:username/sandboxes?sort_by=` (default view_count desc). */
export const PROFILE_SORT_FIELDS = [
  "view_count",
  "like_count",
  "fork_count",
  "inserted_at",
  "updated_at",
  "title",
] as const;
export type ProfileSortField = (typeof PROFILE_SORT_FIELDS)[number];
export const PROFILE_SORT_LABELS: Record<ProfileSortField, string> = {
  view_count: "Views",
  like_count: "Likes",
  fork_count: "Forks",
  inserted_at: "Last Created",
  updated_at: "Last Modified",
  title: "Name",
};

/** Profile selection kinds and showcase kinds (spec 1 §3, spec 2 §2.6). */
export type ProfileSelectionKind = "ALL" | "PINNED" | "DEFAULT" | "PICKER" | "PRIVATE";
export type ShowcaseKind = "SHOWCASED_SANDBOX" | "PINNED_SANDBOXES";

/** Only public sandboxes (privacy 0) that are neither drafts nor deleted can be featured (spec 2 §5). */
export function canFeature(sandbox: { privacy: number; draft?: boolean; removedAt?: string | Date | null }) {
  return sandbox.privacy === 0 && !sandbox.draft && !sandbox.removedAt;
}

/** Adds a sandbox to the pinned list only if it is not already present (spec 1 §5, spec 2 §5). */
export function addPinned(pinned: readonly string[], id: string): string[] {
  return pinned.includes(id) ? [...pinned] : [...pinned, id];
}

export function removePinned(pinned: readonly string[], id: string): string[] {
  return pinned.filter((p) => p !== id);
}

/** Moves the pinned sandbox `id` to the position of `overId` (drag to reorder). */
export function movePinned(pinned: readonly string[], id: string, overId: string): string[] {
  const from = pinned.indexOf(id);
  const to = pinned.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return [...pinned];
  const next = [...pinned];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** Whether a user registered at `insertedAt` should see the terms-updated notice (once). */
export function needsTermsNotice(insertedAt: string | Date): boolean {
  return new Date(insertedAt).getTime() < new Date(TERMS_NOTICE_CUTOFF).getTime();
}
