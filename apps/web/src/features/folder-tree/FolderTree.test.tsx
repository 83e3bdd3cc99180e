// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { NEW_FOLDER_PLACEHOLDER } from "@boxyard/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { resetToasts } from "../../ui/toastStore.ts";
import { byPath, sandbox, startDashboard, TEAM_ID, USER } from "../sandbox-grid/testing.tsx";

afterEach(() => {
  resetToasts();
});

const FOLDERS = ["/", "/work", "/work/inner", "/zeta"];
/** Sandboxes in each folder (its own, not its subfolders'). */
const COUNTS: Record<string, number> = { "/": 4, "/work": 2, "/work/inner": 3 };

function start(path = "/dashboard/sandboxes", options: Parameters<typeof startDashboard>[2] = {}) {
  const requests: { operationName: string; variables: Record<string, unknown> }[] = [];
  // The server's folders: the mutations change them, as the real server would.
  let folders = [...FOLDERS];
  const record =
    <V extends Record<string, unknown>, R>(operationName: string, answer: (v: V) => R) =>
    (v: V) => {
      requests.push({ operationName, variables: v });
      return answer(v);
    };
  const dashboard = startDashboard(
    path,
    {
      AllCollections: () => ({
        me: {
          id: USER.id,
          collections: folders.map((path) => ({ id: path, path, sandboxCount: COUNTS[path] ?? 0 })),
        },
      }),
      SandboxesByPath: byPath([], [sandbox("a", { title: "A" })]),
      CreateFolder: record("CreateFolder", (v) => {
        folders.push(String(v.path));
        return { createCollection: { id: "n", path: v.path, sandboxCount: 0 } };
      }),
      RenameFolder: record("RenameFolder", (v) => {
        folders = folders.map((path) => (path === v.path ? String(v.newPath) : path));
        return { renameCollection: { id: "r", path: v.newPath, sandboxCount: 0 } };
      }),
      DeleteFolder: record("DeleteFolder", (v) => {
        folders = folders.filter((path) => path !== v.path);
        return { deleteCollection: { id: "d", path: v.path, sandboxCount: 0 } };
      }),
    },
    options,
  );
  return { ...dashboard, requests };
}

const tree = () => screen.findByRole("list", { name: "All folders" }, { timeout: 5000 });
const folderLink = async (name: string) => within(await tree()).findByRole("link", { name });
const menuItems = async () =>
  within(await screen.findByRole("menu", { name: "Folder actions" }))
    .getAllByRole("menuitem")
    .map((item) => item.textContent);

