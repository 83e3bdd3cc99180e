/**
 * The editor's commands and their keys. The locally stored `keybindings` setting (spec 1 §3) holds
 * the person's own keys as `command=Keys` entries (e.g. `quickOpen=Mod-o`); the rest keep their
 * defaults. Keys are written as CodeMirror writes them: `Mod` is Cmd on a Mac and Ctrl elsewhere.
 */
export type EditorCommand = "save" | "quickOpen" | "searchAll" | "goToLine" | "toggleFiles" | "zenMode";

export const EDITOR_COMMANDS: readonly { id: EditorCommand; label: string; keys: string }[] = [
  { id: "save", label: "Save", keys: "Mod-s" },
  { id: "quickOpen", label: "Quick open", keys: "Mod-p" },
  { id: "searchAll", label: "Find in files", keys: "Mod-Shift-f" },
  { id: "goToLine", label: "Go to line", keys: "Ctrl-g" },
  { id: "toggleFiles", label: "Show or hide the files", keys: "Mod-b" },
  { id: "zenMode", label: "Zen mode", keys: "Mod-Alt-z" },
];

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

const MODIFIERS = ["Mod", "Ctrl", "Alt", "Shift", "Meta"] as const;

/** The key map in force: the defaults with the person's own keys over them (unknown entries ignored). */
export function keymapOf(keybindings: readonly string[]): Record<EditorCommand, string> {
  const map = Object.fromEntries(EDITOR_COMMANDS.map((c) => [c.id, c.keys])) as Record<EditorCommand, string>;
  for (const entry of keybindings) {
    const [command, keys] = entry.split("=");
    if (command && keys && command in map && isValidKeys(keys)) map[command as EditorCommand] = keys;
  }
  return map;
}

export function isValidKeys(keys: string): boolean {
  const parts = keys.split("-");
  const key = parts.pop();
  return Boolean(key) && parts.every((p) => (MODIFIERS as readonly string[]).includes(p));
}

/** The keys of a key press, as the settings store them (`Mod-Shift-f`); null for a lone modifier. */
export function keysOf(
  event: Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">,
): string | null {
  if (["Control", "Meta", "Alt", "Shift"].includes(event.key)) return null;
  const mac = isMac();
  const parts: string[] = [];
  if (mac ? event.metaKey : event.ctrlKey) parts.push("Mod");
  if (mac && event.ctrlKey) parts.push("Ctrl");
  if (!mac && event.metaKey) parts.push("Meta");
  if (event.altKey) parts.push("Alt");
  if (event.shiftKey) parts.push("Shift");
  // Letters by their key (Alt on a Mac turns Alt-z into 'Ω').
  const code = event.code ?? "";
  const key = /^Key[A-Z]$/.test(code)
    ? code.slice(3).toLowerCase()
    : event.key.length === 1
      ? event.key.toLowerCase()
      : event.key;
  parts.push(key);
  return parts.join("-");
}

/** Whether a key press is those keys (`Ctrl-g` is Ctrl on every system; `Mod` Cmd or Ctrl). */
export function matches(event: KeyboardEvent, keys: string): boolean {
  const pressed = keysOf(event);
  if (!pressed) return false;
  const mac = isMac();
  const normal = (k: string) => {
    const parts = k.split("-");
    const key = parts.pop()!.toLowerCase();
    const mods = new Set(parts.map((p) => (p === "Ctrl" && !mac ? "Mod" : p === "Meta" && mac ? "Mod" : p)));
    return `${[...MODIFIERS].filter((m) => mods.has(m)).join("-")}|${key}`;
  };
  return normal(pressed) === normal(keys);
}

/** Keys as people read them: ⌘P on a Mac, Ctrl+P elsewhere. */
export function keysLabel(keys: string): string {
  const mac = isMac();
  return keys
    .split("-")
    .map((part) => {
      if (part === "Mod") return mac ? "⌘" : "Ctrl";
      if (part === "Shift") return mac ? "⇧" : "Shift";
      if (part === "Alt") return mac ? "⌥" : "Alt";
      if (part === "Ctrl") return mac ? "⌃" : "Ctrl";
      return part.length === 1 ? part.toUpperCase() : part;
    })
    .join(mac ? "" : "+");
}
