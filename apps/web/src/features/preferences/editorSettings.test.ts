import { afterEach, describe, expect, it, vi } from "vitest";
import {
  EDITOR_DEFAULTS,
  type EditorSettingKey,
  readEditorSettings,
  resetEditorSettings,
  storageName,
  writeEditorSetting,
} from "./editorSettings.ts";

afterEach(() => {
  resetEditorSettings();
  vi.restoreAllMocks();
});

describe("editor settings in local storage", () => {
  it("S1-9.018 / S2-9.016 / the defaults: font size 14, line height 1.5, print width 80, tab width 2, semicolons, double quotes, no trailing commas", () => {
    const settings = readEditorSettings();
    expect(settings.fontSize).toBe(14);
    expect(settings.lineHeight).toBe(1.5);
    expect(settings.prettierConfig).toMatchObject({
      printWidth: 80,
      tabWidth: 2,
      semi: true,
      singleQuote: false,
      trailingComma: "none",
    });
  });

  it("S1-3.051 / S2-4.006 / whitelisted keys are stored and read back; the editor choice under DEFAULT_EDITOR and AUTO_LAUNCH_VSCODE", () => {
    expect(writeEditorSetting("fontSize", 16)).toBe(true);
    expect(writeEditorSetting("defaultEditor", "vscode")).toBe(true);
    expect(writeEditorSetting("autoLaunchVSCode", true)).toBe(true);
    expect(window.localStorage.getItem("DEFAULT_EDITOR")).toBe('"vscode"');
    expect(window.localStorage.getItem("AUTO_LAUNCH_VSCODE")).toBe("true");
    expect(readEditorSettings()).toMatchObject({
      fontSize: 16,
      defaultEditor: "vscode",
      autoLaunchVSCode: true,
    });
  });

  it("S1-3.051 / other keys and values of the wrong shape are never stored", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(writeEditorSetting("password" as EditorSettingKey, "x" as never)).toBe(false);
    expect(writeEditorSetting("fontSize", "huge" as never)).toBe(false);
    expect(writeEditorSetting("defaultEditor", "emacs" as never)).toBe(false);
    expect(window.localStorage.getItem(storageName("password" as EditorSettingKey))).toBeNull();
    expect(readEditorSettings()).toEqual(EDITOR_DEFAULTS);
    expect(warn).toHaveBeenCalled();
  });

  it("S1-3.052 / a failed or unreadable read falls back to the default and is logged", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    window.localStorage.setItem(storageName("lineHeight"), "{not json");
    window.localStorage.setItem(storageName("tabWidth" as EditorSettingKey), "8");
    window.localStorage.setItem(storageName("prettierConfig"), JSON.stringify({ printWidth: "wide" }));
    expect(readEditorSettings()).toEqual(EDITOR_DEFAULTS);
    expect(warn).toHaveBeenCalledTimes(2);
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("denied");
    });
    expect(readEditorSettings().fontSize).toBe(14);
    expect(warn.mock.calls.some((call) => String(call[0]).includes("Could not read"))).toBe(true);
  });
});
