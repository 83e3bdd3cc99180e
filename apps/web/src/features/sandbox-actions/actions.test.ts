import { describe, expect, it } from "vitest";
import { dashboardSandbox, TEAM_ID } from "../sandbox-grid/testing.tsx";
import { sandboxActions } from "./actions.ts";

const CHANGES = ["rename", "move", "make-template", "privacy", "protect", "trash"];

describe("sandbox actions", () => {
  it("S1-6.010 / an editor of the active workspace gets the changes on its sandboxes", () => {
    for (const role of ["ADMIN", "WRITE"] as const) {
      const actions = sandboxActions({
        items: [dashboardSandbox("a")],
        page: "ALL",
        role,
        activeTeamId: TEAM_ID,
      });
      for (const action of CHANGES) expect(actions).toContain(action);
    }
  });

  it("S1-6.010 / a viewer (READ) only opens and downloads", () => {
    expect(
      sandboxActions({ items: [dashboardSandbox("a")], page: "ALL", role: "READ", activeTeamId: TEAM_ID }),
    ).toEqual(["open", "open-new-tab", "download"]);
    expect(
      sandboxActions({
        items: [dashboardSandbox("a")],
        page: "DELETED",
        role: "READ",
        activeTeamId: TEAM_ID,
      }),
    ).toEqual([]);
  });

  it("S1-6.010 / a sandbox of another workspace (shared with me) is opened, never changed, even by an admin", () => {
    const elsewhere = dashboardSandbox("b", { teamId: "ws-other" });
    expect(
      sandboxActions({ items: [elsewhere], page: "SHARED", role: "ADMIN", activeTeamId: TEAM_ID }),
    ).toEqual(["open", "open-new-tab"]);
    // A selection with one such sandbox gets no changes either.
    expect(
      sandboxActions({
        items: [dashboardSandbox("a"), elsewhere],
        page: "SEARCH",
        role: "ADMIN",
        activeTeamId: TEAM_ID,
      }),
    ).toEqual([]);
    expect(
      sandboxActions({ items: [elsewhere], page: "DELETED", role: "ADMIN", activeTeamId: TEAM_ID }),
    ).toEqual([]);
  });
});
