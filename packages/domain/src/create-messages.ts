/** User-facing texts of creating and forking (spec 2 §2.2, §2.3, §5, §6, §8). */

export type CreateKindLabel = "Sandbox" | "Devbox";

export const CREATE_MESSAGES = {
  searchPlaceholder: "Search templates",
  recentlyUsed: "Recently used",
  popular: "Popular",
  noResults: "No results",
  notFinding: "Not finding what you need?",
  /** Free workspaces see it under the VM tier select (spec 2 §6). */
  betterSpecs: "Better specs are available for Pro workspaces.",
  /** As spelt in the spec (spec 2 §5). */
  outOfCredits: "You have run our of credits.",
  /** Where the spec leaves the words open: same voice. */
  createFailed: "There was a problem creating your sandbox",
  loadSourceFailed: "We couldn't load that sandbox. Pick a template instead.",
  titleGenerateFailed: "We couldn't suggest a name. Type one in.",
  filesRequired: "Send at least one file.",
  filesTooMany: (max: number) => `A sandbox can be created with at most ${max} files.`,
  filePathInvalid: (path: string) =>
    `'${path}' is not a valid file path: use relative paths such as src/index.js, without '..' or empty parts.`,
  filePathDuplicate: (path: string) => `'${path}' is given more than once.`,
  filePathConflict: (path: string) => `'${path}' is both a file and a folder.`,
  fileTooLarge: (path: string, maxBytes: number) =>
    `'${path}' is larger than ${Math.round(maxBytes / 1024)} KB.`,
} as const;

/** 'Sign in to create Sandbox' or 'Sign in to create Devbox' (spec 2 §2.3, §6). */
export function signInToCreateLabel(kind: CreateKindLabel): string {
  return `Sign in to create ${kind}`;
}

/** 'Could not create - {reason}' (spec 2 §2.2, §8). */
export function couldNotCreateMessage(reason: string): string {
  return `Could not create - ${reason}`;
}

/** Creating a sandbox from files: at most this many files, each at most this large. */
export const CREATE_FILES_MAX = 1000;
export const CREATE_FILE_MAX_BYTES = 1024 * 1024;
export const CREATE_FILE_PATH_MAX = 1024;

/** A relative file path: no leading '/', no empty, '.' or '..' parts, no backslashes or control characters. */
export function isValidFilePath(path: string): boolean {
  if (path.length === 0 || path.length > CREATE_FILE_PATH_MAX) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (/[\\\u0000-\u001f]/.test(path)) return false;
  return path.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}
