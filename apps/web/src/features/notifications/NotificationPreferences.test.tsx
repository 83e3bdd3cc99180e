// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { DEFAULT_NOTIFICATION_PREFERENCES } from "@boxyard/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json, makeUser, renderApp, serveRoutes } from "../../test/render.tsx";
import { openModal } from "../modals/modalStore.ts";

type Handler = (variables: Record<string, unknown>) => Response | Promise<Response>;

function graphqlRoutes(operations: Record<string, Handler>) {
  return serveRoutes({
    "POST /api/graphql": (_url, init) => {
      const { operationName, variables } = JSON.parse(String(init?.body));
      const handler = operations[operationName];
      return handler ? handler(variables ?? {}) : json({ errors: [{ message: `unknown ${operationName}` }] });
    },
  });
}

const preferences = (values = DEFAULT_NOTIFICATION_PREFERENCES) =>
  json({ data: { me: { id: "u", notificationPreferences: values } } });

async function openNotificationsTab() {
  renderApp(<></>, { user: makeUser() });
  act(() => void openModal("preferences", { tab: "notifications" }));
  return screen.findByRole("tabpanel", { name: "Notifications" });
}

describe("notification preferences tab", () => {
  it("S2-2.026 / S2-2.023 / S2-8.006 / the Notifications tab says 'Loading email settings...', then shows the eight switches", async () => {
    let answer: (r: Response) => void = () => {};
    graphqlRoutes({ EmailPreferences: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const panel = await openNotificationsTab();
    expect(within(panel).getByText("Loading email settings...")).toBeTruthy();
    answer(preferences());
    const switches = await within(panel).findAllByRole("switch");
    expect(switches).toHaveLength(8);
    expect((within(panel).getByRole("switch", { name: /Product news/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((within(panel).getByRole("switch", { name: /Review requests/ }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it("S2-4.015 / S1-4.004 / S2-8.021 / a switch changes at once; when the save fails it flips back with 'There has updating your email preferences'", async () => {
    const sent: Record<string, unknown>[] = [];
    let fail = false;
    graphqlRoutes({
      EmailPreferences: () => preferences(),
      UpdateNotificationPreferences: (variables) => {
        sent.push(variables);
        if (fail) return json({ errors: [{ message: "Boom" }] });
        return json({
          data: { updateNotificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...variables } },
        });
      },
    });
    const panel = await openNotificationsTab();
    const marketing = (await within(panel).findByRole("switch", {
      name: /Product news/,
    })) as HTMLInputElement;
    await userEvent.click(marketing);
    expect(marketing.checked).toBe(true);
    expect(sent).toEqual([{ emailMarketing: true }]);
    fail = true;
    const invites = within(panel).getByRole("switch", { name: /Workspace invitations/ }) as HTMLInputElement;
    await userEvent.click(invites);
    await screen.findByText("There has updating your email preferences");
    await waitFor(() => expect(invites.checked).toBe(true));
    expect(marketing.checked).toBe(true);
  });

  it("S2-8.007 / S1-8.013 / a failed load says 'There has been a problem getting your email preferences'", async () => {
    graphqlRoutes({ EmailPreferences: () => json({ errors: [{ message: "Boom" }] }) });
    const panel = await openNotificationsTab();
    expect(
      await within(panel).findByText("There has been a problem getting your email preferences"),
    ).toBeTruthy();
  });
});
