import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { FileTree } from "./FileTree.tsx";
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
    expect(tree.some((n) => n.name === "orphan.js" && n.depth === 0)).toBe(true);
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

function Harness() {
  const tree = buildFileTree(dirs, modules);
  const [selected, setSelected] = useState<string | null>("m:m5");
  return (
    <>
      <FileTree tree={tree} selectedId={selected} onSelect={(f) => setSelected(f.id)} label="Files" />
      <output>{selected}</output>
    </>
  );
}

describe("FileTree", () => {
  it("S1-2.006 / a tree of treeitems: directories expand on click, files are selected (aria-selected)", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const tree = screen.getByRole("tree", { name: "Files" });
    expect(tree).toBeTruthy();
    const src = screen.getByRole("treeitem", { name: /src/ });
    expect(src.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("treeitem", { name: /App\.jsx/ })).toBeNull();
    await user.click(src);
    expect(src.getAttribute("aria-expanded")).toBe("true");
    const app = screen.getByRole("treeitem", { name: /App\.jsx/ });
    expect(app.getAttribute("aria-level")).toBe("2");
    await user.click(app);
    expect(screen.getByRole("status").textContent ?? document.querySelector("output")?.textContent).toBe(
      "m:m4",
    );
    expect(app.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("treeitem", { name: /README/ }).getAttribute("aria-selected")).toBe("false");
  });

  it("S1-2.006 / keyboard: one tab stop; arrows move, Right opens and enters, Left closes and goes to the parent, Enter selects, Home and End jump", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const focusable = screen.getAllByRole("treeitem").filter((item) => item.tabIndex === 0);
    expect(focusable).toHaveLength(1);
    expect(focusable[0]!.textContent).toContain("README.md");

    await user.tab();
    expect(document.activeElement?.textContent).toContain("README.md");
    await user.keyboard("{Home}");
    expect(document.activeElement?.textContent).toContain("public");
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement?.textContent).toContain("src");
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement?.getAttribute("aria-expanded")).toBe("true");
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement?.textContent).toContain("components");
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(document.activeElement?.textContent).toContain("Card.jsx");
    await user.keyboard("{Enter}");
    expect(document.querySelector("output")?.textContent).toBe("m:m3");
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement?.textContent).toContain("components");
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement?.getAttribute("aria-expanded")).toBe("false");
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement?.textContent).toContain("src");
    await user.keyboard(" ");
    expect(document.activeElement?.getAttribute("aria-expanded")).toBe("false");
    await user.keyboard("{End}");
    expect(document.activeElement?.textContent).toContain("README.md");
    await user.keyboard("{ArrowUp}");
    expect(document.activeElement?.textContent).toContain("package.json");
  });
});
