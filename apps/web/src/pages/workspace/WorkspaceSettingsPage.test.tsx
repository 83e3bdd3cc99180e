// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { WORKSPACE_MESSAGES } from "@boxyard/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { TeamInfo } from "../../api/queries/workspaces.ts";
import { resetModals } from "../../features/modals/modalStore.ts";
import {
  teamInfo as sharedTeamInfo,
  startDashboard,
  TEAM_ID,
  USER,
  workspace,
} from "../../features/sandbox-grid/testing.tsx";
import { GraphQLAnswerError } from "../../test/graphql-handlers.ts";
import { resetToasts } from "../../ui/toastStore.ts";

afterEach(() => {
  resetModals();
  resetToasts();
});

const BOB = { id: "bob-id", name: "Bob Stone", username: "bob", avatarUrl: null };

const teamInfo = (role: "ADMIN" | "WRITE" | "READ", overrides: Partial<TeamInfo> = {}): TeamInfo =>
  sharedTeamInfo(role, {
    users: [{ id: USER.id, name: USER.name, username: USER.username, avatarUrl: null }, BOB],
    userAuthorizations: [
      { userId: USER.id, authorization: role, teamManager: false, drafts: 0 },
      { userId: BOB.id, authorization: "WRITE", teamManager: false, drafts: 0 },
    ],
    ...overrides,
  });

const getTeam = (team: TeamInfo | null) => () => ({ me: { id: USER.id, team } });

