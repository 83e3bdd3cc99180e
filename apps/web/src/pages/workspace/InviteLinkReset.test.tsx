// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { resetModals } from "../../features/modals/modalStore.ts";
import {
  teamInfo as sharedTeamInfo,
  startDashboard,
  TEAM_ID,
  USER,
  workspace,
} from "../../features/sandbox-grid/testing.tsx";
import { resetToasts } from "../../ui/toastStore.ts";

afterEach(() => {
  resetModals();
  resetToasts();
});

const teamInfo = (role: "ADMIN" | "WRITE", inviteToken: string | null) =>
  sharedTeamInfo(role, { inviteToken });

describe("the invite link (issue 13 hole 3)", () => {
  it("an admin resets the invite link after confirming: ResetTeamInviteToken is sent and the new link replaces the old one", async () => {
    let team = teamInfo("ADMIN", "oldtoken");
    const { operationsCalled } = startDashboard(`/workspace/${TEAM_ID}`, {
      GetTeam: () => ({ me: { id: USER.id, team } }),
      ResetTeamInviteToken: () => {
        team = { ...team, inviteToken: "newtoken" };
        return { resetTeamInviteToken: { id: TEAM_ID, inviteToken: "newtoken" } };
      },
    });
    const field = (await screen.findByLabelText("Invite link", {}, { timeout: 5000 })) as HTMLInputElement;
    expect(field.value).toMatch(/\/invite\/oldtoken$/);

    // Cancelling changes nothing.
    await userEvent.click(screen.getByRole("button", { name: "Reset invite link" }));
    let dialog = await screen.findByRole("dialog", { name: "Reset invite link" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(operationsCalled().some((o) => o.operationName === "ResetTeamInviteToken")).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: "Reset invite link" }));
    dialog = await screen.findByRole("dialog", { name: "Reset invite link" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Reset invite link" }));
    await screen.findByText("Invite link reset. The old link no longer works.");
    expect(operationsCalled().find((o) => o.operationName === "ResetTeamInviteToken")?.variables).toEqual({
      teamId: TEAM_ID,
    });
    await waitFor(() =>
      expect((screen.getByLabelText("Invite link") as HTMLInputElement).value).toMatch(/\/invite\/newtoken$/),
    );
  });

  it("a member who is not an admin (the server answers no token) sees neither the link nor the reset button", async () => {
    startDashboard(
      `/workspace/${TEAM_ID}`,
      {
        GetTeam: () => ({ me: { id: USER.id, team: teamInfo("WRITE", null) } }),
        AllTeams: () => ({
          me: { id: USER.id, primaryWorkspaceId: TEAM_ID, workspaces: [workspace("WRITE")] },
        }),
      },
      { role: "WRITE" },
    );
    await screen.findByRole("button", { name: "Leave workspace" }, { timeout: 5000 });
    expect(screen.queryByLabelText("Invite link")).toBeNull();
    expect(screen.queryByRole("button", { name: "Reset invite link" })).toBeNull();
  });
});
