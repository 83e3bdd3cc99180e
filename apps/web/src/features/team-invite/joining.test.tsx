// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { InvitationToMe } from "../../api/queries/workspaces.ts";
import { answers, GraphQLAnswerError, type OperationName } from "../../test/graphql-handlers.ts";
import { server } from "../../test/server.ts";
import { startDashboard, TEAM_ID, teamInfo, USER, workspace } from "../sandbox-grid/testing.tsx";
import { getStoredWorkspaceId, setStoredWorkspaceId } from "../session/storage.ts";
import { DISMISSED_OFFERS_KEY } from "./EligibleWorkspaceOffer.tsx";

afterEach(() => {
  setStoredWorkspaceId(null);
});

const ACME = "11111111-2222-4333-8444-555555555555";
const OFFER = { id: ACME, name: "Acme", avatarUrl: null, shortid: "11111111" };
const recent = () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } });
const activity = (variables: { teamId: string }) => ({
  me: { id: USER.id, team: { id: variables.teamId, sandboxes: [] } },
});
/** Makes the server refuse one operation with FORBIDDEN and a reason (the mocks answer errors without codes). */
function refuse(operationName: OperationName, message: string) {
  server.use(
    ...answers({
      [operationName]: () => {
        throw new GraphQLAnswerError(message, { code: "FORBIDDEN" });
      },
    }),
  );
}

describe("the eligible-workspace offer", () => {
  it("S2-2.030 / S2-4.009 / S1-7.028 / join sets the active workspace, reloads the workspaces and opens its recent page", async () => {
    let joined = false;
    const { router, operationsCalled } = startDashboard("/dashboard/recent", {
      GetEligibleWorkspaces: () => ({ me: { id: USER.id, eligibleWorkspaces: joined ? [] : [OFFER] } }),
      JoinEligibleWorkspace: () => {
        joined = true;
        return { joinEligibleWorkspace: { id: ACME } };
      },
      AllTeams: () => ({
        me: {
          id: USER.id,
          primaryWorkspaceId: TEAM_ID,
          workspaces: joined
            ? [workspace(), { ...workspace("WRITE"), id: ACME, name: "Acme" }]
            : [workspace()],
        },
      }),
      RecentlyAccessedSandboxes: recent,
      GetWorkspaceSandboxes: activity,
    });
    const offer = await screen.findByRole("region", { name: "Join Acme" }, { timeout: 5000 });
    await userEvent.click(within(offer).getByRole("button", { name: "Join" }));
    expect(operationsCalled().find((o) => o.operationName === "JoinEligibleWorkspace")?.variables).toEqual({
      workspaceId: ACME,
    });
    await waitFor(() => expect(getStoredWorkspaceId()).toBe(ACME));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/recent"));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Switch workspace" }).textContent).toContain("Acme"),
    );
  });

  it("S2-4.009 / reject hides the offer (and it stays hidden)", async () => {
    startDashboard("/dashboard/recent", {
      GetEligibleWorkspaces: () => ({ me: { id: USER.id, eligibleWorkspaces: [OFFER] } }),
      RecentlyAccessedSandboxes: recent,
      GetWorkspaceSandboxes: activity,
    });
    const offer = await screen.findByRole("region", { name: "Join Acme" }, { timeout: 5000 });
    await userEvent.click(within(offer).getByRole("button", { name: "Reject" }));
    expect(screen.queryByRole("region", { name: "Join Acme" })).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(DISMISSED_OFFERS_KEY) ?? "[]")).toEqual([ACME]);
  });

  it("S1-3.022 / a full workspace offers to ask its admins instead", async () => {
    const { operationsCalled } = startDashboard("/dashboard/recent", {
      GetEligibleWorkspaces: () => ({ me: { id: USER.id, eligibleWorkspaces: [OFFER] } }),
      RequestTeamInvite: () => ({ requestTeamInvite: true }),
      RecentlyAccessedSandboxes: recent,
      GetWorkspaceSandboxes: activity,
    });
    refuse("JoinEligibleWorkspace", "This workspace has reached its limit of 5 members.");
    const offer = await screen.findByRole("region", { name: "Join Acme" }, { timeout: 5000 });
    await userEvent.click(within(offer).getByRole("button", { name: "Join" }));
    await userEvent.click(await within(offer).findByRole("button", { name: "Request to join" }));
    await within(offer).findByText(/Your request to join/);
    expect(operationsCalled().find((o) => o.operationName === "RequestTeamInvite")?.variables).toEqual({
      workspaceId: ACME,
    });
  });
});

