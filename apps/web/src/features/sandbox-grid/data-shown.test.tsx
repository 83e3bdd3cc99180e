// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { documentText } from "../../api/graphql.ts";
import {
  DELETED_TEAM_SANDBOXES,
  RECENTLY_ACCESSED_SANDBOXES,
  SHARED_WITH_ME_SANDBOXES,
  TEAM_DRAFTS,
  TEAM_TEMPLATES,
} from "../../api/queries/sandboxes.ts";
import { sandboxColour } from "./sandboxColour.ts";
import { dashboardSandbox, sandbox, startDashboard, TEAM_ID, USER } from "./testing.tsx";

const HOUR = 3_600_000;
/** An operation's text as sent, on one line. */
const sent = (document: Parameters<typeof documentText>[0]) => documentText(document).replace(/\s+/g, " ");
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

describe("data shown on dashboard items", () => {
  it("S1-2.055 / S1-3.012 / Recently deleted fetches each item's privacy and shows it", async () => {
    expect(sent(DELETED_TEAM_SANDBOXES)).toMatch(/fragment DeletedSandbox on Sandbox \{[^}]*\bprivacy\b/);
    startDashboard("/dashboard/deleted", {
      DeletedTeamSandboxes: () => ({
        me: {
          id: USER.id,
          team: {
            id: TEAM_ID,
            sandboxes: [
              sandbox("d1", { title: "Secret", removedAt: hoursAgo(2), privacy: 2 }),
              sandbox("d2", { title: "Link only", removedAt: hoursAgo(3), privacy: 1 }),
            ],
          },
        },
      }),
    });
    const secret = await screen.findByRole("option", { name: "Secret" }, { timeout: 5000 });
    expect(within(secret).getByTitle("Private")).toBeTruthy();
    expect(within(secret).queryByTitle("Public")).toBeNull();
    expect(within(secret).getByText("Deleted 2 hours ago")).toBeTruthy();
    const unlisted = screen.getByRole("option", { name: "Link only" });
    expect(within(unlisted).getByTitle("Unlisted")).toBeTruthy();
  });

  it("S1-2.033 / Recent cards say when the user last opened the item, not 'Updated'", async () => {
    startDashboard("/dashboard/recent", {
      RecentlyAccessedSandboxes: () => ({
        me: {
          id: USER.id,
          recentlyAccessedSandboxes: [
            sandbox("r", {
              title: "Opened today",
              lastAccessedAt: hoursAgo(5),
              updatedAt: "2025-01-01T00:00:00Z",
            }),
          ],
        },
      }),
    });
    const card = await screen.findByRole("option", { name: "Opened today" }, { timeout: 5000 });
    expect(within(card).getByText(/Opened 5 hours ago/)).toBeTruthy();
    expect(within(card).queryByText(/Updated/)).toBeNull();
  });

  it("S1-3.013 / S2-3.002 / a sandbox has one colour on every page: its template colour, else a stable fallback", () => {
    const template = dashboardSandbox("t1", {
      customTemplate: { id: "tpl", color: "#ff00aa", iconUrl: null },
    });
    // The Drafts list knows the template through `customTemplate`, the Templates list through `template`.
    expect(sandboxColour(template)).toBe("#ff00aa");
    expect(
      sandboxColour(
        dashboardSandbox("t1", {
          customTemplate: { id: "tpl", iconUrl: null },
          template: { id: "tpl", color: "#ff00aa", iconUrl: null },
        }),
      ),
    ).toBe("#ff00aa");
    const fork = dashboardSandbox("f1", { forkedTemplate: { id: "tpl", color: "#123456", iconUrl: null } });
    expect(sandboxColour(fork)).toBe("#123456");
    // No template colour: the official template's colour, the same whatever list the sandbox came from.
    const plain = dashboardSandbox("p1", { source: { template: "react" } });
    expect(sandboxColour(plain)).toBe("#61dafb");
    const custom = dashboardSandbox("p2", { source: { template: "my-own-starter" } });
    expect(sandboxColour(custom)).toBe(
      sandboxColour(dashboardSandbox("p2", { source: { template: "my-own-starter" }, title: "Elsewhere" })),
    );
    expect(sandboxColour(custom)).toMatch(/^#[0-9a-f]{6}$/);
    // Every list asks for the colours the function reads.
    for (const query of [
      TEAM_DRAFTS,
      DELETED_TEAM_SANDBOXES,
      TEAM_TEMPLATES,
      RECENTLY_ACCESSED_SANDBOXES,
      SHARED_WITH_ME_SANDBOXES,
    ]) {
      expect(sent(query)).toMatch(/customTemplate \{ id color iconUrl \}/);
      expect(sent(query)).toMatch(/forkedTemplate \{ id color iconUrl \}/);
      expect(sent(query)).toMatch(/source \{ template \}/);
    }
  });

  it("S1-3.013 / a template's card in Drafts has the colour it has in Templates", async () => {
    const templateSandbox = sandbox("tpl-sb", {
      title: "Starter",
      source: { template: "node" },
      customTemplate: { id: "tpl", color: "#ff00aa", iconUrl: null },
    });
    startDashboard("/dashboard/drafts", {
      TeamDrafts: () => ({ me: { id: USER.id, team: { id: TEAM_ID, drafts: [templateSandbox] } } }),
    });
    const card = await screen.findByRole("option", { name: "Starter" }, { timeout: 5000 });
    const coloured = card.querySelector<HTMLElement>("[style*='background'], [style*='color']");
    expect(coloured?.getAttribute("style")).toMatch(/rgb\(255, 0, 170\)|#ff00aa/i);
  });
});
