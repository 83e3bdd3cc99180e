// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { TeamBilling } from "../../api/queries/billing.ts";
import type { Workspace } from "../../api/queries/workspaces.ts";
import { workspace as sharedWorkspace } from "../../features/sandbox-grid/testing.tsx";
import { type SentOperation, serveOperations } from "../../test/graphql-handlers.ts";
import { makeUser, renderApp } from "../../test/render.tsx";
import { lostConnection, serveRoutes } from "../../test/rest-handlers.ts";
import { CreateWorkspacePage } from "./CreateWorkspacePage.tsx";
import { getFreshWorkspaceId, setFreshWorkspaceId } from "./freshWorkspace.ts";

afterEach(() => localStorage.clear());

const ME = "user-1";

function workspace(id: string, name: string): Workspace {
  return {
    ...sharedWorkspace(),
    id,
    name,
    userAuthorizations: [{ userId: ME, authorization: "ADMIN", teamManager: false }],
    featureFlags: { ubbBeta: true, friendOfCsb: false },
  };
}

function teamBilling(id: string, name: string): TeamBilling {
  return {
    id,
    name,
    frozen: false,
    insertedAt: "2026-01-01T00:00:00.000Z",
    userAuthorizations: [{ userId: ME, authorization: "ADMIN", teamManager: false }],
    featureFlags: { ubbBeta: true, friendOfCsb: false },
    subscription: null,
    subscriptionSchedule: null,
    limits: { includedCredits: 400, includedVmTier: 2, onDemandCreditLimit: 0, onDemandSpendingLimit: 0 },
    usage: { credits: 0 },
  };
}

function serve(workspaces: Workspace[]) {
  // The prices request fails: the catalogue's prices show (spec 2 §8).
  serveRoutes({ "GET /api/v1/prices": () => lostConnection() });
  return serveOperations(
    {
      AllTeams: () => ({ me: { id: ME, primaryWorkspaceId: null, workspaces } }),
      TeamBilling: ({ teamId }) => {
        const found = workspaces.find((w) => w.id === teamId);
        return { me: { id: ME, team: found ? teamBilling(found.id, found.name) : null } };
      },
      SetTeamName: ({ teamId }) => ({ setTeamName: { id: teamId } }),
      SetTeamMetadata: ({ teamId }) => ({ setTeamMetadata: { id: teamId } }),
      DeleteWorkspace: () => ({ deleteWorkspace: true }),
    },
    { refuseOthers: true },
  );
}

function renderFlow(route: string) {
  return renderApp(
    <Routes>
      <Route path="/create-workspace" element={<CreateWorkspacePage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { route, user: makeUser({ id: ME }) },
  );
}

const names = (ops: SentOperation[]) => ops.map((o) => o.operationName);

describe("create-workspace flow", () => {
  it("S2-2.036 S2-2.038 S2-2.041 S2-2.039 / renames the workspace of the query, skips saving empty use cases, and finishes on Build with new_workspace=true", async () => {
    const ops = serve([workspace("team-9", "Acme"), workspace("team-2", "Other")]);
    renderFlow("/create-workspace?workspace=team-9");
    const name = await screen.findByLabelText("Workspace name");
    expect((name as HTMLInputElement).value).toBe("Acme");
    await userEvent.clear(name);
    await userEvent.type(name, "other");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("You already have a workspace with this name.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(name);
    await userEvent.type(name, "Acme Labs");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));

    await screen.findByRole("heading", { name: "What will you use this workspace for?" });
    const rename = ops().find((o) => o.operationName === "SetTeamName")!;
    expect(rename.variables).toEqual({ teamId: "team-9", name: "Acme Labs" });
    for (const useCase of [
      "Conduct interviews",
      "Build design systems",
      "Teach",
      "Work on repositories",
      "Make prototypes",
      "Conduct QA",
      "Live collaboration",
      "Showcase work",
      "Code with AI",
    ]) {
      expect(screen.getByLabelText(useCase)).toBeTruthy();
    }
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    const plans = await screen.findByRole("list", { name: "Plans" });
    expect(names(ops())).not.toContain("SetTeamMetadata");
    expect(plans.textContent).toContain("Build");
    expect(screen.getByRole("button", { name: "Build selected" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByLabelText("Spending limit ($)");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await userEvent.click(await screen.findByRole("button", { name: "Finish" }));
    expect(screen.getByTestId("location").textContent).toBe(
      "/dashboard/recent?workspace=team-9&new_workspace=true",
    );
  });

  it("S2-2.041 / chosen use cases are saved with setTeamMetadata", async () => {
    const ops = serve([workspace("team-9", "Acme")]);
    renderFlow("/create-workspace?workspace=team-9");
    await userEvent.click(await screen.findByRole("button", { name: "Next" }));
    await userEvent.click(await screen.findByLabelText("Teach"));
    await userEvent.click(screen.getByLabelText("Make prototypes"));
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("list", { name: "Plans" });
    const saved = ops().find((o) => o.operationName === "SetTeamMetadata")!;
    expect(saved.variables).toEqual({ teamId: "team-9", useCases: ["Teach", "Make prototypes"] });
  });

  it("S2-2.040 S2-3.018 / dismissing deletes the workspace this flow made, and no other", async () => {
    const ops = serve([workspace("team-9", "Acme")]);
    setFreshWorkspaceId("team-9");
    const { unmount } = renderFlow("/create-workspace?workspace=team-9");
    await screen.findByLabelText("Workspace name");
    await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/dashboard/recent"));
    expect(ops().find((o) => o.operationName === "DeleteWorkspace")?.variables).toEqual({ teamId: "team-9" });
    expect(getFreshWorkspaceId()).toBeNull();
    unmount();

    const again = serve([workspace("team-9", "Acme")]);
    renderFlow("/create-workspace?workspace=team-9");
    await screen.findByLabelText("Workspace name");
    await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/dashboard/recent"));
    expect(names(again())).not.toContain("DeleteWorkspace");
  });
});
