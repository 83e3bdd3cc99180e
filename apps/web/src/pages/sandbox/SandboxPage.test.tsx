import { MESSAGES, SANDBOX_MESSAGES, UPLOAD_MAX_BYTES } from "@boxyard/domain";
import { EditorView } from "@codemirror/view";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { SandboxDetail } from "../../api/queries/sandbox.ts";
import { EDITOR_MESSAGES } from "../../features/editor/messages.ts";
import { textHash } from "../../features/editor/session/drafts.ts";
import { fakeFileApi, fileModule } from "../../features/editor/testing.ts";
import { writeEditorSetting } from "../../features/preferences/editorSettings.ts";
import {
  type DashboardOptions,
  sandboxDetail,
  startDashboard,
  TEAM_ID,
} from "../../features/sandbox-grid/testing.tsx";
import { type Failure, failure, serveRoutes } from "../../test/rest-handlers.ts";

const detail = (overrides: Partial<SandboxDetail> = {}): SandboxDetail =>
  sandboxDetail({
    directories: [{ shortid: "d1", title: "src", directoryShortid: null }],
    modules: [
      fileModule("m1", "README.md", "# Weather\n"),
      fileModule("m2", "index.js", "const sky = 'blue';\n", { directoryShortid: "d1" }),
    ],
    ...overrides,
  });

/** An editable sandbox of the viewer's own workspace. */
const own = (overrides: Partial<SandboxDetail> = {}) =>
  detail({
    authorization: "OWNER",
    teamId: TEAM_ID,
    team: { id: TEAM_ID, name: "Ada's space" },
    ...overrides,
  });

const open = <const K extends string = never>(
  sandbox: SandboxDetail | Failure,
  options: DashboardOptions<K> = {},
) => {
  serveRoutes({ "GET /api/v1/sandboxes/weather-abc123": () => sandbox });
  return startDashboard("/s/weather-abc123", {}, options);
};

/** The code editor once its piece has loaded, and a way to type into it (CodeMirror's own transaction). */
async function codeEditor() {
  const content = await screen.findByRole("textbox", { name: "Code editor" }, { timeout: 10_000 });
  const view = EditorView.findFromDOM(content)!;
  return {
    content,
    text: () => view.state.doc.toString(),
    type: (text: string) => view.dispatch({ changes: { from: view.state.doc.length, insert: text } }),
  };
}

const saveKeys = "{Control>}s{/Control}";

