import { describe, expect, it } from "vitest";
import { parseTopic, sandboxTopic } from "./live.ts";
import {
  FILE_MESSAGES,
  FILE_NAME_MAX,
  fileNameProblem,
  isBinaryFileCode,
  isValidFolderShortid,
} from "./sandbox-files.ts";

describe("file and folder names (issue 15)", () => {
  it("a name is one path segment: no '/', not '.' or '..', no control characters, 1 to 255 characters", () => {
    for (const good of ["index.js", ".env", "App.test.tsx", "a b", "ünïcode.md", "x".repeat(FILE_NAME_MAX)]) {
      expect(fileNameProblem(good), good).toBeNull();
    }
    expect(fileNameProblem("")).toBe(FILE_MESSAGES.nameRequired);
    expect(fileNameProblem("   ")).toBe(FILE_MESSAGES.nameRequired);
    expect(fileNameProblem("x".repeat(FILE_NAME_MAX + 1))).toBe(FILE_MESSAGES.nameTooLong);
    expect(fileNameProblem("../etc")).toBe(FILE_MESSAGES.nameWithSlash("../etc"));
    expect(fileNameProblem("/abs")).toBe(FILE_MESSAGES.nameWithSlash("/abs"));
    expect(fileNameProblem("a\\b")).toBe(FILE_MESSAGES.nameWithSlash("a\\b"));
    expect(fileNameProblem("..")).toBe(FILE_MESSAGES.nameDots);
    expect(fileNameProblem(".")).toBe(FILE_MESSAGES.nameDots);
    expect(fileNameProblem("a\u0000b")).toBe(FILE_MESSAGES.nameControl);
    expect(fileNameProblem("a\nb")).toBe(FILE_MESSAGES.nameControl);
  });

  it("a new folder's shortid, and a binary file's code", () => {
    expect(isValidFolderShortid("d1-x_Y")).toBe(true);
    expect(isValidFolderShortid("")).toBe(false);
    expect(isValidFolderShortid("a/b")).toBe(false);
    expect(isBinaryFileCode("data:image/png;base64,AAAA")).toBe(true);
    expect(isBinaryFileCode("https://example.test/a.png")).toBe(true);
    expect(isBinaryFileCode("/api/v1/uploads/0b7a1d39")).toBe(true);
    expect(isBinaryFileCode("plain text")).toBe(false);
    expect(isBinaryFileCode("javascript:alert(1)")).toBe(false);
  });

  it("the sandbox topic: `sandbox:<id>`, ids kept as sent", () => {
    expect(parseTopic(sandboxTopic("abc123"))).toEqual({ kind: "sandbox", id: "abc123" });
    expect(parseTopic("sandbox:")).toBeNull();
    expect(parseTopic("sandbox:a/b")).toBeNull();
    expect(parseTopic(`sandbox:${"a".repeat(65)}`)).toBeNull();
    expect(parseTopic("workspace:0B7A1D39-5A57-4C52-9F35-1D1D8A1C5C0E")).toEqual({
      kind: "workspace",
      id: "0b7a1d39-5a57-4c52-9f35-1d1d8a1c5c0e",
    });
  });
});
