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

/** One typed value kept in local storage: its key, its default, and how it is written and read back. */
export type StoredValue<T> = {
  key: string;
  fallback: T;
  /** The stored text as a value; undefined when it is not one. */
  parse: (raw: string) => T | undefined;
  serialize: (value: T) => string;
};

/**
 * Reads a typed value. Nothing stored gives the default; a failed read, or a stored text that is
 * not a value of its type, falls back to the default and is logged (spec 1 §3).
 */
export function readStored<T>(entry: StoredValue<T>): T {
  const raw = readStorage(entry.key);
  if (raw === null) return entry.fallback;
  const value = entry.parse(raw);
  if (value === undefined) {
    console.warn(`Ignoring an unreadable "${entry.key}" in local storage`, raw);
    return entry.fallback;
  }
  return value;
}

/** Writes a typed value; null removes it. */
export function writeStored<T>(entry: StoredValue<T>, value: T | null) {
  writeStorage(entry.key, value === null ? null : entry.serialize(value));
}

/** The selected workspace (team) id. */
export const SELECTED_WORKSPACE: StoredValue<string | null> = {
  key: STORAGE_KEYS.selectedWorkspace,
  fallback: null,
  parse: (raw) => (raw.trim() === "" ? undefined : raw),
  serialize: (id) => id ?? "",
};

export function getStoredWorkspaceId(): string | null {
  return readStored(SELECTED_WORKSPACE);
}

export function setStoredWorkspaceId(id: string | null) {
  writeStored(SELECTED_WORKSPACE, id);
}
