import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sandbox, startDashboard, TEAM_ID, USER } from "../sandbox-grid/testing.tsx";

function templates(color: string | null, iconUrl: string | null) {
  return () => ({
    me: {
      id: USER.id,
      team: {
        id: TEAM_ID,
        name: "Ada's space",
        templates: [
          {
            id: "11111111-1111-4111-8111-111111111111",
            color,
            iconUrl,
            published: false,
            sandbox: {
              ...sandbox("t1", { title: "Starter", customTemplate: { id: "tpl", color, iconUrl } }),
              team: { name: "Ada's space" },
              git: null,
            },
          },
        ],
      },
    },
  });
}

describe("template colour and icon", () => {
  it("S1-3.013 / S1-3.046 / an editor picks a built-in icon and a colour for a workspace template", async () => {
    const saved: Record<string, unknown>[] = [];
    let current = { color: null as string | null, iconUrl: null as string | null };
    startDashboard("/dashboard/templates", {
      // biome-ignore lint/correctness/noComponentHookFactories: GraphQL operation names, not components.
      TeamTemplates: () => templates(current.color, current.iconUrl)(),
      // biome-ignore lint/correctness/noComponentHookFactories: GraphQL operation names, not components.
      SetTemplateAppearance: (variables) => {
        saved.push(variables);
        current = { color: variables.color ?? null, iconUrl: variables.iconUrl ?? null };
        return { setTemplateAppearance: { id: variables.templateId, ...current } };
      },
    });
    const list = await screen.findByRole("listbox");
    fireEvent.contextMenu(await within(list).findByRole("option", { name: "Starter" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Template colour and icon" }));
    const dialog = await screen.findByRole("dialog", { name: "Template colour and icon" });
    await userEvent.click(within(dialog).getByRole("radio", { name: "vue" }));
    const hex = within(dialog).getByRole("textbox", { name: "Hex colour" });
    await userEvent.type(hex, "#41B883");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(saved).toEqual([
      { templateId: "11111111-1111-4111-8111-111111111111", color: "#41b883", iconUrl: "vue" },
    ]);
    expect(screen.queryByRole("dialog", { name: "Template colour and icon" })).toBeNull();
  });

  it("S1-3.046 / an image address must be https; a bad colour says what is expected and nothing is saved", async () => {
    const saved: unknown[] = [];
    startDashboard("/dashboard/templates", {
      TeamTemplates: templates(null, null),
      // biome-ignore lint/correctness/noComponentHookFactories: GraphQL operation names, not components.
      SetTemplateAppearance: (variables) => {
        saved.push(variables);
        return { setTemplateAppearance: { id: "x", color: null, iconUrl: null } };
      },
    });
    const list = await screen.findByRole("listbox");
    fireEvent.contextMenu(await within(list).findByRole("option", { name: "Starter" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Template colour and icon" }));
    const dialog = await screen.findByRole("dialog", { name: "Template colour and icon" });
    await userEvent.type(
      within(dialog).getByRole("textbox", { name: "Or an image address" }),
      "http://x.test/a.png",
    );
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Hex colour" }), "blue");
    expect(within(dialog).getByText(/must be an https:\/\/ address/)).toBeTruthy();
    expect(within(dialog).getByText("The colour must be a hex colour such as #61dafb.")).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    expect(saved).toEqual([]);
  });
});
