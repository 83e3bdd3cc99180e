import { describe, expect, it } from "vitest";
import {
  allFiles,
  ancestorIds,
  buildFileTree,
  defaultFile,
  type SandboxDirectory,
  type SandboxModule,
  visibleNodes,
} from "./fileTree.ts";

const dirs: SandboxDirectory[] = [
  { shortid: "src", title: "src", directoryShortid: null },
  { shortid: "cmp", title: "components", directoryShortid: "src" },
  { shortid: "pub", title: "public", directoryShortid: null },
];
const file = (shortid: string, title: string, directoryShortid: string | null): SandboxModule => ({
  shortid,
  title,
  code: `// ${title}`,
  directoryShortid,
  isBinary: false,
});
const modules: SandboxModule[] = [
  file("m1", "package.json", null),
  file("m2", "index.js", "src"),
  file("m3", "Card.jsx", "cmp"),
  file("m4", "App.jsx", "src"),
  file("m5", "README.md", null),
  file("m6", "logo.svg", "pub"),
  file("m7", "file10.txt", null),
  file("m8", "file9.txt", null),
];

describe("buildFileTree", () => {
  it("S1-3.038 / directories first, then files, each by name (numbers in order); paths and depths from the directory chain", () => {
    const tree = buildFileTree(dirs, modules);
    expect(tree.map((n) => n.name)).toEqual([
      "public",
      "src",
      "file9.txt",
      "file10.txt",
      "package.json",
      "README.md",
    ]);
    const src = tree.find((n) => n.name === "src");
    expect(src?.kind === "directory" && src.children.map((n) => n.path)).toEqual([
      "src/components",
      "src/App.jsx",
      "src/index.js",
    ]);
    const card = allFiles(tree).find((f) => f.name === "Card.jsx");
    expect(card).toMatchObject({ path: "src/components/Card.jsx", depth: 2 });
    expect(ancestorIds(tree, "m:m3")).toEqual(["d:src", "d:cmp"]);
  });

  it("S1-3.038 / a file whose directory is missing, or directories that loop, show at the top instead of vanishing", () => {
    const tree = buildFileTree(
      [
        { shortid: "a", title: "a", directoryShortid: "b" },
        { shortid: "b", title: "b", directoryShortid: "a" },
      ],
      [file("x", "orphan.js", "gone"), file("y", "inside.js", "a")],
    );
    expect(
      allFiles(tree)
        .map((f) => f.name)
        .sort(),
    ).toEqual(["inside.js", "orphan.js"]);
    expect(tree.some((n) => n.name === "orphan.js" && n.depth === 0 && n.parentId === null)).toBe(true);
  });

  it("S1-2.006 / only the top level and expanded directories are visible; the first file shown is the README or an entry file", () => {
    const tree = buildFileTree(dirs, modules);
    expect(visibleNodes(tree, new Set()).map((n) => n.name)).toHaveLength(6);
    expect(visibleNodes(tree, new Set(["d:src"])).map((n) => n.name)).toContain("components");
    expect(defaultFile(tree)?.path).toBe("README.md");
    expect(
      defaultFile(
        buildFileTree(
          dirs,
          modules.filter((m) => m.title !== "README.md"),
        ),
      )?.path,
    ).toBe("src/App.jsx");
    expect(defaultFile([])).toBeNull();
  });
});