describe("the sandbox page", () => {
  it("S1-2.006 / shows the title, kind, privacy, author, workspace and the first file; a file of the tree opens in the editor", async () => {
    const user = userEvent.setup();
    open(detail());
    // The first test of the file waits for the page's pieces to load.
    await screen.findByRole("heading", { level: 1, name: "Weather" }, { timeout: 15_000 });
    expect(screen.getByText("Sandbox")).toBeTruthy();
    expect(screen.getAllByText("Public").length).toBeGreaterThan(0);
    // Below 1280 px the right pane (the preview, with the info one tab away) starts closed, to a
    // rail that opens it.
    expect(screen.queryByRole("region", { name: "Sandbox info" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Show preview" }));
    await user.click(screen.getByRole("tab", { name: "Info" }));
    const info = screen.getByRole("region", { name: "Sandbox info" });
    expect(within(info).getByText("Grace Hopper")).toBeTruthy();
    expect(within(info).getByText("Forecasters")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "README.md" }).getAttribute("aria-selected")).toBe("true");
    expect((await codeEditor()).text()).toBe("# Weather\n");
    expect(screen.queryByRole("link", { name: "Download" })).toBeNull();
    const files = screen.getByRole("tree", { name: "Files" });
    await user.click(within(files).getByRole("treeitem", { name: "src" }));
    await user.click(within(files).getByRole("treeitem", { name: "index.js" }));
    expect(screen.getByRole("tab", { name: "index.js" }).getAttribute("aria-selected")).toBe("true");
    await waitFor(async () => expect((await codeEditor()).text()).toBe("const sky = 'blue';\n"));
  });

  it("S1-6.006 S2-6.012 / Fork is disabled with the reason in a frozen workspace, and for viewers", async () => {
    open(detail(), { frozen: true });
    const fork = (await screen.findAllByRole("button", { name: "Fork" }))[0]!;
    await waitFor(() => expect((fork as HTMLButtonElement).disabled).toBe(true));
    expect((await screen.findAllByText(SANDBOX_MESSAGES.forkFrozen)).length).toBeGreaterThan(0);
  });

  it("S1-6.006 / a viewer of the active workspace cannot fork into it", async () => {
    open(detail(), { role: "READ" });
    expect((await screen.findAllByText(SANDBOX_MESSAGES.forkViewer)).length).toBeGreaterThan(0);
    for (const fork of screen.getAllByRole("button", { name: "Fork" })) {
      expect((fork as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it("S1-7.011 / Fork posts to the fork route with the active workspace and opens the fork in place; Download links the zip for members", async () => {
    const user = userEvent.setup();
    const { router, calls } = open(detail({ canExport: true, teamId: TEAM_ID }), {
      rest: {
        "POST /api/v1/sandboxes/abc123/fork": () =>
          own({ id: "new1", alias: "weather-new1", draft: true, privacy: 2 }),
        "GET /api/v1/sandboxes/weather-new1": () =>
          own({ id: "new1", alias: "weather-new1", draft: true, privacy: 2 }),
      },
    });
    expect(
      ((await screen.findByRole("link", { name: "Download" })) as HTMLAnchorElement).getAttribute("href"),
    ).toBe(`/api/v1/teams/${TEAM_ID}/sandboxes/zip?ids=abc123`);
    const fork = screen.getAllByRole("button", { name: "Fork" })[0]!;
    await waitFor(() => expect((fork as HTMLButtonElement).disabled).toBe(false));
    await user.click(fork);
    await waitFor(() => expect(router.state.location.pathname).toBe("/s/weather-new1"));
    const post = calls.find((c) => c.method === "POST" && c.url.pathname.endsWith("/fork"));
    expect(JSON.parse(String(post?.init?.body))).toEqual({ team_id: TEAM_ID });
    await screen.findByText("Draft");
    // The copy is the viewer's: its files can be changed.
    await waitFor(async () =>
      expect((await codeEditor()).content.getAttribute("aria-readonly")).toBe("false"),
    );
  });

  it("S1-2.022 / an unknown or hidden sandbox shows the not-found page", async () => {
    open(failure(404, { errors: { detail: ["Sandbox not found."] } }));
    await screen.findByText(MESSAGES.notFoundTitle);
  });

  it("a server failure shows an error state with Try again", async () => {
    open(failure(500, { errors: { detail: ["Something went wrong (request x)."] } }));
    await screen.findByText("We couldn't load this sandbox");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("editing in the sandbox page", () => {
  // Prettier on save has its own test: here the text is saved as typed.
  beforeEach(() => {
    writeEditorSetting("prettifyOnSaveEnabled", false);
  });

  it("Ctrl+S saves the file with the version it was based on; the tab's dot and the header say unsaved, then Saved", async () => {
    const user = userEvent.setup();
    const sandbox = own();
    const api = fakeFileApi(sandbox.id, sandbox.modules, sandbox.directories);
    open(sandbox);
    const editor = await codeEditor();
    expect(editor.content.getAttribute("aria-readonly")).toBe("false");
    editor.type("Sunny today.\n");
    const tab = screen.getByRole("tab", { name: "README.md" });
    await waitFor(() =>
      expect(document.getElementById(tab.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
        "Unsaved changes",
      ),
    );
    expect(screen.getByText("Unsaved changes", { selector: "[role=status]" })).toBeTruthy();
    await user.keyboard(saveKeys);
    await waitFor(() => expect(api.files.get("m1")?.code).toBe("# Weather\nSunny today.\n"));
    expect(api.changes()).toEqual([
      {
        method: "PUT",
        path: "modules/m1",
        body: { module: { code: "# Weather\nSunny today.\n" }, base_version: 1 },
        clientId: expect.any(String),
      },
    ]);
    await waitFor(() => expect(screen.getByText("Saved")).toBeTruthy());
    expect(tab.getAttribute("aria-describedby")).toBeNull();
    // The next save names the version the server answered.
    editor.type("Windy tomorrow.\n");
    await user.keyboard(saveKeys);
    await waitFor(() => expect(api.changes()).toHaveLength(2));
    expect((api.changes()[1]!.body as { base_version: number }).base_version).toBe(2);
  });

  it("a save someone else's newer version refused (409) opens the conflict view: take theirs, or keep mine saved over theirs", async () => {
    const user = userEvent.setup();
    const sandbox = own();
    const api = fakeFileApi(sandbox.id, sandbox.modules, sandbox.directories);
    open(sandbox);
    const editor = await codeEditor();
    api.saveAsSomeoneElse("m1", "# Weather (theirs)\n");
    editor.type("Mine.\n");
    await user.keyboard(saveKeys);
    const conflict = await screen.findByRole("region", { name: "Conflict in README.md" });
    expect(within(conflict).getByText(EDITOR_MESSAGES.conflict)).toBeTruthy();
    // Both versions side by side: mine (editable) and the saved one.
    await within(conflict).findByRole("textbox", { name: "Your version" });
    expect(within(conflict).getByRole("textbox", { name: "Saved version" }).textContent).toContain(
      "(theirs)",
    );
    expect(screen.getByText("Conflict")).toBeTruthy();
    await user.click(within(conflict).getByRole("button", { name: "Keep mine" }));
    await waitFor(() => expect(api.files.get("m1")?.code).toBe("# Weather\nMine.\n"));
    expect((api.changes().at(-1)!.body as { base_version: number }).base_version).toBe(2);
    expect(api.files.get("m1")?.version).toBe(3);

    api.saveAsSomeoneElse("m1", "# Theirs again\n");
    const again = await codeEditor();
    again.type("More of mine.\n");
    await user.keyboard(saveKeys);
    const second = await screen.findByRole("region", { name: "Conflict in README.md" });
    await user.click(within(second).getByRole("button", { name: "Take theirs" }));
    await waitFor(async () => expect((await codeEditor()).text()).toBe("# Theirs again\n"));
    expect(api.files.get("m1")?.code).toBe("# Theirs again\n");
  });

  it("S1-3.051 / unsaved text left in the browser comes back on opening, and is saved", async () => {
    const user = userEvent.setup();
    const sandbox = own();
    window.localStorage.setItem(
      `boxyard:drafts:${sandbox.id}`,
      JSON.stringify({
        m1: {
          code: "# Weather\nTyped before the reload.\n",
          baseVersion: 1,
          baseHash: textHash("# Weather\n"),
          title: "README.md",
          directoryShortid: null,
        },
      }),
    );
    const api = fakeFileApi(sandbox.id, sandbox.modules, sandbox.directories);
    open(sandbox);
    await screen.findByText(EDITOR_MESSAGES.restored(1));
    expect((await codeEditor()).text()).toBe("# Weather\nTyped before the reload.\n");
    await user.keyboard(saveKeys);
    await waitFor(() => expect(api.files.get("m1")?.code).toBe("# Weather\nTyped before the reload.\n"));
    await waitFor(() => expect(window.localStorage.getItem(`boxyard:drafts:${sandbox.id}`)).toBeNull());
  });

  it("whoever may only read sees the editor read only, with Fork; nothing is sent", async () => {
    const user = userEvent.setup();
    const sandbox = detail({ authorization: "READ" });
    const api = fakeFileApi(sandbox.id, sandbox.modules, sandbox.directories);
    open(sandbox);
    const editor = await codeEditor();
    expect(editor.content.getAttribute("aria-readonly")).toBe("true");
    const note = screen.getByRole("note");
    expect(note.textContent).toContain(EDITOR_MESSAGES.readOnly);
    expect(within(note).getByRole("button", { name: "Fork" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New file" })).toBeNull();
    await user.keyboard(saveKeys);
    expect(api.changes()).toEqual([]);
  });

  it("a save the server refuses (403) turns the editor read only and keeps the text", async () => {
    const user = userEvent.setup();
    const sandbox = own();
    const api = fakeFileApi(sandbox.id, sandbox.modules, sandbox.directories);
    api.refuse(403);
    open(sandbox);
    const editor = await codeEditor();
    editor.type("Not allowed.\n");
    await user.keyboard(saveKeys);
    await waitFor(() =>
      expect(screen.getByRole("note").textContent).toContain("You may not change the files of this sandbox."),
    );
    expect((await codeEditor()).content.getAttribute("aria-readonly")).toBe("true");
    expect((await codeEditor()).text()).toBe("# Weather\nNot allowed.\n");
    expect(api.files.get("m1")?.code).toBe("# Weather\n");
  });

  it("S1-9.018 / S2-9.016 / with prettify on save (the default), Ctrl+S formats with Prettier's defaults (double quotes, semicolons) before saving", async () => {
    const user = userEvent.setup();
    writeEditorSetting("prettifyOnSaveEnabled", true);
    const sandbox = own({ modules: [fileModule("m1", "index.js", "const sky = 'blue'\n")], directories: [] });
    const api = fakeFileApi(sandbox.id, sandbox.modules, sandbox.directories);
    open(sandbox);
    const editor = await codeEditor();
    editor.type("let rain = {a:1}\n");
    await user.keyboard(saveKeys);
    await waitFor(() =>
      expect(api.files.get("m1")?.code).toBe('const sky = "blue";\nlet rain = { a: 1 };\n'),
    );
    expect((await codeEditor()).text()).toBe('const sky = "blue";\nlet rain = { a: 1 };\n');
  });

  it("files are created, renamed and deleted from the tree; a name already taken is refused before asking the server", async () => {
    const user = userEvent.setup();
    const sandbox = own();
    const api = fakeFileApi(sandbox.id, sandbox.modules, sandbox.directories);
    open(sandbox);
    await codeEditor();
    await user.click(screen.getByRole("button", { name: "New file" }));
    await user.type(await screen.findByRole("textbox", { name: "New file name" }), "notes.txt{Enter}");
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "notes.txt" }).getAttribute("aria-selected")).toBe("true"),
    );
    expect(api.changes()[0]).toMatchObject({
      method: "POST",
      path: "modules",
      body: { module: { title: "notes.txt", directory_shortid: null, code: "", is_binary: false } },
    });

    const files = screen.getByRole("tree", { name: "Files" });
    within(files).getByRole("treeitem", { name: "notes.txt" }).focus();
    await user.keyboard("{F2}");
    const rename = await screen.findByRole("textbox", { name: "Rename notes.txt" });
    await user.clear(rename);
    await user.type(rename, "README.md{Enter}");
    await screen.findByText(EDITOR_MESSAGES.nameTaken("README.md"));
    expect(api.changes()).toHaveLength(1);

    within(files).getByRole("treeitem", { name: "notes.txt" }).focus();
    await user.keyboard("{F2}");
    const again = await screen.findByRole("textbox", { name: "Rename notes.txt" });
    await user.clear(again);
    await user.type(again, "todo.txt{Enter}");
    await within(files).findByRole("treeitem", { name: "todo.txt" });
    expect(api.changes()[1]).toMatchObject({
      method: "PUT",
      body: { module: { title: "todo.txt" }, base_version: 1 },
    });

    within(files).getByRole("treeitem", { name: "todo.txt" }).focus();
    await user.keyboard("{Delete}");
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(within(files).queryByRole("treeitem", { name: "todo.txt" })).toBeNull());
    expect(api.changes()[2]).toMatchObject({ method: "DELETE", path: "modules/new1" });
  }, 30_000);

  it("S2-9.017 / files dropped on a folder of the tree are uploaded into it; one over 5 MB is refused with the upload limit's message", async () => {
    const sandbox = own();
    const api = fakeFileApi(sandbox.id, sandbox.modules, sandbox.directories);
    open(sandbox);
    await codeEditor();
    const src = within(screen.getByRole("tree", { name: "Files" })).getByRole("treeitem", { name: "src" });
    const small = new File(["export const rain = true;\n"], "rain.js", { type: "text/javascript" });
    const big = new File(["x"], "video.mp4");
    Object.defineProperty(big, "size", { value: UPLOAD_MAX_BYTES + 1 });
    const dataTransfer = { types: ["Files"], items: [], files: [small, big], dropEffect: "none" };
    fireEvent.dragOver(src, { dataTransfer });
    fireEvent.drop(src, { dataTransfer });
    await screen.findByText(`${MESSAGES.fileTooLarge} (video.mp4)`);
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]).toMatchObject({
      method: "POST",
      path: "modules/mcreate",
      body: {
        modules: [
          {
            title: "rain.js",
            directory_shortid: "d1",
            code: "export const rain = true;\n",
            is_binary: false,
          },
        ],
        directories: [],
      },
    });
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "rain.js" }).getAttribute("aria-selected")).toBe("true"),
    );
  });
});
