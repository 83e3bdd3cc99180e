import { EditorView } from "@codemirror/view";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { SandboxDetail } from "../../api/queries/sandbox.ts";
import { fakeFileApi, fileModule } from "../editor/testing.ts";
import { startDashboard, TEAM_ID } from "../sandbox-grid/testing.tsx";
import { fakePackageApi, packageInfo } from "./testing.ts";

const MANIFEST = '{\n  "name": "weather",\n  "dependencies": {\n    "react": "^18.2.0"\n  }\n}\n';

/** An editable sandbox of the viewer's own workspace, with a package.json at its root. */
function sandbox(): SandboxDetail {
  return {
    id: "abc123",
    alias: "weather-abc123",
    title: "Weather",
    description: null,
    privacy: 0,
    isV2: false,
    isFrozen: false,
    draft: false,
    viewCount: 0,
    forkCount: 0,
    likeCount: 0,
    liked: false,
    source: { template: "react" },
    teamId: TEAM_ID,
    team: { id: TEAM_ID, name: "Ada's space" },
    author: { id: "u2", username: "grace", name: "Grace Hopper", avatarUrl: null },
    collection: null,
    customTemplate: null,
    forkedTemplate: null,
    forkedFrom: null,
    authorization: "OWNER",
    permissions: { preventSandboxLeaving: false, preventSandboxExport: false },
    canExport: false,
    insertedAt: "2026-01-01T00:00:00Z",
    updatedAt: "2026-01-02T00:00:00Z",
    directories: [],
    modules: [fileModule("m1", "README.md", "# Weather\n"), fileModule("pkg", "package.json", MANIFEST)],
  };
}

describe("the editor's dependencies view (issue 16)", () => {
  it("issue 16 / the rail opens the dependencies; a package added there is saved and shows in the open package.json", async () => {
    const user = userEvent.setup();
    const detail = sandbox();
    const api = fakeFileApi(detail.id, detail.modules, detail.directories);
    fakePackageApi([packageInfo("lodash", ["4.17.21"])]);
    startDashboard(
      "/s/weather-abc123",
      {},
      { rest: { "GET /api/v1/sandboxes/weather-abc123": () => detail } },
    );

    const files = await screen.findByRole("tree", { name: "Files" }, { timeout: 15_000 });
    await user.click(within(files).getByRole("treeitem", { name: "package.json" }));
    const content = await screen.findByRole("textbox", { name: "Code editor" }, { timeout: 10_000 });
    const view = EditorView.findFromDOM(content)!;
    await waitFor(() => expect(view.state.doc.toString()).toBe(MANIFEST));

    await user.click(screen.getByRole("button", { name: "Dependencies" }));
    const panel = screen.getByRole("region", { name: "Dependencies" });
    expect(within(panel).getByText("react")).toBeTruthy();
    await user.click(within(panel).getByRole("button", { name: "Add dependency" }));
    await user.type(within(panel).getByRole("combobox", { name: "Search packages" }), "lodash");
    await user.click(await within(panel).findByRole("option", { name: /^lodash/ }));

    await waitFor(() => expect(api.files.get("pkg")!.code).toContain('"lodash": "^4.17.21"'));
    expect(api.changes()).toEqual([
      expect.objectContaining({
        method: "PUT",
        path: "modules/pkg",
        body: expect.objectContaining({ base_version: 1 }),
      }),
    ]);
    // The editor shows what the panel wrote, and the header says it is saved.
    await waitFor(() => expect(view.state.doc.toString()).toContain('"lodash": "^4.17.21"'));
    expect(await within(screen.getByRole("banner")).findByText("Saved")).toBeTruthy();
  });
});
