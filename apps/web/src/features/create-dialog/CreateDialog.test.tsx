// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { OFFICIAL_TEMPLATES, VM_TIERS } from "@boxyard/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ResultOf } from "../../api/graphql.ts";
import type { CREATE_TEMPLATE } from "../../api/queries/create.ts";
import type { Answers } from "../../test/graphql-handlers.ts";
import { failure, serveRoutes } from "../../test/rest-handlers.ts";
import {
  byPath,
  type DashboardOptions,
  sandboxDetail,
  startDashboard,
  TEAM_ID,
  teamInfo,
  USER,
} from "../sandbox-grid/testing.tsx";

/** `GET /api/v1/sandboxes/templates/official` as the server answers it (raw keys). */
const officialAnswer = () => [
  {
    sandboxes: OFFICIAL_TEMPLATES.map((t) => ({
      id: t.id,
      title: t.title,
      alias: t.alias,
      description: t.description,
      v2: t.runtime === "server",
      fork_count: 0,
      view_count: 0,
      tags: t.tags,
      author: "Boxyard",
      custom_template: { icon_url: t.iconUrl, color: t.color },
    })),
  },
];

const entry = (id: string, isV2 = false): CreateTemplate => ({
  iconUrl: null,
  tags: ["team"],
  sandbox: {
    id,
    alias: id,
    title: `Template ${id}`,
    description: null,
    isV2,
    forkCount: 0,
    viewCount: 0,
    team: { name: "Ada's space" },
    source: { template: "node" },
  },
});

type CreateTemplate = ResultOf<typeof CREATE_TEMPLATE>;

function open<const K extends string = never>(
  path: string,
  operations: Answers = {},
  options: DashboardOptions<K> & { recent?: CreateTemplate[] } = {},
) {
  serveRoutes({
    "GET /api/v1/sandboxes/templates/official": officialAnswer,
    "GET /api/v1/vm_tiers": () => ({ vmTiers: [...VM_TIERS] }),
    "GET /api/v1/sandboxes/generate_title": () => ({ title: "quiet-harbor" }),
  });
  return startDashboard(
    path,
    {
      RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
      GetWorkspaceSandboxes: () => ({ me: { id: USER.id, team: { id: TEAM_ID, sandboxes: [] } } }),
      TeamDrafts: () => ({ me: { id: USER.id, team: { id: TEAM_ID, drafts: [] } } }),
      RecentTemplates: () => ({ me: { id: USER.id, recentlyUsedTemplates: options.recent ?? [] } }),
      TeamTemplatesForCreate: () => ({ me: { id: USER.id, team: { id: TEAM_ID, templates: [] } } }),
      GetTeam: () => ({ me: { id: USER.id, team: teamInfo("ADMIN", { frozen: options.frozen ?? false }) } }),
      ...operations,
    },
    options,
  );
}

const dialog = (name = "Create") => screen.findByRole("dialog", { name });
const section = async (name: string) => within(await screen.findByRole("region", { name }));
const cards = (region: ReturnType<typeof within>): HTMLElement[] => region.getAllByRole("link");
/** The card of one template in a list. */
const card = async (region: ReturnType<typeof within>, id: string) => {
  await waitFor(() => expect(cards(region).some((c) => c.getAttribute("href") === `/s/${id}`)).toBe(true));
  return cards(region).find((c) => c.getAttribute("href") === `/s/${id}`)!;
};

