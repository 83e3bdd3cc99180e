import { MESSAGES, SANDBOX_MESSAGES } from "@boxyard/domain";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { SandboxDetail } from "../../api/queries/sandbox.ts";
import { startDashboard, TEAM_ID } from "../../features/sandbox-grid/testing.tsx";
import { json } from "../../test/render.tsx";

function detail(overrides: Partial<SandboxDetail> = {}): SandboxDetail {
  return {
    id: "abc123",
    alias: "weather-abc123",
    title: "Weather",
    description: "Rain or shine",
    privacy: 0,
    isV2: false,
    isFrozen: false,
    draft: false,
    viewCount: 3,
    forkCount: 1,
    likeCount: 0,
    liked: false,
    source: { template: "react" },
    teamId: "other-team",
    team: { id: "other-team", name: "Forecasters" },
    author: { id: "u2", username: "grace", name: "Grace Hopper", avatarUrl: null },
    collection: null,
    customTemplate: null,
    forkedTemplate: null,
    forkedFrom: null,
    authorization: "READ",
    permissions: { preventSandboxLeaving: false, preventSandboxExport: false },
    canExport: false,
    insertedAt: "2026-01-01T00:00:00Z",
    updatedAt: "2026-01-02T00:00:00Z",
    directories: [{ shortid: "d1", title: "src", directoryShortid: null }],
    modules: [
      {
        shortid: "m1",
        title: "README.md",
        code: "# Weather\n",
        directoryShortid: null,
        isBinary: false,
        updatedAt: "",
      },
      {
        shortid: "m2",
        title: "index.js",
        code: "const sky = 'blue';\n",
        directoryShortid: "d1",
        isBinary: false,
        updatedAt: "",
      },
    ],
    ...overrides,
  };
}

const open = (sandbox: SandboxDetail | Response, options: Parameters<typeof startDashboard>[2] = {}) =>
  startDashboard(
    "/s/weather-abc123",
    {},
    {
      ...options,
      rest: {
        "GET /api/v1/sandboxes/weather-abc123": () => (sandbox instanceof Response ? sandbox : json(sandbox)),
        ...options.rest,
      },
    },
  );

describe("the sandbox page", () => {
  it("S1-2.006 / shows the title, kind, privacy, author, workspace and the first file; a file of the tree opens on click", async () => {
    const user = userEvent.setup();
    open(detail());
    await screen.findByRole("heading", { level: 1, name: "Weather" });
    expect(screen.getByText("Sandbox")).toBeTruthy();
    expect(screen.getByText("Public")).toBeTruthy();
    expect(screen.getByText("Grace Hopper")).toBeTruthy();
    expect(screen.getByText("Forecasters")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "README.md" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Download" })).toBeNull();
    await user.click(screen.getByRole("treeitem", { name: /src/ }));
    await user.click(screen.getByRole("treeitem", { name: /index\.js/ }));
    expect(screen.getByRole("heading", { level: 2, name: "src/index.js" })).toBeTruthy();
    await screen.findByText(/const/);
  });

  it("S1-6.006 S2-6.012 / Fork is disabled with the reason in a frozen workspace, and for viewers", async () => {
    open(detail(), { frozen: true });
    const fork = await screen.findByRole("button", { name: "Fork" });
    await waitFor(() => expect((fork as HTMLButtonElement).disabled).toBe(true));
    await screen.findByText(SANDBOX_MESSAGES.forkFrozen);
  });

  it("S1-6.006 / a viewer of the active workspace cannot fork into it", async () => {
    open(detail(), { role: "READ" });
    await screen.findByText(SANDBOX_MESSAGES.forkViewer);
    expect((screen.getByRole("button", { name: "Fork" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("S1-7.011 / Fork posts to the fork route with the active workspace and opens the fork; Download links the zip for members", async () => {
    const user = userEvent.setup();
    const { router, calls } = open(detail({ canExport: true, teamId: TEAM_ID }), {
      rest: {
        "POST /api/v1/sandboxes/abc123/fork": () =>
          json(detail({ id: "new1", alias: "weather-new1", draft: true })),
        "GET /api/v1/sandboxes/weather-new1": () =>
          json(detail({ id: "new1", alias: "weather-new1", draft: true })),
      },
    });
    expect(
      ((await screen.findByRole("link", { name: "Download" })) as HTMLAnchorElement).getAttribute("href"),
    ).toBe(`/api/v1/teams/${TEAM_ID}/sandboxes/zip?ids=abc123`);
    const fork = screen.getByRole("button", { name: "Fork" });
    await waitFor(() => expect((fork as HTMLButtonElement).disabled).toBe(false));
    await user.click(fork);
    await waitFor(() => expect(router.state.location.pathname).toBe("/s/weather-new1"));
    const post = calls.find((c) => c.method === "POST" && c.url.pathname.endsWith("/fork"));
    expect(JSON.parse(String(post?.init?.body))).toEqual({ team_id: TEAM_ID });
    await screen.findByText("Draft");
  });

  it("S1-2.022 / an unknown or hidden sandbox shows the not-found page; other failures an error with Try again", async () => {
    open(json({ errors: { detail: ["Sandbox not found."] } }, 404));
    await screen.findByText(MESSAGES.notFoundTitle);
  });

  it("a server failure shows an error state with Try again", async () => {
    open(json({ errors: { detail: ["Something went wrong (request x)."] } }, 500));
    await screen.findByText("We couldn't load this sandbox");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