describe("sidebar folder tree", () => {
  it("S1-2.079 / S1-2.081 / S1-2.082 / editors get New folder on the root; New folder, Rename folder, Delete folder elsewhere", async () => {
    start();
    fireEvent.contextMenu(await folderLink("All folders"));
    expect(await menuItems()).toEqual(["New folder"]);
    await userEvent.keyboard("{Escape}");
    fireEvent.contextMenu(await folderLink("work"));
    expect(await menuItems()).toEqual(["New folder", "Rename folder", "Delete folder"]);
  });

  it("S1-6.004 / a WRITE member is an editor: the same folder menus as an admin", async () => {
    start("/dashboard/sandboxes", { role: "WRITE" });
    fireEvent.contextMenu(await folderLink("All folders"));
    expect(await menuItems()).toEqual(["New folder"]);
    await userEvent.keyboard("{Escape}");
    fireEvent.contextMenu(await folderLink("zeta"));
    expect(await menuItems()).toEqual(["New folder", "Rename folder", "Delete folder"]);
  });

  it("S1-2.079 / S1-5.014 / READ members get no folder menu", async () => {
    start("/dashboard/sandboxes", { role: "READ" });
    const link = await folderLink("work");
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Create" }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(fireEvent.contextMenu(link)).toBe(true); // not prevented: the browser's own menu
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("S1-2.078 / folder rows expand and collapse", async () => {
    start();
    const list = await tree();
    await within(list).findByRole("link", { name: "work" });
    expect(within(list).queryByRole("link", { name: "inner" })).toBeNull();
    await userEvent.click(within(list).getByRole("button", { name: "Expand work" }));
    expect(within(list).getByRole("link", { name: "inner" })).toBeTruthy();
    await userEvent.click(within(list).getByRole("button", { name: "Collapse work" }));
    expect(within(list).queryByRole("link", { name: "inner" })).toBeNull();
  });

  it("S1-4.025 / S1-5.001 / New folder: a '__NEW__' row that never reaches the server; blank creates nothing, Escape cancels", async () => {
    const { requests } = start();
    const newFolder = async (base: string) => {
      fireEvent.contextMenu(await folderLink(base));
      await userEvent.click(await screen.findByRole("menuitem", { name: "New folder" }));
      return screen.findByRole("textbox", { name: "New folder name" });
    };
    let input = await newFolder("work");
    await userEvent.type(input, "   {Enter}");
    expect(screen.queryByRole("textbox", { name: "New folder name" })).toBeNull();
    input = await newFolder("work");
    await userEvent.type(input, "Drafty{Escape}");
    input = await newFolder("work");
    await userEvent.type(input, `${NEW_FOLDER_PLACEHOLDER}{Enter}`);
    await screen.findByText("That folder name is reserved.");
    expect(requests).toEqual([]);
    input = await newFolder("work");
    await userEvent.type(input, "  Designs {Enter}");
    await waitFor(() =>
      expect(requests).toEqual([
        { operationName: "CreateFolder", variables: { path: "/work/Designs", teamId: TEAM_ID } },
      ]),
    );
    // The new folder shows at once (optimistic), inside its parent.
    expect(await folderLink("Designs")).toBeTruthy();
  });

  it("S1-4.026 / S1-5.001 / Rename folder: 'Folder name is required.' on a blank name; unchanged is ignored; Escape cancels", async () => {
    const { requests } = start();
    const rename = async (name: string) => {
      fireEvent.contextMenu(await folderLink(name));
      await userEvent.click(await screen.findByRole("menuitem", { name: "Rename folder" }));
      return screen.findByRole("textbox", { name: "Folder name" });
    };
    let input = await rename("zeta");
    await userEvent.clear(input);
    await userEvent.type(input, "{Enter}");
    await screen.findByText("Folder name is required.");
    input = await rename("zeta");
    await userEvent.type(input, "{Enter}");
    input = await rename("zeta");
    await userEvent.type(input, "x{Escape}");
    expect(requests).toEqual([]);
    input = await rename("zeta");
    await userEvent.clear(input);
    await userEvent.type(input, "Omega{Enter}");
    await waitFor(() =>
      expect(requests).toEqual([
        {
          operationName: "RenameFolder",
          variables: { path: "/zeta", newPath: "/Omega", teamId: TEAM_ID, newTeamId: TEAM_ID },
        },
      ]),
    );
    expect(await folderLink("Omega")).toBeTruthy();
  });

  it("S1-2.083 / deleting the folder whose page is open asks first, then navigates to its parent", async () => {
    const { requests, router } = start("/dashboard/sandboxes/work/inner");
    fireEvent.contextMenu(await folderLink("inner"));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Delete folder" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete folder" });
    expect(dialog.textContent).toContain(
      "“inner” will be deleted with everything in it: 3 sandboxes. Sandboxes go to Recently deleted, where they can be recovered for 30 days.",
    );
    expect(router.state.location.pathname).toBe("/dashboard/sandboxes/work/inner");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete folder" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/sandboxes/work"));
    await waitFor(() =>
      expect(requests).toEqual([
        { operationName: "DeleteFolder", variables: { path: "/work/inner", teamId: TEAM_ID } },
      ]),
    );
    await screen.findByText("Deleted “inner”. 3 sandboxes moved to Recently deleted.");
  });

  it("deleting a folder states what goes with it (its subfolders' sandboxes too); Cancel deletes nothing", async () => {
    const { requests } = start();
    fireEvent.contextMenu(await folderLink("work"));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Delete folder" }));
    let dialog = await screen.findByRole("dialog", { name: "Delete folder" });
    expect(dialog.textContent).toContain(
      "“work” will be deleted with everything in it: 5 sandboxes and 1 folder.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(requests).toEqual([]);
    expect((await folderLink("work")).getAttribute("href")).toBe("/dashboard/sandboxes/work");

    fireEvent.contextMenu(await folderLink("zeta"));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Delete folder" }));
    dialog = await screen.findByRole("dialog", { name: "Delete folder" });
    expect(dialog.textContent).toContain("“zeta” will be deleted. It is empty.");
    expect(dialog.textContent).not.toContain("Recently deleted");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete folder" }));
    await screen.findByText("Deleted “zeta”.");
    expect(requests).toEqual([
      { operationName: "DeleteFolder", variables: { path: "/zeta", teamId: TEAM_ID } },
    ]);
  });
});

describe("Drafts in the sidebar", () => {
  const drafts = (frozen: boolean) => () => ({
    me: {
      id: USER.id,
      team: {
        id: TEAM_ID,
        drafts: [
          sandbox("d1", { collection: null, isFrozen: frozen }),
          sandbox("d2", { collection: null, isFrozen: frozen }),
          sandbox("other", { collection: null, authorId: "someone-else" }),
        ],
      },
    },
  });

  it("S1-2.080 / 'Protected' on Drafts protects all the user's drafts, and unprotects them when they all are", async () => {
    const calls: Record<string, unknown>[] = [];
    let frozen = false;
    startDashboard("/dashboard/recent", {
      RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
      GetWorkspaceSandboxes: () => ({ me: { id: USER.id, team: { id: TEAM_ID, sandboxes: [] } } }),
      TeamDrafts: () => drafts(frozen)(),
      SetSandboxesFrozen: (variables) => {
        calls.push(variables);
        frozen = Boolean(variables.isFrozen);
        return { setSandboxesFrozen: [] };
      },
    });
    const entry = await screen.findByRole("link", { name: "Drafts" }, { timeout: 5000 });
    fireEvent.contextMenu(entry);
    let item = await screen.findByRole("menuitemcheckbox", { name: "Protected" });
    expect(item.getAttribute("aria-checked")).toBe("false");
    await userEvent.click(item);
    await waitFor(() => expect(calls).toEqual([{ sandboxIds: ["d1", "d2"], isFrozen: true }]));
    fireEvent.contextMenu(entry);
    item = await screen.findByRole("menuitemcheckbox", { name: "Protected" });
    await waitFor(() => expect(item.getAttribute("aria-checked")).toBe("true"));
    await userEvent.click(item);
    await waitFor(() => expect(calls[1]).toEqual({ sandboxIds: ["d1", "d2"], isFrozen: false }));
  });

  it("S1-2.079 / READ members get no menu on Drafts", async () => {
    startDashboard(
      "/dashboard/recent",
      {
        RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
        GetWorkspaceSandboxes: () => ({ me: { id: USER.id, team: { id: TEAM_ID, sandboxes: [] } } }),
      },
      { role: "READ" },
    );
    const entry = await screen.findByRole("link", { name: "Drafts" }, { timeout: 5000 });
    // The role is known once the workspace has loaded: Create is disabled for READ.
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Create" }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(fireEvent.contextMenu(entry)).toBe(true);
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
