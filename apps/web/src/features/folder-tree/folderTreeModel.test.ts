import { NEW_FOLDER_PLACEHOLDER } from "@boxyard/domain";
import { describe, expect, it } from "vitest";
import { buildFolderTree, folderUrl, hoverExpandDelay, openFolderPath } from "./folderTreeModel.ts";

const names = (node: { name: string; children: { name: string }[] }) =>
  node.children.map((child) => child.name);

describe("folder tree model", () => {
  it("S1-2.072 / nests folders under 'All folders', children sorted by name", () => {
    const tree = buildFolderTree([
      { path: "/" },
      { path: "/b" },
      { path: "/a/z" },
      { path: "/a" },
      { path: "/a/C" },
    ]);
    expect(tree.name).toBe("All folders");
    expect(names(tree)).toEqual(["a", "b"]);
    expect(names(tree.children[0]!)).toEqual(["C", "z"]);
  });

  it("S1-5.001 / a pending new folder is a hidden '__NEW__' placeholder row that leads its parent's children", () => {
    const tree = buildFolderTree([{ path: "/a" }, { path: "/a/b" }], "/a");
    const a = tree.children[0]!;
    expect(a.children[0]).toMatchObject({
      path: `/a/${NEW_FOLDER_PLACEHOLDER}`,
      placeholder: true,
      name: "",
    });
    expect(buildFolderTree([{ path: "/a" }], "/").children[0]).toMatchObject({
      path: `/${NEW_FOLDER_PLACEHOLDER}`,
      placeholder: true,
    });
    // A folder named like the placeholder never shows as a folder.
    expect(names(buildFolderTree([{ path: `/${NEW_FOLDER_PLACEHOLDER}` }]))).toEqual([]);
  });

  it("S1-2.078 / S1-9.013 / folders expand under a drag at once at the root, after 500 ms elsewhere", () => {
    expect(hoverExpandDelay("/")).toBe(0);
    expect(hoverExpandDelay("/a")).toBe(500);
    expect(hoverExpandDelay("/a/b")).toBe(500);
  });

  it("S1-2.039 / folder pages: paths to addresses and back", () => {
    expect(folderUrl("/a b/c")).toBe("/dashboard/sandboxes/a%20b/c");
    expect(folderUrl("/")).toBe("/dashboard/sandboxes");
    expect(openFolderPath("/dashboard/sandboxes/a%20b/c")).toBe("/a b/c");
    expect(openFolderPath("/dashboard/sandboxes")).toBe("/");
    expect(openFolderPath("/dashboard/drafts")).toBeNull();
  });
});
