// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { InvitationToMe } from "../../api/queries/workspaces.ts";
import { resetToasts } from "../../ui/toastStore.ts";
import { resetModals } from "../modals/modalStore.ts";
import { startDashboard, TEAM_ID, teamInfo, USER, workspace } from "../sandbox-grid/testing.tsx";
import { getStoredWorkspaceId, setStoredWorkspaceId } from "../session/storage.ts";
import { joinedWorkspacePath } from "./joinWorkspace.ts";

afterEach(() => {
  resetModals();
  resetToasts();
  setStoredWorkspaceId(null);
});

const ROCKET = "11111111-2222-4333-8444-555555555555";
const INVITATION: InvitationToMe = {
  teamId: ROCKET,
  teamName: "Rocket Lab",
  teamAvatarUrl: null,
  authorization: "WRITE",
  inviterName: "Grace Hopper",
  inviterAvatarUrl: null,
  insertedAt: "2026-11-20T10:00:00Z",
};
const recent = () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } });
const rocket = () => ({ ...workspace("WRITE"), id: ROCKET, name: "Rocket Lab" });

describe("team invitations", () => {
  it("S2-2.030 / S2-2.001 / S2-4.008 / a pending invitation opens the team invite modal (400 wide); Accept joins and opens the recent page with new_join=true", async () => {
    let joined = false;
    const { router, operationsCalled } = startDashboard("/dashboard/recent", {
      MyTeamInvitations: () => ({ me: { id: USER.id, teamInvitations: joined ? [] : [INVITATION] } }),
      AcceptTeamInvitation: () => {
        joined = true;
        return { acceptTeamInvitation: { id: ROCKET } };
      },
      AllTeams: () => ({
        me: {
          id: USER.id,
          primaryWorkspaceId: TEAM_ID,
          workspaces: joined ? [workspace(), rocket()] : [workspace()],
        },
      }),
      RecentlyAccessedSandboxes: recent,
      GetWorkspaceSandboxes: () => ({ me: { id: USER.id, team: { id: ROCKET, sandboxes: [] } } }),
    });
    const dialog = await screen.findByRole("dialog", { name: "Workspace invitation" }, { timeout: 5000 });
    expect(dialog.style.width).toBe("400px");
    expect(dialog.textContent).toContain("Grace Hopper invited you to join Rocket Lab as editor.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Accept" }));
    expect(operationsCalled().find((o) => o.operationName === "AcceptTeamInvitation")?.variables).toEqual({
      teamId: ROCKET,
    });
    // The dashboard takes the workspace parameter (the active workspace) and keeps new_join.
    await waitFor(() => expect(router.state.location.search).toBe("?new_join=true"));
    expect(router.state.location.pathname).toBe("/dashboard/recent");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Switch workspace" }).textContent).toContain("Rocket Lab"),
    );
    expect(getStoredWorkspaceId()).toBe(ROCKET);
  });

  it("S1-8.024 / S2-8.020 / S2-6.011 / Decline removes the invitation and says 'Rejected invitation to {team}'", async () => {
    const { operationsCalled } = startDashboard("/dashboard/recent", {
      MyTeamInvitations: () => ({ me: { id: USER.id, teamInvitations: [INVITATION] } }),
      RejectTeamInvitation: () => ({ rejectTeamInvitation: true }),
      RecentlyAccessedSandboxes: recent,
      GetWorkspaceSandboxes: () => ({ me: { id: USER.id, team: { id: TEAM_ID, sandboxes: [] } } }),
    });
    const dialog = await screen.findByRole("dialog", { name: "Workspace invitation" }, { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole("button", { name: "Decline" }));
    await screen.findByText("Rejected invitation to Rocket Lab");
    expect(operationsCalled().some((o) => o.operationName === "RejectTeamInvitation")).toBe(true);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Workspace invitation" })).toBeNull());
  });

  it("S1-2.007 / an invite link shows the workspace's name; Join redeems it and opens the workspace", async () => {
    const { router, operationsCalled } = startDashboard("/invite/abc123", {
      TeamByToken: () => ({ teamByToken: { name: "Rocket Lab" } }),
      JoinTeamByToken: () => ({ redeemTeamInviteToken: { id: ROCKET, name: "Rocket Lab" } }),
      AllTeams: () => ({
        me: { id: USER.id, primaryWorkspaceId: TEAM_ID, workspaces: [workspace(), rocket()] },
      }),
      RecentlyAccessedSandboxes: recent,
      GetWorkspaceSandboxes: () => ({ me: { id: USER.id, team: { id: ROCKET, sandboxes: [] } } }),
    });
    await screen.findByRole("heading", { name: "Join Rocket Lab" }, { timeout: 5000 });
    await userEvent.click(screen.getByRole("button", { name: "Join workspace" }));
    expect(operationsCalled().find((o) => o.operationName === "JoinTeamByToken")?.variables).toEqual({
      inviteToken: "abc123",
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/recent"));
    expect(getStoredWorkspaceId()).toBe(ROCKET);
    expect(joinedWorkspacePath(ROCKET)).toBe(`/dashboard/recent?workspace=${ROCKET}&new_join=true`);
  });

  it("S1-2.007 / an unknown invite link says so, with a link to the dashboard", async () => {
    startDashboard("/invite/nope", { TeamByToken: () => ({ teamByToken: null }) });
    expect(
      await screen.findByRole("heading", { name: "This invite link is not valid" }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe("/dashboard");
  });
});

describe("switching workspace", () => {
  it("S1-4.022 / switching to a workspace the user was removed from falls back to a default workspace", async () => {
    let removed = false;
    setStoredWorkspaceId(ROCKET);
    startDashboard("/dashboard/recent", {
      // The list was loaded before the removal; the workspace's own record says the user is out.
      AllTeams: () => ({
        me: {
          id: USER.id,
          primaryWorkspaceId: TEAM_ID,
          workspaces: removed ? [workspace()] : [workspace(), rocket()],
        },
      }),
      GetTeam: (variables) => {
        if (variables.teamId === ROCKET) {
          removed = true;
          return { me: { id: USER.id, team: null } };
        }
        return { me: { id: USER.id, team: teamInfo() } };
      },
      RecentlyAccessedSandboxes: recent,
      GetWorkspaceSandboxes: (variables) => ({
        me: { id: USER.id, team: { id: variables.teamId, sandboxes: [] } },
      }),
    });
    await waitFor(
      () =>
        expect(screen.getByRole("button", { name: "Switch workspace" }).textContent).toContain("Ada's space"),
      {
        timeout: 5000,
      },
    );
    expect(getStoredWorkspaceId()).toBe(TEAM_ID);
  });
});
