import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter, Route, Routes, useNavigate } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { CodesadboxPage } from "../pages/crash/CodesadboxPage.tsx";
import { CrashPage } from "./CrashPage.tsx";
import { ErrorBoundary } from "./ErrorBoundary.tsx";

function Shell() {
  const navigate = useNavigate();
  const [path, setPath] = useState("/codesadbox");
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setPath("/fine");
          navigate("/fine");
        }}
      >
        leave
      </button>
      <ErrorBoundary
        resetKey={path}
        fallback={(error) => <CrashPage error={error} signedIn={false} route={path} />}
      >
        <Routes>
          <Route path="/codesadbox" element={<CodesadboxPage />} />
          <Route path="/fine" element={<p>All good</p>} />
        </Routes>
      </ErrorBoundary>
    </>
  );
}

describe("crash page", () => {
  it("S1-2.108 / titled 'Oh no! Something broke!' with 'Back to Home' for signed-out visitors", () => {
    render(<CrashPage error={new Error("kaboom")} signedIn={false} route="/x" />);
    expect(screen.getByRole("heading", { name: "Oh no! Something broke!" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    expect(screen.queryByRole("link", { name: "Go to Dashboard" })).toBeNull();
  });

  it("S1-2.108 / offers 'Go to Dashboard' to signed-in users", () => {
    render(<CrashPage error={new Error("kaboom")} signedIn route="/x" />);
    expect(screen.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe("/dashboard");
  });

  it("S1-2.108 / 'Report Crash' opens a prefilled issue form in a new tab", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const error = new Error("kaboom");
    render(<CrashPage error={error} signedIn={false} route="/dashboard/recent" />);
    await userEvent.click(screen.getByRole("button", { name: "Report Crash" }));
    expect(open).toHaveBeenCalledTimes(1);
    const [href, target] = open.mock.calls[0]!;
    const url = new URL(String(href));
    expect(url.href.startsWith("https://github.com/boxyard/boxyard/issues/new?")).toBe(true);
    expect(target).toBe("_blank");
    expect(url.searchParams.get("title")).toBe("Crash: kaboom");
    const body = url.searchParams.get("body") ?? "";
    expect(body).toContain("Route: /dashboard/recent");
    expect(body).toContain("Error code: Error");
    expect(body).toContain("Browser:");
    expect(body).toContain("OS:");
  });

  it("S1-2.015 / S1-8.028 / /codesadbox crashes into the crash page, logs the report, and resets on navigation", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);

    render(
      <MemoryRouter initialEntries={["/codesadbox"]}>
        <Shell />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Oh no! Something broke!" })).toBeTruthy();
    expect(log.mock.calls.some((call) => call[0] === "[crash report]")).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "leave" }));
    expect(screen.getByText("All good")).toBeTruthy();
  });
});
