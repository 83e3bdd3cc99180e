import { describe, expect, it } from "vitest";
import {
  CREATE_FILE_PATH_MAX,
  couldNotCreateMessage,
  isValidFilePath,
  signInToCreateLabel,
} from "./create-messages.ts";

describe("create texts and file paths", () => {
  it("S2-2.013 S2-6.001 / anonymous users read 'Sign in to create Sandbox' or 'Sign in to create Devbox'", () => {
    expect(signInToCreateLabel("Sandbox")).toBe("Sign in to create Sandbox");
    expect(signInToCreateLabel("Devbox")).toBe("Sign in to create Devbox");
  });

  it("S2-8.005 / a create-repo-files failure reads 'Could not create - …'", () => {
    expect(couldNotCreateMessage("Folder not found.")).toBe("Could not create - Folder not found.");
  });

  it("S2-2.004 / file paths are relative, without empty, '.' or '..' parts, backslashes or control characters", () => {
    for (const ok of ["index.js", "src/App.jsx", ".gitignore", "a/b/c/.env", "docs/read me.md"]) {
      expect(isValidFilePath(ok), ok).toBe(true);
    }
    for (const bad of [
      "",
      "/etc/passwd",
      "src//index.js",
      "src/",
      "../secret",
      "a/./b",
      "a\\b",
      "new\nline",
      "x".repeat(CREATE_FILE_PATH_MAX + 1),
    ]) {
      expect(isValidFilePath(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
