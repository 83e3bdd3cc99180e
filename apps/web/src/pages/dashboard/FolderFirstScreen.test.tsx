// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FIRST_SCREEN_SANDBOXES, type FolderListing, SANDBOXES_PAGE } from "../../api/queries/folders.ts";
import { sandboxKeys } from "../../api/queries/sandboxes.ts";
import { byPath, sandbox, startDashboard, TEAM_ID } from "../../features/sandbox-grid/testing.tsx";
import { GraphQLAnswerError } from "../../test/graphql-handlers.ts";

/** Sandboxes s0..s{n-1}, s0 the most recently updated. */
const many = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    sandbox(`s${i}`, {
      title: `S${i}`,
      updatedAt: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
    }),
  );

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const names = (box: HTMLElement) =>
  within(box)
    .getAllByRole("option")
    .map((option) => option.getAttribute("aria-label"));

describe("a big folder's first screen", () => {
  it("S1-2.039 / S1-4.001 / the first sandboxes show while the folder loads, then all of them, in the same order", async () => {
    const all = many(8);
    const full = deferred<ReturnType<ReturnType<typeof byPath>>>();
    const { operationsCalled } = startDashboard("/dashboard/sandboxes", {
      FolderFirstSandboxes: (variables) => {
        expect(variables.limit).toBe(FIRST_SCREEN_SANDBOXES);
        return byPath([{ path: "/work", sandboxCount: 4 }], all.slice(0, 3))();
      },
      SandboxesByPath: () => full.promise,
    });
    const box = await screen.findByRole("listbox", {}, { timeout: 5000 });
    // Subfolders first, with their counts, then the first sandboxes.
    expect(names(box)).toEqual(["work", "S0", "S1", "S2"]);
    expect(within(box).getByText("4 items")).toBeTruthy();
    const asked = operationsCalled().map((o) => o.operationName);
    expect(asked.indexOf("FolderFirstSandboxes")).toBeLessThan(asked.indexOf("SandboxesByPath"));

    await act(async () => full.resolve(byPath([{ path: "/work", sandboxCount: 4 }], all)()));
    await waitFor(() => expect(names(box)).toEqual(["work", ...all.map((s) => s.title)]));
  });

  it("S1-4.001 / another order than the first screen's waits for the whole folder", async () => {
    const all = many(4);
    const full = deferred<ReturnType<ReturnType<typeof byPath>>>();
    startDashboard("/dashboard/sandboxes", {
      FolderFirstSandboxes: byPath([], all.slice(0, 2)),
      SandboxesByPath: () => full.promise,
    });
    await screen.findByRole("listbox", {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole("button", { name: "Sort: Last Modified" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Name" }));
    await screen.findByRole("button", { name: "Sort: Name" });
    expect(screen.queryByRole("listbox")).toBeNull();
    await act(async () => full.resolve(byPath([], all)()));
    const box = await screen.findByRole("listbox");
    expect(names(box)).toEqual(["S3", "S2", "S1", "S0"]);
  });

  it("S1-2.059 / a big folder loads in pages, each after the last sandbox of the one before; the folders come with the first", async () => {
    const all = many(SANDBOXES_PAGE * 2 + 5);
    const { operationsCalled, client } = startDashboard("/dashboard/sandboxes", {
      FolderFirstSandboxes: byPath([], all.slice(0, 2)),
      SandboxesByPath: (variables) => {
        expect(variables.limit).toBe(SANDBOXES_PAGE);
        // A page that starts again with the last sandbox of the one before (updated meanwhile): shown once.
        const from = variables.after === null ? 0 : all.findIndex((s) => s.id === variables.after);
        const folders = variables.withFolders ? [{ path: "/work", sandboxCount: 1 }] : [];
        return byPath(folders, all.slice(from, from + SANDBOXES_PAGE))();
      },
    });
    const box = await screen.findByRole("listbox", {}, { timeout: 5000 });
    const listing = () => client.getQueryData<FolderListing>(sandboxKeys.byPath(TEAM_ID, "/"));
    await waitFor(() => expect(listing()).toBeDefined());
    expect(listing()!.items.map((s) => s.id)).toEqual(all.map((s) => s.id));
    const pages = operationsCalled().filter((o) => o.operationName === "SandboxesByPath");
    expect(pages.map((o) => [o.variables.after, o.variables.withFolders])).toEqual([
      [null, true],
      [all[SANDBOXES_PAGE - 1]!.id, false],
      [all[SANDBOXES_PAGE * 2 - 2]!.id, false],
    ]);
    expect(names(box).slice(0, 3)).toEqual(["work", "S0", "S1"]);
  });

  it("S1-2.059 / a page refused because its last sandbox left the folder meanwhile: the folder is read again", async () => {
    const all = many(SANDBOXES_PAGE + 3);
    let refusals = 0;
    const { operationsCalled, client } = startDashboard("/dashboard/sandboxes", {
      FolderFirstSandboxes: byPath([], all.slice(0, 2)),
      SandboxesByPath: (variables) => {
        if (variables.after !== null && refusals++ === 0) {
          throw new GraphQLAnswerError("That sandbox is no longer in this folder: load the folder again.", {
            code: "INVALID",
            field: "after",
          });
        }
        const from = variables.after === null ? 0 : all.findIndex((s) => s.id === variables.after) + 1;
        return byPath([], all.slice(from, from + SANDBOXES_PAGE))();
      },
    });
    const listing = () => client.getQueryData<FolderListing>(sandboxKeys.byPath(TEAM_ID, "/"));
    await waitFor(() => expect(listing()).toBeDefined(), { timeout: 5000 });
    expect(listing()!.items).toHaveLength(all.length);
    const afters = operationsCalled()
      .filter((o) => o.operationName === "SandboxesByPath")
      .map((o) => o.variables.after);
    expect(afters).toEqual([null, all[SANDBOXES_PAGE - 1]!.id, null, all[SANDBOXES_PAGE - 1]!.id]);
    expect(screen.queryByText(/no longer in this folder/)).toBeNull();
  });
});
