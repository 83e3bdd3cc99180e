// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { metaKeys } from "../api/queries/meta.ts";
import { userKeys } from "../api/queries/users.ts";
import type { Workspace } from "../api/queries/workspaces.ts";
import { teamInfo } from "../features/sandbox-grid/testing.tsx";
import { DASHBOARD_STATE } from "../features/session/dashboardState.ts";
import { SessionProvider } from "../features/session/SessionProvider.tsx";
import { readStored, STORAGE_KEYS } from "../features/session/storage.ts";
import { DESKTOP_QUERY } from "../pages/dashboard/DashboardLayout.tsx";
import { serveOperations } from "../test/graphql-handlers.ts";
import { ALL_FEATURES, createTestQueryClient, makeUser, setLoginMarker } from "../test/render.tsx";
import { failure, serveRoutes } from "../test/rest-handlers.ts";
import { Toaster } from "../ui/Toaster.tsx";
import { routes } from "./routes.tsx";

function workspace(id: string, name: string, authorization: "ADMIN" | "WRITE" | "READ" = "ADMIN"): Workspace {
  return {
    id,
    name,
    description: null,
    avatarUrl: null,
    insertedAt: "2024-01-01T00:00:00Z",
    settings: { minimumPrivacy: 0 },
    userAuthorizations: [{ userId: makeUser().id, authorization, teamManager: false }],
    users: [],
    invitees: [],
    subscription: null,
    featureFlags: { ubbBeta: false, friendOfCsb: false },
    limits: { includedPublicSandboxes: 0, includedPrivateSandboxes: 0 },
    usage: { publicSandboxesQuantity: 0, privateSandboxesQuantity: 0 },
  };
}

