import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render.tsx";
import { serveRoutes } from "../../test/rest-handlers.ts";
import { PhewPage } from "../phew/PhewPage.tsx";
import { CommunitySearchPage } from "./CommunitySearchPage.tsx";

const result = (id: string, title: string) => ({
  id,
  alias: null,
  title,
  description: "A public one",
  updatedAt: new Date().toISOString(),
  viewCount: 1200,
  isV2: false,
  source: { template: "react" },
  author: { username: "ada" },
});

function page(route: string) {
  return renderApp(
    <Routes>
      <Route path="/search" element={<CommunitySearchPage />} />
      <Route path="/phew" element={<PhewPage />} />
    </Routes>,
    { route },
  );
}

describe("/search", () => {
  it("S1-2.012 / searches public sandboxes for the query parameter and pages on with 'Show more'", async () => {
    const calls = serveRoutes({
      "GET /api/v1/search/sandboxes": (url) =>
        url.searchParams.get("page") === "1"
          ? { sandboxes: [result("aaa111", "Marigold tracker")], hasMore: true }
          : { sandboxes: [result("bbb222", "Marigold map")], hasMore: false },
    });
    page("/search?query=marigold");
    const first = await screen.findByRole("link", { name: /Marigold tracker/ });
    expect(first.getAttribute("href")).toBe("/s/aaa111");
    expect(calls[0]!.url.searchParams.get("query")).toBe("marigold");
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    await screen.findByRole("link", { name: /Marigold map/ });
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("S1-2.012 / without a query it invites a search; typing searches after a pause; no match says so", async () => {
    const calls = serveRoutes({
      "GET /api/v1/search/sandboxes": () => ({ sandboxes: [], hasMore: false }),
    });
    page("/search");
    await screen.findByText("Search the community");
    await userEvent.type(screen.getByRole("searchbox", { name: "Search public sandboxes" }), "quokka");
    await screen.findByText("No public sandboxes match 'quokka'");
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url.searchParams.get("query")).toBe("quokka");
  });
});

describe("/phew", () => {
  it("S1-2.008 / warns about the phishing page it stopped and leads home", async () => {
    page("/phew");
    await screen.findByRole("heading", { name: "Phew, that was close" });
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  });
});
