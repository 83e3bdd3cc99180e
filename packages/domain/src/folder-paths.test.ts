import { describe, expect, it } from "vitest";
import {
  FOLDER_NAME_REQUIRED,
  folderLevel,
  folderName,
  folderNameProblem,
  isWithin,
  joinFolderPath,
  movedPath,
  normalizePath,
  parentPath,
} from "./folder-paths.ts";

describe("folder paths", () => {
  it("S1-5.001 / a blank new folder name is ignored; otherwise it is trimmed and joined to the base path", () => {
    expect(joinFolderPath("/", "   ")).toBeNull();
    expect(joinFolderPath("/", "  Design  ")).toBe("/Design");
    expect(joinFolderPath("/Design/", "Icons")).toBe("/Design/Icons");
  });

  it("S1-5.001 / renaming to a blank name is refused with 'Folder name is required.'", () => {
    expect(folderNameProblem(" ")).toBe(FOLDER_NAME_REQUIRED);
    expect(folderNameProblem("__NEW__")).not.toBeNull();
    expect(folderNameProblem("a/b")).not.toBeNull();
    expect(folderNameProblem("Fine")).toBeNull();
  });

  it("normalizes, splits and moves paths", () => {
    expect(normalizePath("")).toBe("/");
    expect(normalizePath("/a//b/")).toBe("/a/b");
    expect(parentPath("/a/b")).toBe("/a");
    expect(parentPath("/a")).toBe("/");
    expect(folderName("/a/b")).toBe("b");
    expect(folderLevel("/")).toBe(0);
    expect(folderLevel("/a/b")).toBe(2);
    expect(isWithin("/a/b", "/a")).toBe(true);
    expect(isWithin("/ab", "/a")).toBe(false);
    expect(movedPath("/a/b/c", "/a/b", "/x")).toBe("/x/c");
    expect(movedPath("/a/b", "/a/b", "/x/y")).toBe("/x/y");
    expect(movedPath("/a/b", "/a", "/")).toBe("/b");
  });
});
