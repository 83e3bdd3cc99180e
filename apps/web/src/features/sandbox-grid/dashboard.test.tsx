// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { GRID, gridColumns, SANDBOX_MESSAGES } from "@boxyard/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SANDBOXES_PAGE } from "../../api/queries/folders.ts";
import { toDashboardSandbox } from "../../api/queries/sandbox-fragments.ts";
import { answers, GraphQLAnswerError } from "../../test/graphql-handlers.ts";
import { fileAnswer } from "../../test/rest-handlers.ts";
import { server } from "../../test/server.ts";
import { byPath, sandbox, startDashboard, TEAM_ID, teamInfo, USER } from "./testing.tsx";
import { sortSandboxes, VIEW_MODE_KEY } from "./viewMode.ts";

const list = () => screen.findByRole("listbox", {}, { timeout: 5000 });
const optionNames = (box: HTMLElement) =>
  within(box)
    .getAllByRole("option")
    .map((option) => option.getAttribute("aria-label"));

describe("dashboard lists", () => {
  it("S1-2.038 / Drafts shows only the user's drafts, with view and sort", async () => {
    startDashboard("/dashboard/drafts", {
      TeamDrafts: (variables) => {
        expect(variables).toEqual({ teamId: TEAM_ID, authorId: null });
        return {
          me: {
            id: USER.id,
            team: {
              id: TEAM_ID,
              drafts: [
                sandbox("mine", { title: "Mine" }),
                sandbox("theirs", { title: "Theirs", authorId: "other" }),
              ],
            },
          },
        };
      },
    });
    const box = await list();
    expect(optionNames(box)).toEqual(["Mine"]);
    expect(screen.getByRole("button", { name: "Grid view" })).toBeTruthy();
  });

  it("S1-2.038 / S1-4.001 / an empty Drafts page shows its empty state without view and sort", async () => {
    startDashboard("/dashboard/drafts", {
      TeamDrafts: () => ({ me: { id: USER.id, team: { id: TEAM_ID, drafts: [] } } }),
    });
    await screen.findByText("You have no drafts");
    expect(screen.queryByRole("button", { name: "Grid view" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Sort:/ })).toBeNull();
  });

  it("S1-4.001 / S1-8.015 / a load failure shows the spec text and retries", async () => {
    let fail = true;
    startDashboard("/dashboard/drafts", {
      TeamDrafts: () => {
        if (fail) throw new GraphQLAnswerError("boom");
        return { me: { id: USER.id, team: { id: TEAM_ID, drafts: [sandbox("a", { title: "Back" })] } } };
      },
    });
    await screen.findByText(SANDBOX_MESSAGES.getSandboxes);
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(optionNames(await list())).toEqual(["Back"]);
  });

  it("S1-2.039 / S1-2.092 / a folder lists subfolders by name first, then sandboxes, under a breadcrumb", async () => {
    const { operationsCalled } = startDashboard("/dashboard/sandboxes/work", {
      SandboxesByPath: () => ({
        me: {
          id: USER.id,
          collections: [
            { id: "1", path: "/", sandboxCount: 0 },
            { id: "2", path: "/work", sandboxCount: 2 },
            { id: "3", path: "/work/zeta", sandboxCount: 0 },
            { id: "4", path: "/work/Alpha", sandboxCount: 1 },
            { id: "5", path: "/work/Alpha/deep", sandboxCount: 0 },
            { id: "6", path: "/other", sandboxCount: 0 },
          ],
          collection: {
            id: "2",
            path: "/work",
            sandboxes: [
              sandbox("old", { title: "Old", updatedAt: "2026-01-01T00:00:00Z" }),
              sandbox("new", { title: "New", updatedAt: "2026-11-01T00:00:00Z" }),
            ],
          },
        },
      }),
    });
    const box = await list();
    expect(optionNames(box)).toEqual(["Alpha", "zeta", "New", "Old"]);
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(crumbs).getByRole("link", { name: "All folders" })).toBeTruthy();
    expect(within(crumbs).getByText("work").getAttribute("aria-current")).toBe("page");
    const call = operationsCalled().find((op) => op.operationName === "SandboxesByPath");
    expect(call?.variables).toEqual({
      path: "/work",
      teamId: TEAM_ID,
      limit: SANDBOXES_PAGE,
      after: null,
      withFolders: true,
    });
  });

  it("S1-2.040 / S1-2.093 / S1-4.025 / 'New folder' adds an inline row: Enter creates, a blank name creates nothing", async () => {
    const created: unknown[] = [];
    const { operationsCalled } = startDashboard("/dashboard/sandboxes", {
      SandboxesByPath: byPath([], [sandbox("a")]),
      CreateFolder: (variables) => {
        created.push(variables);
        return { createCollection: { id: "n", path: variables.path, sandboxCount: 0 } };
      },
    });
    await list();
    const button = screen.getByRole("button", { name: "New folder" });
    await userEvent.click(button);
    let input = await screen.findByRole("textbox", { name: "New folder name" });
    await userEvent.type(input, "   {Enter}");
    expect(screen.queryByRole("textbox", { name: "New folder name" })).toBeNull();
    await userEvent.click(button);
    input = await screen.findByRole("textbox", { name: "New folder name" });
    await userEvent.type(input, "x{Escape}");
    expect(screen.queryByRole("textbox", { name: "New folder name" })).toBeNull();
    expect(created).toEqual([]);
    await userEvent.click(button);
    input = await screen.findByRole("textbox", { name: "New folder name" });
    await userEvent.type(input, "  Designs {Enter}");
    await waitFor(() => expect(created).toEqual([{ path: "/Designs", teamId: TEAM_ID }]));
    expect(operationsCalled().some((op) => op.operationName === "CreateFolder")).toBe(true);
  });

  it("S1-6.004 / an editor (WRITE) gets 'New folder' and, in an empty folder, the 'Create' tile", async () => {
    startDashboard("/dashboard/sandboxes", { SandboxesByPath: byPath([], []) }, { role: "WRITE" });
    await screen.findByText("This folder is empty");
    expect(screen.getByRole("button", { name: "New folder" })).toBeTruthy();
    await waitFor(() => {
      const buttons = screen.getAllByRole("button", { name: "Create" }) as HTMLButtonElement[];
      expect(buttons).toHaveLength(2);
      for (const button of buttons) expect(button.disabled).toBe(false);
    });
  });

  it("S1-2.093 / 'New folder' is not offered to READ members", async () => {
    startDashboard("/dashboard/sandboxes", { SandboxesByPath: byPath([], [sandbox("a")]) }, { role: "READ" });
    await list();
    expect(screen.queryByRole("button", { name: "New folder" })).toBeNull();
  });

  it("S1-2.041 / S1-6.006 / an empty folder offers 'Create' to editors; it and the top bar's are disabled when frozen", async () => {
    startDashboard("/dashboard/sandboxes", { SandboxesByPath: byPath([], []) }, { frozen: true });
    await screen.findByText("This folder is empty");
    await waitFor(() => {
      const buttons = screen.getAllByRole("button", { name: "Create" }) as HTMLButtonElement[];
      expect(buttons).toHaveLength(2);
      for (const button of buttons) expect(button.disabled).toBe(true);
    });
  });

  it("S1-2.042 / Templates lists the workspace's templates with sort and view", async () => {
    startDashboard("/dashboard/templates", {
      TeamTemplates: () => ({
        me: {
          id: USER.id,
          team: {
            id: TEAM_ID,
            name: "x",
            templates: [
              {
                id: "t1",
                color: "#f00",
                iconUrl: null,
                published: true,
                sandbox: { ...sandbox("s1", { title: "Starter" }), team: { name: "Ada's space" }, git: null },
              },
            ],
          },
        },
      }),
    });
    await screen.findByRole("heading", { name: "Templates" });
    expect(optionNames(await list())).toEqual(["Starter"]);
    expect(screen.getByRole("button", { name: "Sort: Last Modified" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "List view" })).toBeTruthy();
    // The sidebar shows 'Templates' once the workspace has templates.
    await screen.findByRole("link", { name: "Templates" });
  });

  it("S1-2.055 / S1-4.034 / Recently deleted groups this week and earlier, always as a list", async () => {
    window.localStorage.setItem(VIEW_MODE_KEY, "grid");
    startDashboard("/dashboard/deleted", {
      DeletedTeamSandboxes: () => ({
        me: {
          id: USER.id,
          team: {
            id: TEAM_ID,
            sandboxes: [
              sandbox("d1", { title: "Fresh", removedAt: new Date().toISOString() }),
              sandbox("d2", { title: "Stale", removedAt: "2020-01-01T00:00:00Z" }),
            ],
          },
        },
      }),
    });
    // The section titles show inside the list; a listbox holds options only, so they are for the eye.
    await screen.findByText("Deleted this week");
    expect(screen.getByText("Deleted earlier").closest("[aria-hidden=true]")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Grid view" })).toBeNull();
    expect(document.querySelectorAll("[role=option]")[0]?.className).toMatch(/listRow/);
  });

  it("S1-4.034 / S1-3.028 / the grid/list choice is stored", async () => {
    startDashboard("/dashboard/sandboxes", { SandboxesByPath: byPath([], [sandbox("a")]) });
    await list();
    await userEvent.click(screen.getByRole("button", { name: "List view" }));
    expect(window.localStorage.getItem(VIEW_MODE_KEY)).toBe("list");
    expect(screen.getByRole("button", { name: "List view" }).getAttribute("aria-pressed")).toBe("true");
  });
});

