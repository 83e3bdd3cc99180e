/**
 * User-facing texts of the product, word for word from the specification.
 * Server and web app both import them so a text lives in one place.
 */

export const PRODUCT_NAME = "Boxyard";

export const MESSAGES = {
  // Sign-in, sign-up, session (spec 1 §8, §5)
  signInStartFailed: "We had trouble with signing you in",
  couldNotAuthenticate: "Could not authenticate",
  legacySignOut: "Sorry, we had to sign you out. Please sign in again to continue.",
  ssoErrorSuffix: ". Please contact your team admin or sign in through a different method.",
  createAccountFailed: "There was a problem creating your account",
  usernameTaken: "Sorry, that username is already taken.",
  checkingUsername: "Checking username...",
  continueWithoutAccount: "Continue without an account",

  // Errors of the transport (spec 1 §8)
  fileTooLarge: "File too large, upload limit is 5MB.",

  // Other screens (spec 1 §2)
  notFoundTitle: "Whoops, page not found",
  notFoundText: "We can't seem to find the page you're looking for",
  goToDashboard: "Go to Dashboard",
  goToHomepage: "Go to Homepage",
  crashTitle: "Oh no! Something broke!",
  backToHome: "Back to Home",
  reportCrash: "Report Crash",

  // Dashboard (spec 1 §2)
  recentTitle: "Recent",
  noRecentWork: "You have no recent work",
  exploreTemplates: "Explore templates",
  importRepository: "Import repository",
  draftsTitle: "Drafts",
  deletedTitle: "Recently deleted",
  sharedTitle: "Sandboxes shared with me",
  sharedEmpty: "There are currently no sandboxes shared with you.",
  searchEmpty: "There are no sandboxes, branches or repositories that match your query",
  searchLoadingIndex: "Loading index...",
  searchInWorkspace: "Search in workspace",
  createWorkspace: "Create workspace",
  allFolders: "All folders",
  allRepositories: "All repositories",
  importFromGitHub: "Import from GitHub",

  // Workspace creation (spec 2 §5)
  workspaceNameEmpty: "Workspace name cannot be empty.",
  workspaceNameDuplicate: "You already have a workspace with this name.",
  workspaceSaveFailed: "There was a problem saving your workspace",

  // Developer sign-in (spec 2 §8)
  uploadsLoadFailed: "Unable to get uploaded files information",
  uploadDeleteFailed: "Unable to delete uploaded file",
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** 'We found an existing account, please sign in with {provider} instead.' */
export function duplicateAccountMessage(provider: string): string {
  return `We found an existing account, please sign in with ${provider} instead.`;
}

/** The server message followed by the SSO advice (spec 1 §8). */
export function ssoErrorMessage(serverMessage: string): string {
  return `${serverMessage}${MESSAGES.ssoErrorSuffix}`;
}

/** 'Network Error: {detail}' (spec 1 §8). */
export function networkErrorMessage(detail: string): string {
  return `Network Error: ${detail}`;
}

/** 'Error: {message}' on the developer sign-in page (spec 2 §8). */
export function devSignInErrorMessage(message: string): string {
  return `Error: ${message}`;
}

/** 'Search results for {q} in Workspace' (spec 1 §2). */
export function searchResultsTitle(query: string): string {
  return `Search results for ${query} in Workspace`;
}

/** 'Loading chunk {name} failed' (spec 1 §8). */
export function chunkLoadFailedMessage(name: string): string {
  return `Loading chunk ${name} failed`;
}

/** '{product} has been installed, it now works offline!' (spec 1 §4). */
export function installedOfflineMessage(product: string = PRODUCT_NAME): string {
  return `${product} has been installed, it now works offline!`;
}
