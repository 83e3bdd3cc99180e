import { describe, expect, it } from "vitest";
import { keymapOf, keysOf, matches } from "./keybindings.ts";

const press = (
  key: string,
  mods: Partial<Record<"ctrlKey" | "metaKey" | "altKey" | "shiftKey", boolean>> = {},
) =>
  new KeyboardEvent("keydown", {
    key,
    code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : key,
    ...mods,
  });

describe("the editor's keys", () => {
  it("S1-3.051 / the stored keybindings override the defaults; unknown commands and malformed keys are ignored", () => {
    const keys = keymapOf(["quickOpen=Mod-o", "launchRockets=Mod-r", "save=Hyper-s"]);
    expect(keys.quickOpen).toBe("Mod-o");
    expect(keys.save).toBe("Mod-s");
    expect("launchRockets" in keys).toBe(false);
  });

  it("matches key presses: Mod is Ctrl here, letters by their key whatever Shift does", () => {
    expect(matches(press("s", { ctrlKey: true }), "Mod-s")).toBe(true);
    expect(matches(press("S", { ctrlKey: true, shiftKey: true }), "Mod-s")).toBe(false);
    expect(matches(press("F", { ctrlKey: true, shiftKey: true }), "Mod-Shift-f")).toBe(true);
    expect(matches(press("g", { ctrlKey: true }), "Ctrl-g")).toBe(true);
    expect(matches(press("p"), "Mod-p")).toBe(false);
    expect(keysOf(press("Control", { ctrlKey: true }))).toBeNull();
    expect(keysOf(press("z", { ctrlKey: true, altKey: true }))).toBe("Mod-Alt-z");
  });
});
