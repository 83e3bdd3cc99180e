// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type Answers, GraphQLAnswerError, type ResultOfOperation } from "../../test/graphql-handlers.ts";
import { sandboxDetail, startDashboard, TEAM_ID } from "../sandbox-grid/testing.tsx";

const SANDBOX = sandboxDetail({
  id: "abc123",
  alias: "weather-abc123",
  title: "Weather",
  description: null,
  privacy: 2,
  viewCount: 0,
  forkCount: 0,
  teamId: TEAM_ID,
  team: { id: TEAM_ID, name: "Ada's space" },
  author: null,
  collection: { id: "c", path: "/" },
  authorization: "WRITE_PROJECT",
});

type Person = NonNullable<
  NonNullable<ResultOfOperation<"SandboxCollaborators">["sandbox"]>["collaborators"]
>[number];
const GRACE: Person = {
  userId: "u-grace",
  username: "grace",
  name: "Grace Hopper",
  avatarUrl: null,
  authorization: "COMMENT",
};

function open(collaborators: Person[] | null, operations: Answers = {}) {
  return startDashboard(
    "/s/abc123",
    {
      SandboxCollaborators: () => ({ sandbox: { id: "abc123", collaborators } }),
      ...operations,
    },
    { rest: { "GET /api/v1/sandboxes/abc123": () => SANDBOX } },
  );
}

describe("sharing a sandbox", () => {
  it("S1-3.024 / S1-8.024 / an editor shares with someone by username at a level: 'Sandbox permissions updated.'", async () => {
    let list: Person[] = [GRACE];
    const { operationsCalled } = open(list, {
      ShareSandbox: (variables) => {
        list = [
          ...list,
          {
            userId: "u-linus",
            username: "linus",
            name: null,
            avatarUrl: null,
            authorization: variables.authorization,
          },
        ];
        return { shareSandbox: { id: "abc123", collaborators: list } };
      },
      UpdateSandboxCollaborator: (variables) => ({
        updateSandboxCollaborator: {
          id: "abc123",
          collaborators: list.map((c) =>
            c.userId === variables.userId ? { ...c, authorization: variables.authorization } : c,
          ),
        },
      }),
      RemoveSandboxCollaborator: () => ({ removeSandboxCollaborator: { id: "abc123", collaborators: [] } }),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Share" }, { timeout: 5000 }));
    const dialog = await screen.findByRole("dialog", { name: "Share Weather" });
    expect(within(dialog).getByText("Grace Hopper")).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText("Username or e-mail"), "linus");
    await userEvent.selectOptions(within(dialog).getByLabelText("Access"), "READ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Share" }));
    await screen.findByText("Sandbox permissions updated.");
    expect(operationsCalled().find((o) => o.operationName === "ShareSandbox")?.variables).toEqual({
      sandboxId: "abc123",
      usernameOrEmail: "linus",
      authorization: "READ",
    });
    await within(dialog).findByText("@linus");

    await userEvent.selectOptions(within(dialog).getByLabelText("Access of Grace Hopper"), "WRITE_CODE");
    await waitFor(() =>
      expect(
        operationsCalled().find((o) => o.operationName === "UpdateSandboxCollaborator")?.variables,
      ).toEqual({
        sandboxId: "abc123",
        userId: "u-grace",
        authorization: "WRITE_CODE",
      }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Stop sharing with Grace Hopper" }));
    await within(dialog).findByText("Not shared with anyone yet.");
  });

  it("S1-3.024 / the server's refusal shows under the field", async () => {
    open([], {
      ShareSandbox: () => {
        throw new GraphQLAnswerError("There is no user with the username or e-mail nobody.");
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Share" }, { timeout: 5000 }));
    const dialog = await screen.findByRole("dialog", { name: "Share Weather" });
    await userEvent.type(within(dialog).getByLabelText("Username or e-mail"), "nobody");
    await userEvent.click(within(dialog).getByRole("button", { name: "Share" }));
    expect(
      await within(dialog).findByText("There is no user with the username or e-mail nobody."),
    ).toBeTruthy();
  });

  it("S1-8.017 / a sandbox permission change the server refuses says so and keeps the level", async () => {
    open([GRACE], {
      UpdateSandboxCollaborator: () => {
        throw new GraphQLAnswerError("Viewers cannot change sandboxes of this workspace.");
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Share" }, { timeout: 5000 }));
    const dialog = await screen.findByRole("dialog", { name: "Share Weather" });
    const level = within(dialog).getByLabelText("Access of Grace Hopper") as HTMLSelectElement;
    await userEvent.selectOptions(level, "WRITE_CODE");
    await screen.findByText("There was a problem updating the sandbox permissions");
    await waitFor(() => expect(level.value).toBe("COMMENT"));
  });

  it("S1-6.010 / without the right to share (the server answers no collaborators) there is no Share button", async () => {
    open(null);
    await screen.findByRole("heading", { level: 1, name: "Weather" }, { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("button", { name: "Share" })).toBeNull();
  });
});
