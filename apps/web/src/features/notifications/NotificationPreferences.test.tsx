// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { DEFAULT_NOTIFICATION_PREFERENCES } from "@boxyard/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { GraphQLAnswerError, serveOperations } from "../../test/graphql-handlers.ts";
import { makeUser, renderApp } from "../../test/render.tsx";
import { openModal } from "../modals/modalStore.ts";

const preferences = (values = DEFAULT_NOTIFICATION_PREFERENCES) => ({
  me: { id: "u", notificationPreferences: values },
});

async function openNotificationsTab() {
  renderApp(<main />, { user: makeUser() });
  act(() => void openModal("preferences", { tab: "notifications" }));
  return screen.findByRole("tabpanel", { name: "Notifications" });
}

describe("notification preferences tab", () => {
  it("S2-2.026 / S2-2.023 / S2-8.006 / the Notifications tab says 'Loading email settings...', then shows the eight switches", async () => {
    let answer: (r: ReturnType<typeof preferences>) => void = () => {};
    serveOperations({ EmailPreferences: () => new Promise((resolve) => (answer = resolve)) });
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
    serveOperations({
      EmailPreferences: () => preferences(),
      UpdateNotificationPreferences: (variables) => {
        sent.push(variables);
        if (fail) throw new GraphQLAnswerError("Boom");
        // The server changes the preferences given (a null leaves one as it is).
        const given = Object.entries(variables).filter(
          (entry): entry is [string, boolean] => entry[1] != null,
        );
        return {
          updateNotificationPreferences: {
            ...DEFAULT_NOTIFICATION_PREFERENCES,
            ...Object.fromEntries(given),
          },
        };
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
    serveOperations({
      EmailPreferences: () => {
        throw new GraphQLAnswerError("Boom");
      },
    });
    const panel = await openNotificationsTab();
    expect(
      await within(panel).findByText("There has been a problem getting your email preferences"),
    ).toBeTruthy();
  });
});