describe("workspace settings page", () => {
  it("S1-2.063 / the sidebar's Settings and Invite members lead to the workspace's settings", async () => {
    startDashboard("/dashboard/recent", {
      GetTeam: getTeam(teamInfo("ADMIN")),
      RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
    });
    const settings = await screen.findByRole("link", { name: "Settings" }, { timeout: 5000 });
    expect(settings.getAttribute("href")).toBe(`/workspace/${TEAM_ID}`);
    expect(screen.getByRole("link", { name: "Invite members" }).getAttribute("href")).toBe(
      `/workspace/${TEAM_ID}#members`,
    );
  });

  it("S1-8.016 / S2-8.019 / an admin renames the workspace; a refused rename shows 'There was a problem renaming your team'", async () => {
    let fail = false;
    const { operationsCalled } = startDashboard(`/workspace/${TEAM_ID}`, {
      GetTeam: getTeam(teamInfo("ADMIN")),
      SetTeamName: () => {
        if (fail) throw new GraphQLAnswerError("Boom");
        return { setTeamName: { id: TEAM_ID } };
      },
    });
    const name = await screen.findByLabelText("Workspace name", {}, { timeout: 5000 });
    const general = within(document.getElementById("general")!);
    await userEvent.clear(name);
    await userEvent.type(name, "  ");
    await userEvent.click(general.getAllByRole("button", { name: "Save" })[0]!);
    expect(screen.getByText("Workspace name cannot be empty.")).toBeTruthy();

    await userEvent.clear(name);
    await userEvent.type(name, "Rocket Lab");
    await userEvent.click(general.getAllByRole("button", { name: "Save" })[0]!);
    await waitFor(() =>
      expect(operationsCalled().find((o) => o.operationName === "SetTeamName")?.variables).toEqual({
        teamId: TEAM_ID,
        name: "Rocket Lab",
      }),
    );
    fail = true;
    await userEvent.type(name, "!");
    await userEvent.click(general.getAllByRole("button", { name: "Save" })[0]!);
    await screen.findByText(WORKSPACE_MESSAGES.renameFailed);
  });

  it("S1-8.024 / S1-8.016 / S2-8.019 / S2-8.020 / deleting asks first, then says 'Your workspace was deleted' and opens the dashboard; a failure says so", async () => {
    let fail = true;
    const { router } = startDashboard(`/workspace/${TEAM_ID}`, {
      GetTeam: getTeam(teamInfo("ADMIN")),
      DeleteWorkspace: () => {
        if (fail) throw new GraphQLAnswerError("Boom");
        return { deleteWorkspace: true };
      },
      RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
    });
    const remove = async () => {
      await userEvent.click(
        await screen.findByRole("button", { name: "Delete workspace" }, { timeout: 5000 }),
      );
      const dialog = await screen.findByRole("dialog", { name: "Delete workspace" });
      await userEvent.click(within(dialog).getByRole("button", { name: "Delete workspace" }));
    };
    await remove();
    await screen.findByText(WORKSPACE_MESSAGES.deleteFailed);
    fail = false;
    await remove();
    await screen.findByText(WORKSPACE_MESSAGES.deleted);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/recent"));
  });

  it("S1-6.002 / members who are not admins see the settings read-only, without invite or delete controls", async () => {
    startDashboard(
      `/workspace/${TEAM_ID}`,
      {
        GetTeam: getTeam(teamInfo("WRITE")),
        AllTeams: () => ({
          me: { id: USER.id, primaryWorkspaceId: TEAM_ID, workspaces: [workspace("WRITE")] },
        }),
      },
      { role: "WRITE" },
    );
    expect(
      await screen.findByText(
        "Only admins of this workspace can change its settings and members.",
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect((screen.getByLabelText("Workspace name") as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Delete workspace" })).toBeNull();
    expect(screen.queryByLabelText("Username or e-mail")).toBeNull();
    expect(screen.queryByLabelText(`Role of ${BOB.name}`)).toBeNull();
    expect((screen.getByLabelText("Minimum privacy") as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByRole("button", { name: "Leave workspace" })).toBeTruthy();
  });

  it("S1-2.117 / ?invite_email= prefills the invite box; the server's refusal shows under it", async () => {
    startDashboard(`/workspace/${TEAM_ID}?invite_email=new%40example.com`, {
      GetTeam: getTeam(teamInfo("ADMIN")),
      InviteToTeamViaEmail: () => {
        throw new GraphQLAnswerError("new@example.com has already been invited to this workspace.");
      },
    });
    const box = (await screen.findByLabelText(
      "Username or e-mail",
      {},
      { timeout: 5000 },
    )) as HTMLInputElement;
    expect(box.value).toBe("new@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(
      await screen.findByText("new@example.com has already been invited to this workspace."),
    ).toBeTruthy();
  });

  it("S1-6.002 / an admin changes a member's role and sees the invite link to copy", async () => {
    let team = teamInfo("ADMIN");
    const { operationsCalled } = startDashboard(`/workspace/${TEAM_ID}`, {
      GetTeam: () => ({ me: { id: USER.id, team } }),
      ChangeTeamMemberAuthorization: (variables) => {
        team = {
          ...team,
          userAuthorizations: team.userAuthorizations.map((a) =>
            a.userId === variables.userId ? { ...a, authorization: variables.authorization as "READ" } : a,
          ),
        };
        return { changeTeamMemberAuthorizations: { id: TEAM_ID } };
      },
    });
    const role = (await screen.findByLabelText(
      `Role of ${BOB.name}`,
      {},
      { timeout: 5000 },
    )) as HTMLSelectElement;
    await userEvent.selectOptions(role, "READ");
    await waitFor(() => expect(role.value).toBe("READ"));
    await waitFor(() =>
      expect(
        operationsCalled().find((o) => o.operationName === "ChangeTeamMemberAuthorization")?.variables,
      ).toMatchObject({
        teamId: TEAM_ID,
        userId: BOB.id,
        authorization: "READ",
      }),
    );
    expect((screen.getByLabelText("Invite link") as HTMLInputElement).value).toMatch(/\/invite\/token123$/);
  });

  it("issue 13 / an admin sees why an e-mail invitation waits (the server's note): a verified address, or the invite link", async () => {
    const note =
      "This installation sends no e-mail: the invitee is not told, and an account made with a password cannot verify this address. Send them the invite link instead (an account whose sign-in provider verified this address can accept it too).";
    const team = teamInfo("ADMIN", {
      invitations: [
        {
          id: "inv-1",
          userId: null,
          username: null,
          email: "cto@bigcorp.example",
          authorization: "ADMIN",
          insertedAt: "2024-01-02T00:00:00Z",
          note,
        },
      ],
    });
    startDashboard(`/workspace/${TEAM_ID}`, { GetTeam: getTeam(team) });
    const pending = await screen.findByRole("list", { name: "Pending invitations" }, { timeout: 5000 });
    expect(within(pending).getByText("cto@bigcorp.example")).toBeTruthy();
    expect(within(pending).getByText(note)).toBeTruthy();
  });

  it("S2-6.007 / prevent leaving and export are disabled with an explanation on a Free workspace", async () => {
    startDashboard(`/workspace/${TEAM_ID}`, { GetTeam: getTeam(teamInfo("ADMIN")) });
    const leaving = (await screen.findByLabelText(
      /^Prevent leaving workspace/,
      {},
      { timeout: 5000 },
    )) as HTMLInputElement;
    expect(leaving.disabled).toBe(true);
    expect((screen.getByLabelText(/^Prevent export as \.zip/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(WORKSPACE_MESSAGES.proOnlySandboxSettings)).toBeTruthy();
  });

  it("S2-2.001 / S2-8.020 / S2-4.004 / a new minimum privacy is confirmed in its dialog (450 wide), drafts included or not, then 'Minimum privacy updated.'", async () => {
    const { operationsCalled } = startDashboard(`/workspace/${TEAM_ID}`, {
      GetTeam: getTeam(teamInfo("ADMIN")),
      SetTeamMinimumPrivacy: () => ({ setTeamMinimumPrivacy: { minimumPrivacy: 1 } }),
    });
    const select = await screen.findByLabelText(/^Minimum privacy/, {}, { timeout: 5000 });
    await userEvent.selectOptions(select, "1");
    const permissions = within(document.getElementById("permissions")!);
    await userEvent.click(permissions.getByRole("button", { name: "Save" }));
    const dialog = await screen.findByRole("dialog", { name: "Change minimum privacy" });
    expect(dialog.style.width).toBe("450px");
    await userEvent.click(within(dialog).getByLabelText(/^Also apply it to existing drafts/));
    await userEvent.click(within(dialog).getByRole("button", { name: "Change minimum privacy" }));
    await screen.findByText("Minimum privacy updated.");
    expect(operationsCalled().find((o) => o.operationName === "SetTeamMinimumPrivacy")?.variables).toEqual({
      teamId: TEAM_ID,
      minimumPrivacy: 1,
      updateDrafts: false,
    });
  });

  it("an unknown workspace says so with a way back", async () => {
    startDashboard("/workspace/00000000-0000-4000-8000-000000000000", { GetTeam: getTeam(null) });
    expect(
      await screen.findByRole("heading", { name: "Workspace not found" }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Dashboard" })).toBeTruthy();
  });
});
