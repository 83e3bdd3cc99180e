import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, renderApp } from "../../test/render.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";

describe("not-found page", () => {
  it("S1-2.107 / S1-8.030 / shows the texts and 'Go to Homepage' to signed-out visitors", () => {
    renderApp(<NotFoundPage />, { route: "/nope" });
    expect(screen.getByRole("heading", { name: "Whoops, page not found" })).toBeTruthy();
    expect(screen.getByText("We can't seem to find the page you're looking for")).toBeTruthy();
    const link = screen.getByRole("link", { name: "Go to Homepage" });
    expect(link.getAttribute("href")).toBe("/");
  });

  it("S1-2.107 / offers 'Go to Dashboard' when logged in", () => {
    renderApp(<NotFoundPage />, { route: "/nope", user: makeUser() });
    expect(screen.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.queryByRole("link", { name: "Go to Homepage" })).toBeNull();
  });
});