describe("the create dialog", () => {
  it("S1-2.029 S1-2.005 S2-2.001 S2-2.008 S2-2.011 / create=true opens it once and is removed from the address; 'Popular' shows 12 official templates that say where they run", async () => {
    const { router } = open("/dashboard/recent?create=true");
    expect(await dialog()).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    const popular = await section("Popular");
    await waitFor(() => expect(cards(popular)).toHaveLength(12));
    expect(cards(popular)[0]!.textContent).toContain("React");
    expect(cards(popular)[0]!.getAttribute("href")).toBe("/s/react");
    expect(popular.getAllByText("Runs on browser").length).toBeGreaterThan(0);
    expect(popular.getAllByText("Runs on server").length).toBeGreaterThan(0);
    expect(screen.queryByRole("region", { name: "Recently used" })).toBeNull();
  });

  it("S2-2.008 / 'Recently used' shows at most 4 of the user's templates, and 'Popular' then 8", async () => {
    open("/dashboard/recent?create=true", {}, { recent: ["a", "b", "c", "d", "e"].map((id) => entry(id)) });
    const recent = await section("Recently used");
    await waitFor(() => expect(cards(recent)).toHaveLength(4));
    expect(cards(recent)[0]!.textContent).toContain("Template a");
    expect(cards(await section("Popular"))).toHaveLength(8);
  });

  it("S2-2.006 S2-2.007 S2-2.009 / badges filter and accumulate; '/' focuses the search, Esc blurs it and keeps the dialog; no match shows 'No results' and points to community search", async () => {
    const user = userEvent.setup();
    open("/dashboard/recent?create_devbox=true");
    await dialog("Create a Devbox");
    // /d preselects the Server runtime filter.
    const server = await screen.findByRole("button", { name: "Server", pressed: true });
    const results = await section("Results");
    await waitFor(() =>
      expect(cards(results)).toHaveLength(OFFICIAL_TEMPLATES.filter((t) => t.runtime === "server").length),
    );
    await user.click(screen.getByRole("button", { name: "Frontend" }));
    await waitFor(() =>
      expect(cards(results).map((c) => c.getAttribute("href"))).toEqual(["/s/nextjs", "/s/nuxt", "/s/remix"]),
    );
    await user.click(server);
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(screen.getByRole("button", { name: "Popular", pressed: true })).toBeTruthy();
    expect(await section("Popular")).toBeTruthy();

    const search = screen.getByRole("searchbox", { name: "Search templates" });
    expect(search.getAttribute("placeholder")).toBe("Search templates");
    search.blur();
    await user.keyboard("/");
    expect(document.activeElement).toBe(search);
    await user.keyboard("flask");
    const found = await section("Results");
    expect(cards(found).map((c) => c.getAttribute("href"))).toEqual(["/s/flask"]);
    await user.keyboard("{Escape}");
    expect(document.activeElement).not.toBe(search);
    expect(screen.getByRole("dialog", { name: "Create a Devbox" })).toBeTruthy();

    await user.clear(search);
    await user.type(search, "zzz nothing");
    await screen.findByText("No results");
    expect(screen.getByText(/Not finding what you need\?/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Search the community's sandboxes" }).getAttribute("href")).toBe(
      "/search?query=zzz%20nothing",
    );
  });

  it("S2-2.010 S2-2.012 S2-2.013 S2-7.012 S2-7.013 S2-6.013 / a click selects: the config step, back arrow to the list; a devbox on Micro forks with every field, sets the tier, and opens the new sandbox", async () => {
    const user = userEvent.setup();
    const { router, calls } = open(
      "/dashboard/recent?create=true",
      {},
      {
        rest: {
          "POST /api/v1/sandboxes/react/fork": () =>
            sandboxDetail({
              id: "new123",
              alias: "quiet-harbor-new123",
              teamId: TEAM_ID,
              title: "quiet-harbor",
            }),
          "PATCH /api/v1/sandboxes/new123/vm_tier": () => undefined,
        },
      },
    );
    const popular = await section("Popular");
    await user.click(await card(popular, "react"));
    const form = await screen.findByRole("form", { name: "Configure" });
    expect(within(form).getByRole("heading", { name: "React" })).toBeTruthy();
    await user.click(within(form).getByRole("button", { name: "Back to templates" }));
    await user.click(await card(await section("Popular"), "react"));

    const name = await screen.findByLabelText("Name");
    await waitFor(() => expect((name as HTMLInputElement).value).toBe("quiet-harbor"));
    const runtime = screen.getByLabelText("Runtime") as HTMLSelectElement;
    await waitFor(() => expect(runtime.disabled).toBe(false));
    expect(runtime.value).toBe("browser");
    expect((screen.getByLabelText("Visibility") as HTMLSelectElement).value).toBe("2");
    expect((screen.getByLabelText("Folder") as HTMLSelectElement).value).toBe("");
    expect(screen.getByRole("button", { name: "Create Sandbox" })).toBeTruthy();

    await user.selectOptions(runtime, "vm");
    const tier = screen.getByLabelText("VM tier") as HTMLSelectElement;
    expect(tier.value).toBe("1");
    expect(screen.getByText("Better specs are available for Pro workspaces.")).toBeTruthy();
    const options = [...tier.options];
    expect(options.map((o) => o.textContent)).toEqual(
      VM_TIERS.map(
        (t) =>
          `${t.name} (${t.cpu} vCPUs, ${t.memory} GiB RAM, ${t.storage} GB Disk for ${t.creditBasis} credits/hour)`,
      ),
    );
    expect(options.map((o) => o.disabled)).toEqual([false, false, true, true, true, true]);
    await user.selectOptions(tier, "2");
    await user.clear(name);
    await user.type(name, "Weather app");
    await user.selectOptions(screen.getByLabelText("Visibility"), "0");
    await user.click(screen.getByRole("button", { name: "Create Devbox" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/s/new123"));
    const fork = calls.find((c) => c.method === "POST" && c.url.pathname === "/api/v1/sandboxes/react/fork")!;
    expect(JSON.parse(String(fork.init?.body))).toEqual({
      title: "Weather app",
      team_id: TEAM_ID,
      collection_id: null,
      privacy: 0,
      v2: true,
    });
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.url.pathname).toBe("/api/v1/sandboxes/new123/vm_tier");
    expect(JSON.parse(String(patch.init?.body))).toEqual({ vm_tier: 2 });
    expect(screen.queryByRole("dialog", { name: "Create" })).toBeNull();
  });

  it("S2-8.017 S2-7.012 / a failed create shows the server's message as a toast, a limit without its code; nothing is opened", async () => {
    const user = userEvent.setup();
    const { router } = open(
      "/dashboard/recent?create=true",
      {},
      {
        rest: {
          "POST /api/v1/sandboxes/vue/fork": () =>
            failure(422, {
              errors: {
                detail: [
                  "SANDBOX_LIMIT: You have reached the maximum of 5 private Sandboxes in this workspace. Upgrade your plan to add more.",
                ],
              },
            }),
        },
      },
    );
    await user.click(await card(await section("Popular"), "vue"));
    const create = await screen.findByRole("button", { name: "Create Sandbox" });
    await waitFor(() =>
      expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("quiet-harbor"),
    );
    await user.click(create);
    expect(
      await screen.findByText(
        "You have reached the maximum of 5 private Sandboxes in this workspace. Upgrade your plan to add more.",
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe("/dashboard/recent");
    expect(screen.getByRole("form", { name: "Configure" })).toBeTruthy();
  });

  it("S1-2.029 S1-5.005 S2-4.001 S2-8.004 / create_sandbox={id} loads the sandbox to fork, then its config step; one that cannot be loaded returns to the template list", async () => {
    const user = userEvent.setup();
    open("/dashboard/recent?create_sandbox=weather1", {
      GetSandboxWithTemplate: ({ id }) => ({
        sandbox:
          id === "weather1"
            ? {
                id: "weather1",
                alias: "weather-weather1",
                title: "Weather",
                description: "Rain or shine",
                forkCount: 2,
                viewCount: 9,
                isV2: true,
                insertedAt: "2026-01-01T00:00:00Z",
                updatedAt: "2026-01-01T00:00:00Z",
                team: { name: "Forecasters" },
                source: { template: "node" },
                customTemplate: null,
              }
            : null,
      }),
    });
    const form = await screen.findByRole("form", { name: "Configure" });
    expect(within(form).getByRole("heading", { name: "Weather" })).toBeTruthy();
    expect(within(form).getByText(/Forecasters/)).toBeTruthy();
    // A devbox forks as a devbox only.
    const runtime = (await screen.findByLabelText("Runtime")) as HTMLSelectElement;
    expect(runtime.value).toBe("vm");
    expect([...runtime.options].find((o) => o.value === "browser")!.disabled).toBe(true);
    await user.click(within(form).getByRole("button", { name: "Back to templates" }));
    // /s and create_sandbox preselect the Browser runtime filter.
    await screen.findByRole("button", { name: "Browser", pressed: true });
    expect(await section("Results")).toBeTruthy();
  });

  it("S2-8.004 / a sandbox to fork that does not exist returns to the template list with a notice", async () => {
    open("/dashboard/recent?create_devbox=missing", { GetSandboxWithTemplate: () => ({ sandbox: null }) });
    await screen.findByText("We couldn't load that sandbox. Pick a template instead.");
    expect(await section("Results")).toBeTruthy();
  });

  it("S1-2.041 S1-2.089 / the top bar's Create and an empty folder's Create open the dialog, the folder preselected", async () => {
    const user = userEvent.setup();
    open("/dashboard/sandboxes/Projects", {
      SandboxesByPath: byPath([{ path: "/Projects" }], []),
      AllCollections: () => ({
        me: {
          id: USER.id,
          collections: [
            { id: "c-root", path: "/", sandboxCount: 0 },
            { id: "c-projects", path: "/Projects", sandboxCount: 0 },
          ],
        },
      }),
    });
    await screen.findByText("This folder is empty");
    const [topBar, tile] = screen.getAllByRole("button", { name: "Create" });
    await user.click(tile!);
    await user.click(await card(await section("Popular"), "svelte"));
    await waitFor(() =>
      expect((screen.getByLabelText("Folder") as HTMLSelectElement).value).toBe("c-projects"),
    );
    expect(
      [...(screen.getByLabelText("Folder") as HTMLSelectElement).options].map((o) => o.textContent),
    ).toEqual(["Drafts", "All folders", "Projects"]);
    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(topBar!);
    expect(await dialog()).toBeTruthy();
  });

  it("S2-2.007 / the dialog opens with the focus on itself: '/' focuses the search without typing a '/'; closing gives the focus back to Create", async () => {
    const user = userEvent.setup();
    open("/dashboard/recent");
    const create = await screen.findByRole("button", { name: "Create" });
    await user.click(create);
    const created = await dialog();
    await section("Popular");
    const search = screen.getByRole("searchbox", { name: "Search templates" }) as HTMLInputElement;
    expect(document.activeElement).toBe(created);
    await user.keyboard("/");
    expect(document.activeElement).toBe(search);
    expect(search.value).toBe("");
    await user.keyboard("vue");
    expect(search.value).toBe("vue");
    await user.keyboard("{Escape}");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(create));
  });

  it("S2-5.003 / while the VM tier list is empty the runtime select is disabled", async () => {
    const user = userEvent.setup();
    open(
      "/dashboard/recent?create=true",
      {},
      {
        rest: { "GET /api/v1/vm_tiers": () => failure(503, { errors: { detail: ["down"] } }) },
      },
    );
    await user.click(await card(await section("Popular"), "vue"));
    const runtime = (await screen.findByLabelText("Runtime")) as HTMLSelectElement;
    expect(runtime.disabled).toBe(true);
  });

  it("S2-6.012 / in a frozen workspace the create buttons are disabled, and the config step says why", async () => {
    const user = userEvent.setup();
    open("/dashboard/recent?create=true", {}, { frozen: true });
    await user.click(await card(await section("Popular"), "vue"));
    await screen.findByText("This workspace is frozen: forking into it is disabled.");
    expect((screen.getByRole("button", { name: "Create Sandbox" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("the create screen on its own page", () => {
  it("S2-2.003 S2-4.004 / /standalone/create reads the sandbox to fork and a privacy from the address (public, unlisted, private)", async () => {
    open("/standalone/create?sandbox=react&privacy=unlisted", {
      GetSandboxWithTemplate: () => ({
        sandbox: {
          id: "react",
          alias: "react",
          title: "React",
          description: null,
          forkCount: 0,
          viewCount: 0,
          isV2: false,
          insertedAt: "2024-01-01T00:00:00Z",
          updatedAt: "2024-01-01T00:00:00Z",
          team: null,
          source: { template: "react" },
          customTemplate: null,
        },
      }),
    });
    const form = await screen.findByRole("form", { name: "Configure" });
    expect(within(form).getByRole("heading", { name: "React" })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText("Visibility") as HTMLSelectElement).value).toBe("1"));
  });

  it("S2-2.010 / a meta- or ctrl-click on a card leaves it to the browser (a new tab) instead of selecting", async () => {
    open("/dashboard/recent?create=true");
    const react = await card(await section("Popular"), "react");
    for (const modifier of [{ metaKey: true }, { ctrlKey: true }]) {
      const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...modifier });
      react.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
    }
    expect(screen.queryByRole("form", { name: "Configure" })).toBeNull();
    const plain = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    react.dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(true);
    await screen.findByRole("form", { name: "Configure" });
  });
});
