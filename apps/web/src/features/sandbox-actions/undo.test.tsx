// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { resetToasts } from "../../ui/toastStore.ts";
import { planDrop } from "../dashboard-dnd/dropRules.ts";
import { performDrop } from "../dashboard-dnd/performDrop.ts";
import { folderItem, isDraggable, type SelectableItem, sandboxItem } from "../sandbox-grid/gridItems.ts";
import {
  dashboardSandbox,
  type SandboxCard,
  sandbox,
  startDashboard,
  TEAM_ID,
  USER,
} from "../sandbox-grid/testing.tsx";
import { dragItemOf } from "../sandbox-grid/useGridDrag.ts";

afterEach(() => {
  resetToasts();
});

const WORK = { id: "c-work", path: "/work" };
const list = () => screen.findByRole("listbox", {}, { timeout: 5000 });
const names = (box: HTMLElement) =>
  within(box)
    .getAllByRole("option")
    .map((option) => option.getAttribute("aria-label"));

/**
 * A workspace whose server keeps where each sandbox is: /work holds A and B, the root C.
 * Moves, trash and putting back change it as the real server would.
 */
function workspaceServer() {
  const calls: [string, Record<string, unknown>][] = [];
  const places = new Map<string, { path: string | null; removed: boolean }>([
    ["a", { path: "/work", removed: false }],
    ["b", { path: "/work", removed: false }],
    ["c", { path: "/", removed: false }],
  ]);
  let folders = ["/", "/work", "/old", "/dest"];
  const row = (id: string): SandboxCard => {
    const place = places.get(id)!;
    return sandbox(id, {
      title: id.toUpperCase(),
      collection: place.path === null ? null : { id: `c-${place.path}`, path: place.path },
    });
  };
  const inFolder = (path: string) =>
    [...places].filter(([, p]) => !p.removed && p.path === path).map(([id]) => row(id));
  const dashboard = startDashboard("/dashboard/sandboxes/work", {
    SandboxesByPath: (variables) => ({
      me: {
        id: USER.id,
        collections: folders.map((path) => ({ id: `c-${path}`, path, sandboxCount: inFolder(path).length })),
        collection: { id: "c", path: String(variables.path), sandboxes: inFolder(String(variables.path)) },
      },
    }),
    AllCollections: () => ({
      me: { id: USER.id, collections: folders.map((path) => ({ id: `c-${path}`, path, sandboxCount: 0 })) },
    }),
    MoveToTrash: (variables) => {
      calls.push(["MoveToTrash", variables]);
      for (const id of variables.sandboxIds as string[]) places.get(id)!.removed = true;
      return { deleteSandboxes: [] };
    },
    AddToFolder: (variables) => {
      calls.push(["AddToFolder", variables]);
      for (const id of variables.sandboxIds as string[]) {
        places.set(id, { path: (variables.collectionPath as string | null) ?? null, removed: false });
      }
      return { addToCollectionOrTeam: [] };
    },
    RenameFolder: (variables) => {
      calls.push(["RenameFolder", variables]);
      folders = folders.map((path) => (path === variables.path ? String(variables.newPath) : path));
      return { renameCollection: { id: "r", path: variables.newPath, sandboxCount: 0 } };
    },
  });
  return { ...dashboard, calls };
}

describe("Undo (issue 19, safety and feedback)", () => {
  it("S1-4.004 / Move to trash says so with Undo; Undo puts the sandbox back in its folder", async () => {
    const { calls } = workspaceServer();
    const box = await list();
    expect(names(box)).toEqual(["A", "B"]);
    fireEvent.contextMenu(within(box).getByRole("option", { name: "B" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Move to trash" }));
    await waitFor(() => expect(names(box)).toEqual(["A"]));
    await screen.findByText("1 sandbox moved to Recently deleted");
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(names(screen.getByRole("listbox"))).toEqual(["A", "B"]));
    expect(calls).toEqual([
      ["MoveToTrash", { sandboxIds: ["b"] }],
      ["AddToFolder", { collectionPath: "/work", sandboxIds: ["b"], teamId: TEAM_ID }],
    ]);
    expect(screen.queryByText("1 sandbox moved to Recently deleted")).toBeNull();
  });

  it("S1-8.024 / 'Move to folder' ends with 'Successfully moved to {destination}' and Undo, which moves it back", async () => {
    const { calls } = workspaceServer();
    const box = await list();
    fireEvent.contextMenu(within(box).getByRole("option", { name: "A" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Move to folder" }));
    const dialog = await screen.findByRole("dialog", { name: "Move to folder" });
    await userEvent.click(await within(dialog).findByRole("button", { name: "old" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Move" }));
    await screen.findByText("Successfully moved to old");
    await waitFor(() => expect(names(box)).toEqual(["B"]));
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(names(screen.getByRole("listbox"))).toEqual(["A", "B"]));
    expect(calls).toEqual([
      ["AddToFolder", { collectionPath: "/old", sandboxIds: ["a"], teamId: TEAM_ID }],
      ["AddToFolder", { collectionPath: "/work", sandboxIds: ["a"], teamId: TEAM_ID }],
    ]);
  });

  it("S1-4.035 / S1-8.024 / a drop of a sandbox and a folder has one toast whose Undo moves both back", async () => {
    const { calls, client } = workspaceServer();
    const box = await list();
    const moving = [
      folderItem({ id: "c-/old", path: "/old" }) as SelectableItem,
      sandboxItem(dashboardSandbox("b", { collection: WORK })) as SelectableItem,
    ]
      .filter(isDraggable)
      .map(dragItemOf);
    await act(() => performDrop(client, TEAM_ID, planDrop(moving, { folder: "/dest" }, "ADMIN", "dest")!));
    await waitFor(() => expect(names(box)).toEqual(["A"]));
    expect(screen.getAllByText("Successfully moved to dest")).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(names(screen.getByRole("listbox"))).toEqual(["A", "B"]));
    expect(calls).toEqual([
      ["AddToFolder", { collectionPath: "/dest", sandboxIds: ["b"], teamId: TEAM_ID }],
      ["RenameFolder", { path: "/old", newPath: "/dest/old", teamId: TEAM_ID, newTeamId: TEAM_ID }],
      ["AddToFolder", { collectionPath: "/work", sandboxIds: ["b"], teamId: TEAM_ID }],
      ["RenameFolder", { path: "/dest/old", newPath: "/old", teamId: TEAM_ID, newTeamId: TEAM_ID }],
    ]);
  });
});
