import { useSyncExternalStore } from "react";

/**
 * Editor settings kept in this browser (spec 1 §3 'Locally stored state'), only for the whitelisted
 * keys, with the defaults of spec 1 §9 and spec 2 §9. A failed or unreadable value falls back to its
 * default and is logged. The default editor and its auto-launch flag are spec 2 §4's DEFAULT_EDITOR
 * and AUTO_LAUNCH_VSCODE.
 */
export type PrettierConfig = {
  printWidth: number;
  tabWidth: number;
  useTabs: boolean;
  semi: boolean;
  singleQuote: boolean;
  trailingComma: "none" | "es5" | "all";
  bracketSpacing: boolean;
};

export type EditorSettings = {
  autoCompleteEnabled: boolean;
  vimMode: boolean;
  livePreviewEnabled: boolean;
  instantPreviewEnabled: boolean;
  prettifyOnSaveEnabled: boolean;
  prettierConfig: PrettierConfig;
  lintEnabled: boolean;
  fontSize: number;
  fontFamily: string;
  lineHeight: number;
  clearConsoleEnabled: boolean;
  codeEditor: "monaco" | "codemirror";
  autoDownloadTypes: boolean;
  zenMode: boolean;
  keybindings: string[];
  enableLigatures: boolean;
  customVSCodeTheme: string | null;
  defaultEditor: "csb" | "vscode";
  autoLaunchVSCode: boolean;
};

export const EDITOR_DEFAULTS: EditorSettings = {
  autoCompleteEnabled: true,
  vimMode: false,
  livePreviewEnabled: true,
  instantPreviewEnabled: false,
  prettifyOnSaveEnabled: true,
  // Font size 14, line height 1.5, print width 80, tab width 2, semicolons, double quotes, no trailing commas.
  prettierConfig: {
    printWidth: 80,
    tabWidth: 2,
    useTabs: false,
    semi: true,
    singleQuote: false,
    trailingComma: "none",
    bracketSpacing: true,
  },
  lintEnabled: true,
  fontSize: 14,
  fontFamily: "",
  lineHeight: 1.5,
  clearConsoleEnabled: true,
  codeEditor: "monaco",
  autoDownloadTypes: true,
  zenMode: false,
  keybindings: [],
  enableLigatures: false,
  customVSCodeTheme: null,
  defaultEditor: "csb",
  autoLaunchVSCode: false,
};

export type EditorSettingKey = keyof EditorSettings;

/** The whitelist: only these keys are ever read from or written to storage. */
export const EDITOR_SETTING_KEYS = Object.keys(EDITOR_DEFAULTS) as EditorSettingKey[];

const STORAGE_NAMES: Partial<Record<EditorSettingKey, string>> = {
  defaultEditor: "DEFAULT_EDITOR",
  autoLaunchVSCode: "AUTO_LAUNCH_VSCODE",
};
export const storageName = (key: EditorSettingKey) => STORAGE_NAMES[key] ?? `boxyard:settings.${key}`;

const isWhitelisted = (key: string): key is EditorSettingKey =>
  EDITOR_SETTING_KEYS.includes(key as EditorSettingKey);

/** Whether a parsed value has the shape of its default (same type; enums among their values). */
function fits<K extends EditorSettingKey>(key: K, value: unknown): value is EditorSettings[K] {
  const fallback = EDITOR_DEFAULTS[key];
  if (key === "codeEditor") return value === "monaco" || value === "codemirror";
  if (key === "defaultEditor") return value === "csb" || value === "vscode";
  if (key === "customVSCodeTheme") return value === null || typeof value === "string";
  if (key === "keybindings") return Array.isArray(value) && value.every((v) => typeof v === "string");
  if (key === "prettierConfig") {
    if (typeof value !== "object" || value === null) return false;
    const config = value as Record<string, unknown>;
    return Object.entries(EDITOR_DEFAULTS.prettierConfig).every(([k, d]) =>
      k === "trailingComma"
        ? ["none", "es5", "all"].includes(config[k] as string)
        : typeof config[k] === typeof d,
    );
  }
  if (typeof fallback === "number") return typeof value === "number" && Number.isFinite(value) && value > 0;
  return typeof value === typeof fallback;
}

function readOne<K extends EditorSettingKey>(key: K): EditorSettings[K] {
  try {
    const raw = window.localStorage.getItem(storageName(key));
    if (raw === null) return EDITOR_DEFAULTS[key];
    const value: unknown = JSON.parse(raw);
    if (fits(key, value)) return value;
    console.warn(`Ignoring the stored editor setting "${key}": it is not a valid value`, value);
  } catch (error) {
    console.warn(`Could not read the editor setting "${key}" from local storage`, error);
  }
  return EDITOR_DEFAULTS[key];
}

export function readEditorSettings(): EditorSettings {
  const settings = { ...EDITOR_DEFAULTS };
  for (const key of EDITOR_SETTING_KEYS) (settings as Record<string, unknown>)[key] = readOne(key);
  return settings;
}

let snapshot: EditorSettings | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  snapshot = null;
  for (const listener of listeners) listener();
};

/** Stores one whitelisted setting; other keys and values of the wrong shape are refused (false). */
export function writeEditorSetting<K extends EditorSettingKey>(key: K, value: EditorSettings[K]): boolean {
  if (!isWhitelisted(key) || !fits(key, value)) {
    console.warn(`Refusing to store the editor setting "${String(key)}"`, value);
    return false;
  }
  try {
    window.localStorage.setItem(storageName(key), JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not write the editor setting "${key}" to local storage`, error);
    return false;
  }
  notify();
  return true;
}

export function resetEditorSettings() {
  for (const key of EDITOR_SETTING_KEYS) {
    try {
      window.localStorage.removeItem(storageName(key));
    } catch (error) {
      console.warn(`Could not remove the editor setting "${key}"`, error);
    }
  }
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || EDITOR_SETTING_KEYS.some((key) => storageName(key) === event.key)) notify();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
};
const getSnapshot = () => {
  snapshot ??= readEditorSettings();
  return snapshot;
};

/** The settings, re-read when they change here or in another tab. */
export function useEditorSettings(): EditorSettings {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