describe("asking to join from an invite link", () => {
  it("S1-2.007 / S1-3.022 / a full workspace's invite link offers 'Request to join', which asks its admins", async () => {
    const { operationsCalled } = startDashboard("/invite/abc123", {
      TeamByToken: () => ({ teamByToken: { name: "Rocket Lab" } }),
      RequestTeamInvite: () => ({ requestTeamInvite: true }),
    });
    refuse(
      "JoinTeamByToken",
      "This workspace has reached its limit of 5 members, counting pending invitations.",
    );
    await userEvent.click(await screen.findByRole("button", { name: "Join workspace" }, { timeout: 5000 }));
    await screen.findByText(/You can ask its admins to let you in\./);
    await userEvent.click(screen.getByRole("button", { name: "Request to join" }));
    expect(
      await screen.findByText("Your request was sent. The workspace's admins will let you in."),
    ).toBeTruthy();
    expect(operationsCalled().find((o) => o.operationName === "RequestTeamInvite")?.variables).toEqual({
      inviteToken: "abc123",
    });
  });
});

describe("the workspace's Joining section", () => {
  it("S1-3.022 / S2-2.030 / an admin accepts a request to join and offers the workspace to their verified domain", async () => {
    let requests = [
      {
        userId: "u-linus",
        username: "linus",
        name: "Linus",
        email: "linus@acme.test",
        avatarUrl: null,
        insertedAt: "2026-11-20T10:00:00Z",
      },
    ];
    let offerDomain: string | null = null;
    const { operationsCalled } = startDashboard(`/workspace/${TEAM_ID}`, {
      GetTeam: () => ({ me: { id: USER.id, team: teamInfo() } }),
      TeamAccess: () => ({
        me: {
          id: USER.id,
          verifiedEmailDomains: ["acme.test"],
          team: { id: TEAM_ID, offerDomain, joinRequests: requests },
        },
      }),
      AcceptTeamJoinRequest: () => {
        requests = [];
        return { acceptTeamJoinRequest: { id: TEAM_ID } };
      },
      SetTeamOfferDomain: (variables) => {
        offerDomain = variables.domain as string | null;
        return { setTeamOfferDomain: { id: TEAM_ID, offerDomain } };
      },
    });
    const section = await screen.findByRole("region", { name: "Joining" }, { timeout: 5000 });
    await userEvent.click(
      await within(section).findByRole("button", { name: "Accept the request of Linus" }),
    );
    expect(operationsCalled().find((o) => o.operationName === "AcceptTeamJoinRequest")?.variables).toEqual({
      teamId: TEAM_ID,
      userId: "u-linus",
    });
    await within(section).findByText(/Nobody is waiting to join/);
    await userEvent.click(within(section).getByRole("checkbox", { name: /verified @acme\.test/ }));
    await waitFor(() =>
      expect(operationsCalled().find((o) => o.operationName === "SetTeamOfferDomain")?.variables).toEqual({
        teamId: TEAM_ID,
        domain: "acme.test",
      }),
    );
    await waitFor(() =>
      expect(
        (within(section).getByRole("checkbox", { name: /verified @acme\.test/ }) as HTMLInputElement).checked,
      ).toBe(true),
    );
  });
});

describe("an invitation's overview", () => {
  const INVITATION: InvitationToMe = {
    teamId: ACME,
    teamName: "Acme",
    teamAvatarUrl: null,
    authorization: "WRITE",
    inviterName: "Grace Hopper",
    inviterAvatarUrl: null,
    insertedAt: "2026-11-20T10:00:00Z",
  };

  it("S1-2.117 / S2-4.008 / the invited workspace's overview shows the invitation; Accept joins and opens its recent page with new_join=true", async () => {
    let joined = false;
    const { router } = startDashboard(`/workspace/${ACME}?invite_email=ada%40example.com`, {
      GetTeam: (variables) => ({
        me: {
          id: USER.id,
          team:
            variables.teamId !== ACME
              ? teamInfo()
              : joined
                ? { ...teamInfo(), id: ACME, name: "Acme" }
                : null,
        },
      }),
      MyTeamInvitations: () => ({ me: { id: USER.id, teamInvitations: joined ? [] : [INVITATION] } }),
      AcceptTeamInvitation: () => {
        joined = true;
        return { acceptTeamInvitation: { id: ACME } };
      },
      AllTeams: () => ({
        me: {
          id: USER.id,
          primaryWorkspaceId: TEAM_ID,
          workspaces: joined
            ? [workspace(), { ...workspace("WRITE"), id: ACME, name: "Acme" }]
            : [workspace()],
        },
      }),
      RecentlyAccessedSandboxes: recent,
      GetWorkspaceSandboxes: activity,
    });
    await screen.findByText(/invited you to join/, {}, { timeout: 5000 });
    // The page shows it; the prompt does not open it a second time.
    expect(screen.queryByRole("dialog", { name: "Workspace invitation" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(router.state.location.search).toBe("?new_join=true"));
    expect(router.state.location.pathname).toBe("/dashboard/recent");
    expect(getStoredWorkspaceId()).toBe(ACME);
  });
});
