// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { DASHBOARD_MESSAGES } from "@boxyard/domain";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { toDashboardSandbox } from "../../api/queries/sandbox-fragments.ts";
import { answers, GraphQLAnswerError } from "../../test/graphql-handlers.ts";
import { server } from "../../test/server.ts";
import { resetToasts } from "../../ui/toastStore.ts";
import { planDrop } from "../dashboard-dnd/dropRules.ts";
import { performDrop } from "../dashboard-dnd/performDrop.ts";
import { folderItem, isDraggable, type SelectableItem, sandboxItem } from "./gridItems.ts";
import { byPath, sandbox, startDashboard, TEAM_ID } from "./testing.tsx";
import { dragItemOf } from "./useGridDrag.ts";

afterEach(() => {
  resetToasts();
});

const list = () => screen.findByRole("listbox", {}, { timeout: 5000 });
const names = (box: HTMLElement) =>
  within(box)
    .getAllByRole("option")
    .map((option) => option.getAttribute("aria-label"));
const selected = (box: HTMLElement) =>
  within(box)
    .getAllByRole("option")
    .filter((option) => option.getAttribute("aria-selected") === "true")
    .map((option) => option.getAttribute("aria-label"));

const ITEMS = ["a", "b", "c", "d"].map((id, i) =>
  sandbox(id, { title: id.toUpperCase(), updatedAt: `2026-0${9 - i}-01T00:00:00Z` }),
);
const ROWS = ITEMS.map(toDashboardSandbox);

