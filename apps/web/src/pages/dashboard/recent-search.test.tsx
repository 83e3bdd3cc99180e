// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  dashboardSandbox,
  sandbox,
  startDashboard,
  TEAM_ID,
  USER,
} from "../../features/sandbox-grid/testing.tsx";

const names = (box: HTMLElement) =>
  within(box)
    .getAllByRole("option")
    .map((option) => option.getAttribute("aria-label"));

describe("Recent", () => {
  it("S1-2.033 / S1-2.036 / 'Pick up where you left off' lists what the user opened, newest first, always as a grid", async () => {
    const { operationsCalled } = startDashboard("/dashboard/recent", {
      RecentlyAccessedSandboxes: () => ({
        me: {
          id: USER.id,
          recentlyAccessedSandboxes: [
            sandbox("new", { title: "Opened last", lastAccessedAt: "2026-11-22T10:00:00Z" }),
            sandbox("old", { title: "Opened first", lastAccessedAt: "2026-11-20T10:00:00Z" }),
          ],
        },
      }),
    });
    const box = await screen.findByRole("listbox", { name: "Recent" }, { timeout: 5000 });
    expect(names(box)).toEqual(["Opened last", "Opened first"]);
    expect(screen.getByText("Pick up where you left off")).toBeTruthy();
    // Always a grid: neither the view toggle nor a sort menu.
    expect(screen.queryByRole("button", { name: "List view" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Sort:/ })).toBeNull();
    const recent = operationsCalled().find((op) => op.operationName === "RecentlyAccessedSandboxes");
    expect(recent?.variables).toEqual({ limit: 18, teamId: TEAM_ID });
  });

  it("S1-2.034 / with no recent work: the empty state, and the workspace's latest sandboxes to explore", async () => {
    startDashboard("/dashboard/recent", {
      RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
      GetWorkspaceSandboxes: (variables) => {
        expect(variables).toEqual({ teamId: TEAM_ID });
        return {
          me: { id: USER.id, team: { id: TEAM_ID, sandboxes: [sandbox("t", { title: "Team work" })] } },
        };
      },
    });
    await screen.findByRole("heading", { name: "You have no recent work" });
    expect(screen.getByRole("link", { name: "Explore templates" })).toBeTruthy();
    const activity = await screen.findByRole("listbox", { name: "Explore workspace activity" });
    expect(names(activity)).toEqual(["Team work"]);
  });
});

describe("Search", () => {
  it("S1-2.057 / S1-5.006 / the server's matches: folders first, then sandboxes in the order of their score", async () => {
    const asked: string[] = [];
    startDashboard(
      "/dashboard/search?query=react",
      {},
      {
        rest: {
          "GET /api/v1/teams/:teamId/search": (url) => {
            asked.push(url.searchParams.get("query") ?? "");
            return {
              sandboxes: [
                dashboardSandbox("a", { title: "React starter" }),
                dashboardSandbox("b", { title: "Preact app" }),
              ],
              folders: [{ id: "f", path: "/React things" }],
              repositories: [],
            };
          },
        },
      },
    );
    const box = await screen.findByRole("listbox", { name: "Search results for react in Workspace" });
    expect(names(box)).toEqual(["React things", "React starter", "Preact app"]);
    expect(asked).toEqual(["react"]);
  });

  it("S1-2.057 / no match shows the spec's empty text", async () => {
    startDashboard(
      "/dashboard/search?query=zzz",
      {},
      {
        rest: {
          "GET /api/v1/teams/:teamId/search": () => ({ sandboxes: [], folders: [], repositories: [] }),
        },
      },
    );
    expect(
      await screen.findByText("There are no sandboxes, branches or repositories that match your query"),
    ).toBeTruthy();
  });
});