function start(
  path: string,
  { signedIn = false, workspaces = [] as Workspace[], primary = "ws-personal", features = ALL_FEATURES } = {},
) {
  const client = createTestQueryClient();
  client.setQueryData(metaKeys.features, features);
  if (signedIn) {
    setLoginMarker();
    client.setQueryData(userKeys.current, makeUser({ primaryWorkspaceId: primary }));
  }
  serveOperations(
    {
      AllTeams: () => ({ me: { id: makeUser().id, primaryWorkspaceId: primary, workspaces } }),
      GetTeam: () => ({ me: { id: "u", team: teamInfo("ADMIN", { id: "x", name: "x" }) } }),
      // The dashboard lists (api-contract §7-§9), all empty.
      AllCollections: () => ({ me: { id: "u", collections: [] } }),
      RecentlyAccessedSandboxes: () => ({ me: { id: "u", recentlyAccessedSandboxes: [] } }),
      GetWorkspaceSandboxes: () => ({ me: { id: "u", team: { id: "ws-personal", sandboxes: [] } } }),
      SharedWithMeSandboxes: () => ({ me: { id: "u", collaboratorSandboxes: [] } }),
      DeletedTeamSandboxes: () => ({ me: { id: "u", team: { id: "x", sandboxes: [] } } }),
      TeamTemplates: () => ({ me: { id: "u", team: { id: "x", name: "x", templates: [] } } }),
    },
    { refuseOthers: true },
  );
  serveRoutes({ "GET /api/v1/sandboxes/templates/official": () => [] });
  // A visitor has no session: the server refuses to say who they are.
  if (!signedIn) {
    serveRoutes({
      "GET /api/v1/users/current": () => failure(401, { errors: { detail: ["You need to sign in first."] } }),
    });
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <RouterProvider router={router} />
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { router };
}

const where = (router: ReturnType<typeof createMemoryRouter>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe("routes", () => {
  it("S1-2.001 / S1-2.024 / / goes to /dashboard, which sends a signed-out visitor to sign in with the return path", async () => {
    const { router } = start("/");
    await waitFor(() => expect(where(router)).toBe("/signin?continue=%2Fdashboard"));
    await screen.findByRole("button", { name: "Sign in with GitHub" });
  });

  it("S1-2.022 / S1-8.030 / an unknown route shows the not-found page", async () => {
    start("/definitely/not/here");
    await screen.findByRole("heading", { name: "Whoops, page not found" });
  });

  it("S1-2.015 / /codesadbox shows the crash page", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    start("/codesadbox");
    await screen.findByRole("heading", { name: "Oh no! Something broke!" });
    expect(screen.getByRole("link", { name: "Back to Home" })).toBeTruthy();
  });

  it("S1-2.023 / a signed-out visitor going to /s lands on the public templates page", async () => {
    const { router } = start("/s");
    await waitFor(() => expect(where(router)).toBe("/templates"));
    await screen.findByText("No templates yet");
  });

  it("S1-2.031 / S1-2.034 / a signed-in user lands on Recent with its empty state", async () => {
    const { router } = start("/dashboard", {
      signedIn: true,
      workspaces: [workspace("ws-personal", "Ada's space")],
    });
    await waitFor(() => expect(where(router)).toBe("/dashboard/recent"));
    await screen.findByRole("heading", { name: "Recent" });
    await screen.findByText("You have no recent work");
    expect(screen.getByRole("link", { name: "Explore templates" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Import repository" })).toBeTruthy();
  });

  it("S1-2.062 / S1-2.064 / S1-2.067 / S1-2.070 / S1-2.071 / S1-2.072 / S1-2.075 / S1-2.076 / the sidebar lists the dashboard sections", async () => {
    start("/dashboard/recent", { signedIn: true, workspaces: [workspace("ws-personal", "Ada's space")] });
    const nav = await screen.findByRole("navigation", { name: "Dashboard navigation" });
    expect(within(nav).getByRole("link", { name: "Get started" }).getAttribute("href")).toBe(
      "/dashboard/get-started",
    );
    const sandboxes = within(nav).getByRole("region", { name: "Devboxes and Sandboxes" });
    for (const name of ["Drafts", "All folders", "Recently deleted", "Shared with me"]) {
      expect(within(sandboxes).getByRole("link", { name })).toBeTruthy();
    }
    for (const name of [
      "Recent",
      "Get started",
      "All repositories",
      "Drafts",
      "All folders",
      "Recently deleted",
      "Shared with me",
    ]) {
      expect(within(nav).getByRole("link", { name })).toBeTruthy();
    }
  });

  it("S1-2.027 / S1-2.026 / workspace={id} sets the active workspace and is removed from the URL", async () => {
    const { router } = start("/dashboard/recent?workspace=ws-team&query=x", {
      signedIn: true,
      workspaces: [workspace("ws-personal", "Ada's space"), workspace("ws-team", "Team Rocket")],
    });
    await waitFor(() => expect(where(router)).toBe("/dashboard/recent?query=x"));
    await screen.findByRole("button", { name: "Switch workspace" });
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Switch workspace" }).textContent).toContain("Team Rocket"),
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedWorkspace)).toBe("ws-team");
  });

  it("S1-3.049 / opening the dashboard counts one visit, however many of its pages are opened", async () => {
    const { router } = start("/dashboard/recent", {
      signedIn: true,
      workspaces: [workspace("ws-personal", "A")],
    });
    await screen.findByRole("heading", { name: "Recent" });
    await act(() => router.navigate("/dashboard/drafts"));
    await screen.findByRole("heading", { name: "Drafts" });
    expect(readStored(DASHBOARD_STATE.hasVisited)).toBe(true);
    expect(readStored(DASHBOARD_STATE.dashboardVisits)).toBe(1);
  });

  it("S1-4.021 / a user without workspaces is sent to /create-workspace", async () => {
    const { router } = start("/dashboard/recent", { signedIn: true, workspaces: [] });
    await waitFor(() => expect(router.state.location.pathname).toBe("/create-workspace"));
    await screen.findByLabelText("Workspace name");
  });

  it("S1-2.088 / S1-2.089 / S1-6.005 / Import and Create are disabled for the READ role", async () => {
    start("/dashboard/recent", { signedIn: true, workspaces: [workspace("ws-personal", "Viewers", "READ")] });
    await screen.findByRole("heading", { name: "Recent" });
    await waitFor(() => {
      const buttons = screen.getAllByRole("button", { name: /Import|Create/ });
      expect(buttons.length).toBeGreaterThan(0);
      for (const button of buttons) expect((button as HTMLButtonElement).disabled).toBe(true);
    });
  });

  it("S1-2.058 / /dashboard/archive redirects to Recently deleted", async () => {
    const { router } = start("/dashboard/archive", {
      signedIn: true,
      workspaces: [workspace("ws-personal", "A")],
    });
    await waitFor(() => expect(where(router)).toBe("/dashboard/deleted"));
    await screen.findByRole("heading", { name: "Recently deleted" });
    expect(
      await screen.findByText(
        "Drag sandboxes or templates here to delete them. Deleted items are permanently removed after 30 days.",
      ),
    ).toBeTruthy();
  });

  it("S1-2.056 / Shared with me shows its empty text", async () => {
    start("/dashboard/shared", { signedIn: true, workspaces: [workspace("ws-personal", "A")] });
    await screen.findByRole("heading", { name: "Sandboxes shared with me" });
    await screen.findByText("There are currently no sandboxes shared with you.");
  });

  it("S1-2.087 / S1-9.012 / the search box navigates to the search page after a 200 ms pause", async () => {
    const { router } = start("/dashboard/recent", {
      signedIn: true,
      workspaces: [workspace("ws-personal", "A")],
    });
    serveRoutes({
      "GET /api/v1/teams/ws-personal/search": () => ({ sandboxes: [], folders: [], repositories: [] }),
    });
    const box = await screen.findByRole("searchbox", { name: "Search in workspace" });
    await userEvent.type(box, "react");
    await waitFor(() => expect(where(router)).toBe("/dashboard/search?query=react"));
    expect(
      await screen.findByRole("heading", { name: "Search results for react in Workspace" }),
    ).toBeTruthy();
  });

  it("S1-2.086 / the workspace selector lists the primary workspace first and offers 'Create workspace'", async () => {
    const { router } = start("/dashboard/recent", {
      signedIn: true,
      primary: "ws-z",
      workspaces: [workspace("ws-a", "beta"), workspace("ws-z", "Zed"), workspace("ws-b", "Alpha")],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Switch workspace" }));
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["ZZed", "AAlpha", "Bbeta", "Create workspace"]);
    await userEvent.click(screen.getByRole("menuitem", { name: "Create workspace" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/create-workspace"));
  });
  it("S1-2.019 / /pro leads to /upgrade, and to the dashboard on on-premise installs", async () => {
    const { router } = start("/pro", { signedIn: true, workspaces: [workspace("ws-personal", "A")] });
    await waitFor(() => expect(where(router)).toBe("/upgrade"));
    cleanup();
    // /upgrade is for signed-in users: a visitor goes to sign-in, coming back to it afterwards.
    const visitor = start("/pro");
    await waitFor(() => expect(where(visitor.router)).toBe("/signin?continue=%2Fupgrade"));
    cleanup();
    const onPremise = start("/pro", {
      signedIn: true,
      workspaces: [workspace("ws-personal", "A")],
      features: { ...ALL_FEATURES, onPremise: true },
    });
    await waitFor(() => expect(where(onPremise.router)).toBe("/dashboard/recent"));
  });

  it("S1-2.025 / S1-2.084 / on a small screen the sidebar is a drawer that the top bar's menu toggle opens", async () => {
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query: string) =>
        ({
          matches: query !== DESKTOP_QUERY,
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    const { router } = start("/dashboard/recent", {
      signedIn: true,
      workspaces: [workspace("ws-personal", "A")],
    });
    await screen.findByRole("heading", { name: "Recent" });
    expect(screen.queryByRole("navigation", { name: "Dashboard navigation" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Open navigation" }));
    const drawer = await screen.findByRole("dialog", { name: "Navigation" });
    await userEvent.click(within(drawer).getByRole("link", { name: "Drafts" }));
    await waitFor(() => expect(where(router)).toBe("/dashboard/drafts"));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Navigation" })).toBeNull());
  });

  it("S1-2.025 / S1-2.084 / on a desktop the sidebar is always there and there is no menu toggle", async () => {
    start("/dashboard/recent", { signedIn: true, workspaces: [workspace("ws-personal", "A")] });
    await screen.findByRole("navigation", { name: "Dashboard navigation" });
    expect(screen.getByRole("complementary", { name: "Dashboard" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Open navigation" })).toBeNull();
  });

  it("S1-2.002 / /s/github and /s/cli are static pages", async () => {
    start("/s/github");
    await screen.findByRole("heading", { name: "Import a GitHub repository" });
  });

  it("S1-2.002 / /s/cli explains the command line sign-in", async () => {
    start("/s/cli");
    await screen.findByRole("heading", { name: "Use Boxyard from the command line" });
  });

  it("S1-2.020 / /legal/cookies is the privacy and cookie statement", async () => {
    start("/legal/cookies");
    await screen.findByRole("heading", { name: "Privacy and cookie statement" });
  });

  it("S1-2.085 / S1-2.091 / the top bar has the logo link to Recent and the user menu", async () => {
    start("/dashboard/drafts", { signedIn: true, workspaces: [workspace("ws-personal", "A")] });
    // The top bar (the page's own header is a banner too in happy-dom).
    const bar = within((await screen.findByRole("button", { name: "User menu" })).closest("header")!);
    expect(bar.getByRole("link", { name: "Recent" }).getAttribute("href")).toBe("/dashboard/recent");
    expect(bar.getByRole("button", { name: "User menu" })).toBeTruthy();
  });
});