describe("grid keyboard", () => {
  it("S1-2.059 / shift+arrows extend, ctrl+A selects all, Escape clears, Enter opens a folder", async () => {
    const { router } = startDashboard("/dashboard/sandboxes", {
      SandboxesByPath: byPath([{ path: "/work" }], ITEMS),
    });
    const box = await list();
    expect(names(box)).toEqual(["work", "A", "B", "C", "D"]);
    box.focus();
    fireEvent.keyDown(box, { key: "ArrowRight" });
    expect(selected(box)).toEqual(["work"]);
    fireEvent.keyDown(box, { key: "ArrowRight", shiftKey: true });
    fireEvent.keyDown(box, { key: "ArrowRight", shiftKey: true });
    expect(selected(box)).toEqual(["work", "A", "B"]);
    expect(box.getAttribute("aria-activedescendant")).toBe("grid-item-sandbox_b");
    fireEvent.keyDown(box, { key: "Escape" });
    expect(selected(box)).toEqual([]);
    fireEvent.keyDown(box, { key: "a", ctrlKey: true });
    expect(selected(box)).toEqual(["work", "A", "B", "C", "D"]);
    fireEvent.keyDown(box, { key: "Home" });
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/sandboxes/work"));
  });

  it("S1-2.059 / Delete moves the selection to Recently deleted: sandboxes, and folders with theirs once confirmed", async () => {
    const calls: [string, unknown][] = [];
    let folders = [{ path: "/work" }];
    let items = ITEMS;
    startDashboard("/dashboard/sandboxes", {
      SandboxesByPath: () => byPath(folders, items)(),
      AllCollections: () => ({
        me: {
          id: "u",
          collections: [
            { id: "c-root", path: "/", sandboxCount: 4 },
            ...folders.map((f) => ({ id: f.path, path: f.path, sandboxCount: 2 })),
            ...(folders.length > 0 ? [{ id: "inner", path: "/work/inner", sandboxCount: 1 }] : []),
          ],
        },
      }),
      MoveToTrash: (variables) => {
        calls.push(["MoveToTrash", variables]);
        items = items.filter((item) => !(variables.sandboxIds as string[]).includes(item.id));
        return { deleteSandboxes: [] };
      },
      DeleteFolder: (variables) => {
        calls.push(["DeleteFolder", variables]);
        folders = [];
        return { deleteCollection: { id: "w", path: "/work", sandboxCount: 0 } };
      },
    });
    const box = await list();
    fireEvent.click(within(box).getByRole("option", { name: "work" }));
    fireEvent.click(within(box).getByRole("option", { name: "B" }), { ctrlKey: true });
    fireEvent.keyDown(box, { key: "Delete" });
    const dialog = await screen.findByRole("dialog", { name: "Delete folder" });
    expect(within(dialog).getByText(/^“work” will be deleted/).textContent).toBe(
      "“work” will be deleted with everything in it: 3 sandboxes and 1 folder. The selected sandbox goes too. Sandboxes go to Recently deleted, where they can be recovered for 30 days.",
    );
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete folder" }));
    await waitFor(() => expect(names(box)).toEqual(["A", "C", "D"]));
    // Both are sent together (in no set order).
    expect(calls).toHaveLength(2);
    expect(calls).toEqual(
      expect.arrayContaining([
        ["DeleteFolder", { path: "/work", teamId: TEAM_ID }],
        ["MoveToTrash", { sandboxIds: ["b"] }],
      ]),
    );
    // One toast for the whole deletion, which cannot be undone: no Undo.
    await screen.findByText("Deleted “work”. 4 sandboxes moved to Recently deleted.");
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
  });

  it("S1-4.035 / Space picks the selection up to move it by keyboard, Escape puts it down", async () => {
    startDashboard("/dashboard/sandboxes", { SandboxesByPath: byPath([], ITEMS) });
    const box = await list();
    expect(document.getElementById(box.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(
      /To move the selected items, press Space/,
    );
    const status = () => screen.getByRole("status", { hidden: true }).textContent;
    fireEvent.click(within(box).getByRole("option", { name: "A" }));
    fireEvent.click(within(box).getByRole("option", { name: "B" }), { shiftKey: true });
    box.focus();
    fireEvent.keyDown(box, { key: " ", code: "Space" });
    await waitFor(() => expect(box.hasAttribute("data-dragging")).toBe(true));
    expect(document.querySelector("[data-testid=drag-preview-count]")?.textContent).toBe("2");
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      fireEvent.keyDown(document, { key: "Escape", code: "Escape" });
    });
    await waitFor(() => expect(status()).toContain("Moving 2 items was cancelled."));
    expect(box.hasAttribute("data-dragging")).toBe(false);
  });

  it("S1-6.005 / S1-5.013 / READ members and frozen workspaces cannot drag", async () => {
    startDashboard("/dashboard/sandboxes", { SandboxesByPath: byPath([], ITEMS) }, { role: "READ" });
    let box = await list();
    await waitFor(() => expect(box.hasAttribute("aria-describedby")).toBe(false));
    fireEvent.click(within(box).getByRole("option", { name: "A" }));
    fireEvent.keyDown(box, { key: " ", code: "Space" });
    expect(box.hasAttribute("data-dragging")).toBe(false);
    cleanup();
    startDashboard("/dashboard/sandboxes", { SandboxesByPath: byPath([], ITEMS) }, { frozen: true });
    box = await list();
    await waitFor(() => expect(box.hasAttribute("aria-describedby")).toBe(false));
  });
});