describe("sorting and metrics", () => {
  it("S1-9.003 / S1-2.096 / S1-3.028 / four sort fields with labels, default Last Modified descending", async () => {
    const items = [
      sandbox("a", {
        title: "b",
        viewCount: 5,
        insertedAt: "2026-03-01T00:00:00Z",
        updatedAt: "2026-01-01T00:00:00Z",
      }),
      sandbox("b", {
        title: "A",
        viewCount: 9,
        insertedAt: "2026-01-01T00:00:00Z",
        updatedAt: "2026-02-01T00:00:00Z",
      }),
    ];
    const rows = items.map(toDashboardSandbox);
    expect(sortSandboxes(rows, { field: "updatedAt", order: "desc" }).map((s) => s.id)).toEqual(["b", "a"]);
    expect(sortSandboxes(rows, { field: "title", order: "asc" }).map((s) => s.id)).toEqual(["b", "a"]);
    expect(sortSandboxes(rows, { field: "views", order: "asc" }).map((s) => s.id)).toEqual(["a", "b"]);
    expect(sortSandboxes(rows, { field: "insertedAt", order: "desc" }).map((s) => s.id)).toEqual(["a", "b"]);

    startDashboard("/dashboard/sandboxes", { SandboxesByPath: byPath([], items) });
    const box = await list();
    expect(optionNames(box)).toEqual(["A", "b"]);
    await userEvent.click(screen.getByRole("button", { name: "Sort: Last Modified" }));
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Last Created", "Last Modified", "Name", "Views", "Ascending", "Descending"]);
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Views" }));
    await waitFor(() => expect(optionNames(box)).toEqual(["A", "b"]));
    await userEvent.click(screen.getByRole("button", { name: "Sort: Views" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Ascending" }));
    await waitFor(() => expect(optionNames(box)).toEqual(["b", "A"]));
  });

  it("S1-9.002 / grid metrics: 154 px cards, 16 px gaps, 260 px minimum, at most 10 columns, 64 px rows", () => {
    expect(GRID).toMatchObject({
      cardHeight: 154,
      rowHeight: 64,
      gap: 16,
      minCardWidth: 260,
      maxWidth: 3840,
      maxColumns: 10,
      overscanRows: 2,
    });
    expect(gridColumns(1000)).toBe(3);
    expect(gridColumns(5000)).toBe(10);
    expect(gridColumns(100)).toBe(1);
  });

  it("S1-2.059 / S1-9.002 / the list is virtualised: only the visible rows (and 2 overscan) are rendered", async () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      sandbox(`s${i}`, { title: `Item ${String(i).padStart(3, "0")}` }),
    );
    startDashboard("/dashboard/sandboxes", { SandboxesByPath: byPath([], many) });
    const box = await list();
    const rendered = within(box).getAllByRole("option").length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(100);
    const height = Number.parseFloat(box.style.height);
    expect(height).toBe(Math.ceil(300 / gridColumns(1024)) * (GRID.cardHeight + GRID.gap));
  });
});

describe("selection, context menu and optimistic changes", () => {
  it("S1-2.059 / click selects, shift-click extends, ctrl-click toggles; arrows move", async () => {
    const items = ["a", "b", "c", "d"].map((id, i) =>
      sandbox(id, { title: id.toUpperCase(), updatedAt: `2026-0${9 - i}-01T00:00:00Z` }),
    );
    startDashboard("/dashboard/sandboxes", { SandboxesByPath: byPath([], items) });
    const box = await list();
    const option = (name: string) => within(box).getByRole("option", { name });
    const selected = () =>
      within(box)
        .getAllByRole("option")
        .filter((o) => o.getAttribute("aria-selected") === "true")
        .map((o) => o.getAttribute("aria-label"));
    fireEvent.click(option("A"));
    expect(selected()).toEqual(["A"]);
    fireEvent.click(option("C"), { shiftKey: true });
    expect(selected()).toEqual(["A", "B", "C"]);
    fireEvent.click(option("B"), { ctrlKey: true });
    expect(selected()).toEqual(["A", "C"]);
    fireEvent.click(option("D"), { metaKey: true });
    expect(selected()).toEqual(["A", "C", "D"]);
    fireEvent.click(option("A"));
    fireEvent.keyDown(box, { key: "ArrowRight" });
    expect(selected()).toEqual(["B"]);
    fireEvent.keyDown(box, { key: "ArrowLeft" });
    expect(selected()).toEqual(["A"]);
  });

  it("S1-2.059 / S1-4.004 / Delete moves the selection to trash at once", async () => {
    const trashed: unknown[] = [];
    let items = [sandbox("a", { title: "A" }), sandbox("b", { title: "B" })];
    startDashboard("/dashboard/sandboxes", {
      SandboxesByPath: () => byPath([], items)(),
      MoveToTrash: (variables) => {
        trashed.push(variables);
        items = items.filter((item) => !(variables.sandboxIds as string[]).includes(item.id));
        return { deleteSandboxes: [{ id: "a" }] };
      },
    });
    const box = await list();
    fireEvent.click(within(box).getByRole("option", { name: "A" }));
    fireEvent.keyDown(box, { key: "Delete" });
    await waitFor(() => expect(optionNames(box)).toEqual(["B"]));
    expect(trashed).toEqual([{ sandboxIds: ["a"] }]);
  });

  it("S1-4.004 / S1-8.016 / a failed move to trash puts the item back and shows the spec's toast", async () => {
    let release: () => void = () => undefined;
    startDashboard("/dashboard/sandboxes", {
      SandboxesByPath: byPath([], [sandbox("a", { title: "A" }), sandbox("b", { title: "B" })]),
    });
    // MoveToTrash answers an error after the optimistic removal is visible.
    server.use(
      ...answers({
        MoveToTrash: async () => {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          throw new GraphQLAnswerError("nope");
        },
      }),
    );
    const box = await list();
    fireEvent.contextMenu(within(box).getByRole("option", { name: "A" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Move to trash" }));
    await waitFor(() => expect(optionNames(box)).toEqual(["B"]));
    release();
    await screen.findByText("There was a problem deleting your Sandbox");
    await waitFor(() => expect(optionNames(screen.getByRole("listbox")).sort()).toEqual(["A", "B"]));
  });

  it("S1-8.018 / a SANDBOX_LIMIT failure shows the server's message", async () => {
    startDashboard("/dashboard/sandboxes", {
      SandboxesByPath: byPath([], [sandbox("a", { title: "A", privacy: 0 })]),
      SetSandboxesPrivacy: () => {
        throw new GraphQLAnswerError(
          "SANDBOX_LIMIT: You have reached the maximum of 5 private Sandboxes in this workspace. Upgrade your plan to add more.",
        );
      },
    });
    const box = await list();
    fireEvent.contextMenu(within(box).getByRole("option", { name: "A" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Private" }));
    expect(
      await screen.findByText(
        "You have reached the maximum of 5 private Sandboxes in this workspace. Upgrade your plan to add more.",
      ),
    ).toBeTruthy();
  });

  it("S1-2.059 / the context menu offers the editor's actions; READ members open and download", async () => {
    startDashboard("/dashboard/sandboxes", { SandboxesByPath: byPath([], [sandbox("a", { title: "A" })]) });
    let box = await list();
    fireEvent.contextMenu(within(box).getByRole("option", { name: "A" }));
    let menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Open",
      "Open in a new tab",
      "Rename",
      "Move to folder",
      "Make template",
      "Public✓",
      "Unlisted",
      "Private",
      "Protect",
      "Download",
      "Move to trash",
    ]);
    cleanup();
    startDashboard(
      "/dashboard/sandboxes",
      { SandboxesByPath: byPath([], [sandbox("a", { title: "A" })]) },
      { role: "READ" },
    );
    box = await list();
    await userEvent.click(within(box).getByTitle("More actions for A"));
    menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Open", "Open in a new tab", "Download"]);
  });

  it("S1-8.024 / S1-8.017 / admins of a Pro workspace prevent a selection from leaving the workspace or being exported", async () => {
    const calls: Record<string, unknown>[] = [];
    let preventSandboxLeaving = false;
    startDashboard("/dashboard/sandboxes", {
      GetTeam: () => ({
        me: {
          id: USER.id,
          team: teamInfo("ADMIN", {
            subscription: {
              id: "s",
              type: "TEAM_PRO",
              status: "ACTIVE",
              origin: null,
              paymentProvider: null,
            },
          }),
        },
      }),
      SandboxesByPath: () =>
        byPath(
          [],
          [sandbox("a", { title: "A", permissions: { preventSandboxLeaving, preventSandboxExport: false } })],
        )(),
      SetPreventSandboxesLeavingWorkspace: (variables) => {
        calls.push(variables);
        preventSandboxLeaving = true;
        return { setPreventSandboxesLeavingWorkspace: [{ id: "a" }] };
      },
      SetPreventSandboxesExport: () => {
        throw new GraphQLAnswerError("Only workspace admins can do that.");
      },
    });
    const box = await list();
    fireEvent.contextMenu(within(box).getByRole("option", { name: "A" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Prevent leaving workspace" }));
    await screen.findByText("Sandbox permissions updated.");
    expect(calls).toEqual([{ sandboxIds: ["a"], preventSandboxLeaving: true }]);
    fireEvent.contextMenu(within(box).getByRole("option", { name: "A" }));
    await screen.findByRole("menuitem", { name: "Allow leaving workspace" });
    await userEvent.click(screen.getByRole("menuitem", { name: "Prevent export as .zip" }));
    await screen.findByText(SANDBOX_MESSAGES.permissions);
  });

  it("S1-6.006 / in a frozen workspace the context menu keeps only opening and downloading", async () => {
    startDashboard(
      "/dashboard/sandboxes",
      { SandboxesByPath: byPath([], [sandbox("a", { title: "A" })]) },
      { frozen: true },
    );
    const box = await list();
    fireEvent.contextMenu(within(box).getByRole("option", { name: "A" }));
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Open", "Open in a new tab", "Download"]);
  });

  it("S1-5.018 / Download saves the zip and counts what was skipped for lack of export permission", async () => {
    const saved: string[] = [];
    const realCreate = URL.createObjectURL;
    URL.createObjectURL = () => "blob:zip";
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    try {
      const { calls } = startDashboard(
        "/dashboard/sandboxes",
        {
          SandboxesByPath: byPath(
            [],
            [sandbox("a", { title: "A" }), sandbox("b", { title: "B", isV2: true })],
          ),
        },
        {
          rest: {
            "GET /api/v1/teams/ws-personal/sandboxes/zip": () =>
              fileAnswer("PK", {
                "content-type": "application/zip",
                "content-disposition": `attachment; filename="sandboxes.zip"`,
                "x-boxyard-skipped": "1",
              }),
          },
        },
      );
      const box = await list();
      fireEvent.click(within(box).getByRole("option", { name: "A" }));
      fireEvent.click(within(box).getByRole("option", { name: "B" }), { ctrlKey: true });
      fireEvent.contextMenu(within(box).getByRole("option", { name: "A" }));
      await userEvent.click(await screen.findByRole("menuitem", { name: "Download" }));
      expect(
        await screen.findByText("1 sandbox(es) were skipped for lack of export permission."),
      ).toBeTruthy();
      expect(saved).toEqual(["sandboxes.zip"]);
      const zip = calls.find((call) => call.url.pathname.endsWith("/sandboxes/zip"))!;
      expect(zip.url.searchParams.get("ids")?.split(",").sort()).toEqual(["a", "b"]);
    } finally {
      click.mockRestore();
      URL.createObjectURL = realCreate;
    }
  });

  it("S1-4.026 / inline rename: Enter renames, Escape cancels, an unchanged name is ignored", async () => {
    const renamed: unknown[] = [];
    let title = "A";
    startDashboard("/dashboard/sandboxes", {
      SandboxesByPath: () => byPath([], [sandbox("a", { title })])(),
      RenameSandbox: (variables) => {
        renamed.push(variables);
        title = String(variables.title);
        return { renameSandbox: { id: "a" } };
      },
    });
    const box = await list();
    const rename = async () => {
      fireEvent.contextMenu(within(box).getByRole("option", { name: /^A|Alpha$/ }));
      await userEvent.click(await screen.findByRole("menuitem", { name: "Rename" }));
      return screen.findByRole("textbox", { name: "Sandbox name" });
    };
    let input = await rename();
    await userEvent.type(input, "{Escape}");
    input = await rename();
    await userEvent.type(input, "{Enter}");
    expect(renamed).toEqual([]);
    input = await rename();
    await userEvent.clear(input);
    await userEvent.type(input, "Alpha{Enter}");
    await waitFor(() => expect(optionNames(box)).toEqual(["Alpha"]));
    expect(renamed).toEqual([{ id: "a", title: "Alpha" }]);
  });

  it("S1-2.055 / Recently deleted offers Recover and Delete permanently (after confirming)", async () => {
    const done: string[] = [];
    startDashboard("/dashboard/deleted", {
      DeletedTeamSandboxes: () => ({
        me: {
          id: USER.id,
          team: {
            id: TEAM_ID,
            sandboxes: [sandbox("d1", { title: "Gone", removedAt: new Date().toISOString() })],
          },
        },
      }),
      PermanentlyDeleteSandboxes: (variables) => {
        done.push(`purge:${(variables.sandboxIds as string[]).join()}`);
        return { permanentlyDeleteSandboxes: [{ id: "d1" }] };
      },
    });
    const box = await list();
    fireEvent.contextMenu(within(box).getByRole("option", { name: "Gone" }));
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Recover", "Delete permanently"]);
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Delete permanently" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete permanently" }));
    await waitFor(() => expect(done).toEqual(["purge:d1"]));
  });

  it("S1-8.016 / S1-4.004 / a failed recover puts the item back with '...recovering your sandbox'", async () => {
    startDashboard("/dashboard/deleted", {
      DeletedTeamSandboxes: () => ({
        me: {
          id: USER.id,
          team: {
            id: TEAM_ID,
            sandboxes: [sandbox("d1", { title: "Gone", removedAt: new Date().toISOString() })],
          },
        },
      }),
      AddToFolder: (variables) => {
        expect(variables).toMatchObject({ collectionPath: "/", sandboxIds: ["d1"], teamId: TEAM_ID });
        throw new GraphQLAnswerError("nope");
      },
    });
    const box = await list();
    fireEvent.contextMenu(within(box).getByRole("option", { name: "Gone" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Recover" }));
    await screen.findByText("There was a problem recovering your sandbox");
    await screen.findByRole("option", { name: "Gone" });
  });
});
