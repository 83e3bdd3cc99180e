import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { lazyPiece } from "./LazyPiece.tsx";

describe("a piece of the editor loaded on demand", () => {
  it("that fails to load says so in place with Try again, which loads it again", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let fail = true;
    const Piece = lazyPiece("test-piece", async () => {
      if (fail) throw new TypeError("Failed to fetch dynamically imported module");
      return ({ text }: { text: string }) => <p>{text}</p>;
    });
    render(
      <main>
        <p>Unsaved text stays</p>
        <Piece fallback={<span>Loading</span>} text="Loaded" />
      </main>,
    );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("could not be loaded");
    expect(screen.getByText("Unsaved text stays")).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByText("Loaded");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
