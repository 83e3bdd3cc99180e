import { ACCOUNT_MESSAGES } from "@boxyard/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Profile, ProfileSandbox } from "../../api/rest-types.ts";
import { resetModals } from "../../features/modals/modalStore.ts";
import { makeUser, renderApp } from "../../test/render.tsx";
import { failure, serveRoutes } from "../../test/rest-handlers.ts";
import { ProfilePage } from "./ProfilePage.tsx";
import { applyPinChange } from "./usePins.ts";

beforeEach(() => resetModals());
afterEach(() => {
  resetModals();
});

const owner = makeUser();
const sandbox = (id: string, privacy = 0, extra: Partial<ProfileSandbox> = {}): ProfileSandbox => ({
  id,
  alias: id,
  title: `Sandbox ${id}`,
  description: null,
  privacy,
  isV2: false,
  draft: false,
  viewCount: 3,
  likeCount: 1,
  forkCount: 0,
  source: { template: "react" },
  updatedAt: new Date().toISOString(),
  insertedAt: new Date().toISOString(),
  removedAt: null,
  author: { username: owner.username },
  collection: { id: "c1", path: "/" },
  ...extra,
});

const profile = (overrides: Partial<Profile> = {}): Profile => ({
  id: owner.id,
  username: owner.username,
  name: "Ada Lovelace",
  avatarUrl: null,
  bio: "Writes programs.",
  socialLinks: ["https://example.test/ada"],
  insertedAt: owner.insertedAt,
  featuredSandboxes: ["p1"],
  showcasedSandboxShortid: null,
  sandboxCount: 3,
  pinnedSandboxes: [sandbox("p1")],
  showcasedSandbox: null,
  ...overrides,
});

const page = (route = `/u/${owner.username}`, user: ReturnType<typeof makeUser> | null = null) =>
  renderApp(
    <Routes>
      <Route path="/u/:username" element={<ProfilePage />} />
      <Route path="/u2/:username" element={<ProfilePage />} />
    </Routes>,
    { route, user },
  );

describe("the profile page", () => {
  it("S1-2.011 / S2-2.029 / shows the header, pinned sandboxes and the sandboxes, to anyone; /u2 too", async () => {
    const calls = serveRoutes({
      "GET /api/v1/users/:username": () => profile(),
      "GET /api/v1/users/:username/sandboxes": (url) => ({
        [url.searchParams.get("page")!]: [sandbox("p1"), sandbox("s2")],
      }),
    });
    page(`/u2/${owner.username}`);
    await screen.findByRole("heading", { level: 1, name: "Ada Lovelace" });
    expect(screen.getByText("Writes programs.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "example.test/ada" })).toBeTruthy();
    const pinned = screen.getByRole("list", { name: "Pinned sandboxes" });
    expect(within(pinned).getByRole("article", { name: "Sandbox p1" })).toBeTruthy();
    await screen.findByRole("article", { name: "Sandbox s2" });
    const list = calls.find((c) => c.url.pathname.endsWith("/sandboxes"))!;
    expect(list.url.searchParams.get("sort_by")).toBe("view_count");
    expect(list.url.searchParams.get("direction")).toBe("desc");
    // Visitors get no owner actions.
    expect(screen.queryByRole("button", { name: "Pin" })).toBeNull();
  });

  it("S1-2.011 / an unknown user shows the not-found page", async () => {
    serveRoutes({ "GET /api/v1/users/nobody": () => failure(404, { errors: { detail: ["Not found."] } }) });
    page("/u/nobody");
    await screen.findByRole("heading", { level: 1, name: "Whoops, page not found" });
  });

  it("S2-2.029 / S2-5.006 / the owner: private sandboxes are dimmed with the reason and cannot be pinned", async () => {
    serveRoutes({
      "GET /api/v1/users/:username": () => profile({ featuredSandboxes: [], pinnedSandboxes: [] }),
      "GET /api/v1/users/:username/sandboxes": () => ({ 1: [sandbox("pub"), sandbox("priv", 2)] }),
    });
    page(`/u/${owner.username}`, owner);
    const priv = await screen.findByRole("article", { name: "Sandbox priv" });
    expect(within(priv).getByText(ACCOUNT_MESSAGES.cannotFeature)).toBeTruthy();
    expect(within(priv).queryByRole("button", { name: "Pin" })).toBeNull();
    expect(
      within(screen.getByRole("article", { name: "Sandbox pub" })).getByRole("button", { name: "Pin" }),
    ).toBeTruthy();
  });

  it("S2-4.015 / S2-8.014 / a pin shows at once and is rolled back with the message when the server refuses", async () => {
    let answer: "ok" | "fail" = "fail";
    const calls = serveRoutes({
      "GET /api/v1/users/:username": () => profile({ featuredSandboxes: [], pinnedSandboxes: [] }),
      "GET /api/v1/users/:username/sandboxes": () => ({ 1: [sandbox("pub")] }),
      "PATCH /api/v1/users/:username": () =>
        answer === "ok"
          ? profile({ featuredSandboxes: ["pub"], pinnedSandboxes: [sandbox("pub")] })
          : failure(422, { errors: { featuredSandboxes: [ACCOUNT_MESSAGES.onlyPublicFeatured] } }),
    });
    page(`/u/${owner.username}`, owner);
    const card = await screen.findByRole("article", { name: "Sandbox pub" });
    await userEvent.click(within(card).getByRole("button", { name: "Pin" }));
    await screen.findByText(new RegExp(ACCOUNT_MESSAGES.pinFailed));
    await waitFor(() => expect(screen.queryByRole("list", { name: "Pinned sandboxes" })).toBeNull());
    const sent = JSON.parse(String(calls.find((c) => c.method === "PATCH")!.init?.body));
    expect(sent).toEqual({ user: { featured_sandboxes: ["pub"] } });

    answer = "ok";
    await userEvent.click(
      within(screen.getByRole("article", { name: "Sandbox pub" })).getByRole("button", { name: "Pin" }),
    );
    const pinned = await screen.findByRole("list", { name: "Pinned sandboxes" });
    expect(within(pinned).getByRole("article", { name: "Sandbox pub" })).toBeTruthy();
  });

  it("S2-2.029 / applying a change: pins keep the given order; the showcase is set or cleared", () => {
    const base = profile();
    const two = applyPinChange(base, {
      kind: "pins",
      sandboxes: [sandbox("b"), sandbox("a")],
      failure: "reorder",
    });
    expect(two.featuredSandboxes).toEqual(["b", "a"]);
    const shown = applyPinChange(base, { kind: "showcase", sandbox: sandbox("s") });
    expect(shown.showcasedSandboxShortid).toBe("s");
    expect(applyPinChange(shown, { kind: "showcase", sandbox: null }).showcasedSandbox).toBeNull();
  });
});
