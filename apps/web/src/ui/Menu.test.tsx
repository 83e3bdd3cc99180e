import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Each test imports the menu afresh: Radix is not loaded yet, as on a page's first load.
let Menu: typeof import("./Menu.tsx");
beforeEach(async () => {
  vi.resetModules();
  Menu = await import("./Menu.tsx");
});

function Actions() {
  const { MenuContent, MenuItem, MenuRoot, MenuTrigger } = Menu;
  return (
    <MenuRoot>
      <MenuTrigger>Actions</MenuTrigger>
      <MenuContent>
        <MenuItem>Rename</MenuItem>
      </MenuContent>
    </MenuRoot>
  );
}

describe("menus load Radix when first used (issue 19, first load)", () => {
  it("a press before Radix is there opens the menu once it arrives", async () => {
    render(<Actions />);
    const trigger = screen.getByRole("button", { name: "Actions" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    // A press with no hover first (a touch): Radix is fetched now, and the menu opens when it is here.
    fireEvent.pointerDown(trigger, { button: 0, pointerType: "touch" });
    expect(await screen.findByRole("menuitem", { name: "Rename" })).toBeTruthy();
  });

  it("Enter on the focused trigger opens it too, and the focus stays on the page's trigger when it closes", async () => {
    const user = userEvent.setup();
    render(<Actions />);
    await user.tab();
    expect(document.activeElement?.textContent).toBe("Actions");
    await user.keyboard("{Enter}");
    await screen.findByRole("menuitem", { name: "Rename" });
    await user.keyboard("{Escape}");
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Actions" })),
    );
  });
});