describe("drops", () => {
  const dragged = (items: SelectableItem[]) => items.filter(isDraggable).map(dragItemOf);

  it("S1-4.004 / S1-5.017 / S1-8.019 / a drop the server refuses rolls back with the spec's DRAFT_LIMIT message", async () => {
    let release: () => void = () => undefined;
    const { client } = startDashboard("/dashboard/sandboxes", {
      SandboxesByPath: byPath([], ITEMS),
    });
    const box = await list();
    server.use(
      ...answers({
        AddToFolder: async (variables) => {
          expect(variables).toMatchObject({ collectionPath: null, sandboxIds: ["a"], teamId: TEAM_ID });
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          throw new GraphQLAnswerError(`DRAFT_LIMIT: ${DASHBOARD_MESSAGES.draftLimit}`);
        },
      }),
    );
    const plan = planDrop(dragged([sandboxItem(ROWS[0]!) as SelectableItem]), "DRAFTS", "ADMIN", "Drafts");
    const done = performDrop(client, TEAM_ID, plan!);
    await waitFor(() => expect(names(box)).toEqual(["B", "C", "D"]));
    release();
    expect(await done).toBe(false);
    await screen.findByText(DASHBOARD_MESSAGES.draftLimit);
    await waitFor(() => expect(names(screen.getByRole("listbox"))).toEqual(["A", "B", "C", "D"]));
  });

  it("S1-4.035 / S1-8.024 / onto a folder: sandboxes move, a folder moves inside; 'Successfully moved to {destination}'", async () => {
    const calls: [string, unknown][] = [];
    let folders = [{ path: "/work" }, { path: "/old" }];
    let items = ITEMS;
    const { client } = startDashboard("/dashboard/sandboxes", {
      SandboxesByPath: () => byPath(folders, items)(),
      AddToFolder: (variables) => {
        calls.push(["AddToFolder", variables]);
        items = items.filter((item) => !(variables.sandboxIds as string[]).includes(item.id));
        return { addToCollectionOrTeam: [] };
      },
      RenameFolder: (variables) => {
        calls.push(["RenameFolder", variables]);
        folders = [{ path: "/work" }, { path: "/work/old" }];
        return { renameCollection: { id: "o", path: variables.newPath, sandboxCount: 0 } };
      },
    });
    const box = await list();
    const moving = dragged([
      folderItem({ id: "o", path: "/old" }) as SelectableItem,
      sandboxItem(ROWS[1]!) as SelectableItem,
    ]);
    await act(() => performDrop(client, TEAM_ID, planDrop(moving, { folder: "/work" }, "WRITE", "work")!));
    expect(calls).toEqual([
      ["AddToFolder", { collectionPath: "/work", sandboxIds: ["b"], teamId: TEAM_ID }],
      ["RenameFolder", { path: "/old", newPath: "/work/old", teamId: TEAM_ID, newTeamId: TEAM_ID }],
    ]);
    await screen.findByText("Successfully moved to work");
    expect(screen.getAllByText("Successfully moved to work")).toHaveLength(1);
    await waitFor(() => expect(names(box)).toEqual(["work", "A", "C", "D"]));
  });

  it("S1-4.035 / S1-8.024 / onto Templates makes templates, with the template-created notice", async () => {
    const calls: unknown[] = [];
    const { client } = startDashboard("/dashboard/sandboxes", {
      SandboxesByPath: byPath([], ITEMS),
      MakeSandboxesTemplate: (variables) => {
        calls.push(variables);
        return { makeSandboxesTemplates: [] };
      },
    });
    await list();
    const plan = planDrop(
      dragged([sandboxItem(ROWS[2]!) as SelectableItem]),
      "TEMPLATES",
      "ADMIN",
      "Templates",
    );
    await act(() => performDrop(client, TEAM_ID, plan!));
    expect(calls).toEqual([{ sandboxIds: ["c"] }]);
    await screen.findByText("Template created");
  });
});

describe("ordering", () => {
  it("S1-2.059 / the sort order resets when the route changes", async () => {
    const { router } = startDashboard("/dashboard/sandboxes", {
      SandboxesByPath: byPath([], ITEMS),
      TeamDrafts: () => ({ me: { id: "u", team: { id: TEAM_ID, drafts: [] } } }),
    });
    await list();
    await userEvent.click(screen.getByRole("button", { name: "Sort: Last Modified" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Name" }));
    await screen.findByRole("button", { name: "Sort: Name" });
    // Another folder: the same page, a new route.
    await act(() => router.navigate("/dashboard/sandboxes/work"));
    await screen.findByRole("button", { name: "Sort: Last Modified" });
    await userEvent.click(screen.getByRole("button", { name: "Sort: Last Modified" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Views" }));
    await act(() => router.navigate("/dashboard/drafts"));
    await screen.findByText("You have no drafts");
    await act(() => router.navigate("/dashboard/sandboxes/work"));
    await screen.findByRole("button", { name: "Sort: Last Modified" });
  });
});
