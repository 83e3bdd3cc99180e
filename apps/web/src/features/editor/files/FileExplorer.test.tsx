import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { SandboxFileDirectory, SandboxFileModule } from "../../../api/rest-types.ts";
import { buildFileTree } from "../../file-tree/fileTree.ts";
import { type Creating, FileExplorer, type FileExplorerActions } from "./FileExplorer.tsx";

const dirs: SandboxFileDirectory[] = [
  { shortid: "src", title: "src", directoryShortid: null },
  { shortid: "cmp", title: "components", directoryShortid: "src" },
  { shortid: "pub", title: "public", directoryShortid: null },
];
const file = (shortid: string, title: string, directoryShortid: string | null): SandboxFileModule => ({
  shortid,
  title,
  code: `// ${title}`,
  directoryShortid,
  isBinary: false,
  version: 1,
  updatedAt: "2026-01-01T00:00:00Z",
});
const modules = [
  file("m1", "package.json", null),
  file("m2", "index.js", "src"),
  file("m3", "Card.jsx", "cmp"),
  file("m4", "App.jsx", "src"),
  file("m5", "README.md", null),
  file("m6", "logo.svg", "pub"),
];

function Harness({
  canEdit = false,
  dirty = new Set<string>(),
  actions = {},
}: {
  canEdit?: boolean;
  dirty?: Set<string>;
  actions?: Partial<FileExplorerActions>;
}) {
  const tree = buildFileTree(dirs, modules);
  const [selected, setSelected] = useState<string | null>("m:m5");
  const [creating, setCreating] = useState<Creating | null>(null);
  return (
    <>
      <FileExplorer
        tree={tree}
        selectedId={selected}
        dirty={dirty}
        canEdit={canEdit}
        creating={creating}
        onOpen={(f) => setSelected(f.id)}
        onNew={(kind, parent) => setCreating({ kind, parent })}
        onCreateDone={(name) => {
          setCreating(null);
          actions.onCreateDone?.(name);
        }}
        onRename={actions.onRename ?? vi.fn()}
        onMove={actions.onMove ?? vi.fn()}
        onMoveDialog={actions.onMoveDialog ?? vi.fn()}
        onDelete={actions.onDelete ?? vi.fn()}
        onDropFiles={actions.onDropFiles ?? vi.fn()}
      />
      <output>{selected}</output>
    </>
  );
}

describe("the file tree", () => {
  it("S1-2.006 / is a tree named Files: directories expand on click, files open (aria-selected), unsaved files are described so", async () => {
    const user = userEvent.setup();
    render(<Harness dirty={new Set(["m4"])} />);
    const tree = screen.getByRole("tree", { name: "Files" });
    const src = screen.getByRole("treeitem", { name: "src" });
    expect(tree.contains(src)).toBe(true);
    expect(src.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("treeitem", { name: "App.jsx" })).toBeNull();
    await user.click(src);
    expect(src.getAttribute("aria-expanded")).toBe("true");
    const app = screen.getByRole("treeitem", { name: "App.jsx" });
    expect(app.getAttribute("aria-level")).toBe("2");
    expect(app.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(app.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Unsaved changes",
    );
    await user.click(app);
    expect(document.querySelector("output")?.textContent).toBe("m:m4");
    expect(app.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("treeitem", { name: "README.md" }).getAttribute("aria-selected")).toBe("false");
  });

  it("S1-2.006 / keyboard: one tab stop; arrows move, Right opens and enters, Left closes and goes to the parent, Enter opens, Home and End jump", async () => {
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

  it("F2 renames in place (Enter commits, Escape cancels); Delete asks to delete; read only, neither", async () => {
    const user = userEvent.setup();
    const onRename = vi.fn();
    const onDelete = vi.fn();
    const { unmount } = render(<Harness canEdit actions={{ onRename, onDelete }} />);
    screen.getByRole("treeitem", { name: "README.md" }).focus();
    await user.keyboard("{F2}");
    const input = await screen.findByRole("textbox", { name: "Rename README.md" });
    await user.clear(input);
    await user.type(input, "NOTES.md{Enter}");
    expect(onRename).toHaveBeenCalledWith(expect.objectContaining({ id: "m:m5" }), "NOTES.md");
    screen.getByRole("treeitem", { name: "README.md" }).focus();
    await user.keyboard("{F2}");
    await user.keyboard("{Escape}");
    expect(onRename).toHaveBeenCalledTimes(1);
    screen.getByRole("treeitem", { name: "package.json" }).focus();
    await user.keyboard("{Delete}");
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: "m:m1" }));
    unmount();

    render(<Harness actions={{ onRename, onDelete }} />);
    screen.getByRole("treeitem", { name: "package.json" }).focus();
    await user.keyboard("{F2}{Delete}");
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it("the context menu makes a new file in the folder right-clicked: its name is typed in the tree", async () => {
    const user = userEvent.setup();
    const onCreateDone = vi.fn();
    render(<Harness canEdit actions={{ onCreateDone }} />);
    await user.pointer({ keys: "[MouseRight]", target: screen.getByRole("treeitem", { name: "src" }) });
    await user.click(await screen.findByRole("menuitem", { name: "New file" }));
    const input = await screen.findByRole("textbox", { name: "New file name" });
    // The folder opened to show where the file goes.
    await waitFor(() =>
      expect(screen.getByRole("treeitem", { name: "src" }).getAttribute("aria-expanded")).toBe("true"),
    );
    await user.type(input, "utils.js{Enter}");
    expect(onCreateDone).toHaveBeenCalledWith("utils.js");
  });
});
