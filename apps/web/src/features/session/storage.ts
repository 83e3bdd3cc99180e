/** Keys of what the web app keeps in localStorage. */
export const STORAGE_KEYS = {
  selectedWorkspace: "boxyard:selected-workspace",
  cookieConsent: "boxyard:cookie-consent",
  /** A token stored by old versions of the app; revoked and removed at start (spec 1 §4). */
  legacyToken: "jwt",
} as const;

/** Reads a value; a failed read falls back to null and is logged (spec 1 §3). */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch (error) {
    console.warn(`Could not read "${key}" from local storage`, error);
    return null;
  }
}

export function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`Could not write "${key}" to local storage`, error);
  }
}

export function getStoredWorkspaceId(): string | null {
  return readStorage(STORAGE_KEYS.selectedWorkspace);
}

export function setStoredWorkspaceId(id: string | null) {
  writeStorage(STORAGE_KEYS.selectedWorkspace, id);
}
