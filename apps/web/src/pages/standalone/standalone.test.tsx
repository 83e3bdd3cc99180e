// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { OFFICIAL_TEMPLATES, VM_TIERS } from "@boxyard/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { metaKeys } from "../../api/queries/meta.ts";
import { routes } from "../../app/routes.tsx";
import { SessionProvider } from "../../features/session/SessionProvider.tsx";
import { serveOperations } from "../../test/graphql-handlers.ts";
import { ALL_FEATURES, createTestQueryClient } from "../../test/render.tsx";
import { serveRoutes } from "../../test/rest-handlers.ts";
import { findEmbedder, sandboxCreatedMessage } from "./embedder.ts";
import { parseRepoFilesRequest } from "./repoFiles.ts";

/** The app's routes for a signed-out visitor. */
function visit(path: string) {
  const client = createTestQueryClient();
  client.setQueryData(metaKeys.features, ALL_FEATURES);
  serveRoutes({
    "GET /api/v1/sandboxes/generate_title": () => ({ title: "brave-river" }),
    "GET /api/v1/sandboxes/templates/official": () => [
      {
        sandboxes: OFFICIAL_TEMPLATES.map((t) => ({
          id: t.id,
          title: t.title,
          v2: t.runtime === "server",
          tags: t.tags,
        })),
      },
    ],
    "GET /api/v1/vm_tiers": () => ({ vmTiers: [...VM_TIERS] }),
  });
  serveOperations({
    // A visitor: no one is signed in.
    AllTeams: () => ({ me: null }),
    GetSandboxWithTemplate: ({ id }) =>
      id === "react"
        ? {
            sandbox: {
              id: "react",
              alias: "react",
              title: "React",
              description: "React with Vite",
              forkCount: 0,
              viewCount: 0,
              isV2: false,
              insertedAt: "2024-01-01T00:00:00Z",
              updatedAt: "2024-01-01T00:00:00Z",
              team: null,
              source: { template: "react" },
              customTemplate: null,
            },
          }
        : { sandbox: null },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe("standalone screens", () => {
  it("S2-2.002 / an unknown component id shows the not-found page", async () => {
    for (const id of ["nope", "editor"]) {
      const router = visit(`/standalone/${id}`);
      await screen.findByRole("heading", { name: "Whoops, page not found" });
      expect(router.state.location.pathname).toBe(`/standalone/${id}`);
      router.dispose();
      document.body.innerHTML = "";
    }
  });

  it("S1-2.016 S2-2.002 / preferences shows the preferences on their own, on the tab the query names", async () => {
    visit("/standalone/preferences?tab=experiments");
    const tab = await screen.findByRole("tab", { name: "Experiments" });
    expect(tab.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tab", { name: "Account" }).getAttribute("aria-selected")).toBe("false");
    expect(screen.getByRole("tabpanel", { name: "Experiments" })).toBeTruthy();
  });

  it("S1-2.016 / S2-2.002 / S2-2.014 / S2-4.002 / import is the import screen; signed out, it asks to sign in first", async () => {
    visit("/standalone/import?import_repo=acme/rocket");
    await screen.findByRole("heading", { name: "Sign in to import repositories" });
    expect(screen.getByRole("button", { name: "Sign in with GitHub" })).toBeTruthy();
  });

  it("S2-2.003 S2-2.013 S2-6.001 / create reads the sandbox to fork; a signed-out visitor sees 'Sign in to create Sandbox', which leads to sign-in and back", async () => {
    const user = userEvent.setup();
    const router = visit("/standalone/create?sandbox=react");
    await screen.findByRole("heading", { name: "React" });
    const signIn = await screen.findByRole("button", { name: "Sign in to create Sandbox" });
    // Signed out, the workspace, folder and visibility are not asked for.
    expect(screen.queryByLabelText("Workspace")).toBeNull();
    await user.selectOptions(await screen.findByLabelText("Runtime"), "vm");
    expect(screen.getByRole("button", { name: "Sign in to create Devbox" })).toBe(signIn);
    await user.click(signIn);
    await waitFor(() => expect(router.state.location.pathname).toBe("/signin"));
    expect(new URLSearchParams(router.state.location.search).get("continue")).toBe(
      "/standalone/create?sandbox=react",
    );
  });

  it("S1-2.098 S2-2.010 S2-6.001 / signed out, the public bar's Create opens the dialog; a template goes straight to its page", async () => {
    const user = userEvent.setup();
    const router = visit("/templates");
    await user.click(await screen.findByRole("button", { name: "Create" }));
    await screen.findByRole("dialog", { name: "Create" });
    // Signed out: no 'Recently used'.
    await screen.findByRole("region", { name: "Popular" });
    expect(screen.queryByRole("region", { name: "Recently used" })).toBeNull();
    const vue = await waitFor(() => {
      const link = screen.getAllByRole("link").find((a) => a.getAttribute("href") === "/s/vue");
      expect(link).toBeTruthy();
      return link!;
    });
    await user.click(vue);
    await waitFor(() => expect(router.state.location.pathname).toBe("/s/vue"));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Create" })).toBeNull());
  });
});

describe("the create-repo-files message", () => {
  it("S2-2.004 / takes the files as a map or a list, without leading slashes, parsed JSON written back as text, with the optional fields", () => {
    const map = parseRepoFilesRequest({
      type: "create-repo-files",
      sandbox: {
        title: "From the repo",
        privacy: "unlisted",
        v2: true,
        template: "node",
        teamId: "t1",
        files: {
          "/package.json": { content: { name: "x" } },
          "src/index.js": { content: "console.log(1)" },
          "logo.png": { content: "https://example.test/logo.png", isBinary: true },
        },
      },
    });
    expect(map).toEqual({
      ok: true,
      body: {
        title: "From the repo",
        teamId: "t1",
        template: "node",
        privacy: 1,
        v2: true,
        files: [
          { path: "package.json", code: '{\n  "name": "x"\n}', isBinary: false },
          { path: "src/index.js", code: "console.log(1)", isBinary: false },
          { path: "logo.png", code: "https://example.test/logo.png", isBinary: true },
        ],
      },
    });
    const list = parseRepoFilesRequest({
      sandbox: { privacy: 0, files: [{ path: "a.txt", code: "hi" }] },
    });
    expect(list).toEqual({
      ok: true,
      body: { privacy: 0, files: [{ path: "a.txt", code: "hi", isBinary: false }] },
    });
  });

  it("S2-2.004 S2-8.005 / a message without a sandbox, without files, or with a file without content is refused with a reason", () => {
    expect(parseRepoFilesRequest({ type: "create-repo-files" })).toEqual({
      ok: false,
      reason: "The message carries no sandbox.",
    });
    expect(parseRepoFilesRequest({ sandbox: { files: {} } })).toEqual({
      ok: false,
      reason: "The sandbox has no files.",
    });
    expect(parseRepoFilesRequest({ sandbox: { files: { "a.js": { content: 3 } } } })).toEqual({
      ok: false,
      reason: "The file 'a.js' has no path or no content.",
    });
  });
});

describe("the embedding page", () => {
  const own = "https://boxyard.example.test";
  type Fake = { location: { origin: string } };
  const fake = (over: Record<string, unknown>) =>
    ({
      location: { origin: own, ancestorOrigins: undefined },
      document: { referrer: "" },
      ...over,
    }) as unknown as Window;
  const crossOrigin = {
    get location(): Fake["location"] {
      throw new DOMException("Blocked", "SecurityError");
    },
  };

  it("S2-2.003 S2-2.004 / messages go to the embedding page's origin only: a same-origin parent or opener, a cross-origin frame by the origin the browser names, never an unverifiable opener", () => {
    const parent = { location: { origin: own } };
    const self = fake({});
    (self as unknown as { parent: Window }).parent = self;
    expect(findEmbedder(self)).toBeNull();

    const framed = fake({ parent });
    expect(findEmbedder(framed)).toEqual({ target: parent, origin: own });

    const foreignFrame = fake({
      parent: crossOrigin,
      location: { origin: own, ancestorOrigins: ["https://preview.example.test"] },
    });
    expect(findEmbedder(foreignFrame)).toEqual({
      target: crossOrigin,
      origin: "https://preview.example.test",
    });
    const byReferrer = fake({
      parent: crossOrigin,
      document: { referrer: "https://docs.example.test/page?x=1" },
    });
    expect(findEmbedder(byReferrer)?.origin).toBe("https://docs.example.test");
    expect(findEmbedder(fake({ parent: crossOrigin }))).toBeNull();

    const popup = fake({ opener: parent });
    (popup as unknown as { parent: Window }).parent = popup;
    expect(findEmbedder(popup)).toEqual({ target: parent, origin: own });
    const foreignPopup = fake({ opener: crossOrigin });
    (foreignPopup as unknown as { parent: Window }).parent = foreignPopup;
    expect(findEmbedder(foreignPopup)).toBeNull();
  });

  it("S2-2.003 / the created message is {type: 'sandbox-created', id, alias, url}", () => {
    expect(sandboxCreatedMessage({ id: "abc123", alias: "weather-abc123" }, own)).toEqual({
      type: "sandbox-created",
      id: "abc123",
      alias: "weather-abc123",
      url: `${own}/s/abc123`,
    });
  });
});
