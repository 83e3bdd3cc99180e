import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ModalHost } from "../app/ModalHost.tsx";
import { confirm } from "../features/modals/confirm.ts";
import { byPath, sandbox, startDashboard } from "../features/sandbox-grid/testing.tsx";
import { Button } from "./Button.tsx";
import { MenuContent, MenuItem, MenuRoot, MenuTrigger } from "./Menu.tsx";
import { Modal } from "./Modal.tsx";

function LocalDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Share</Button>
      <Modal open={open} onOpenChange={setOpen} title="Share it">
        <input aria-label="E-mail" />
      </Modal>
    </>
  );
}

function MenuOpeningConfirm() {
  return (
    <MenuRoot>
      <MenuTrigger asChild>
        <Button>Actions</Button>
      </MenuTrigger>
      <MenuContent>
        <MenuItem onSelect={() => void confirm({ title: "Sure?", message: "Really." })}>Delete</MenuItem>
      </MenuContent>
    </MenuRoot>
  );
}

describe("closing a dialog returns focus to the control that opened it (issue 19)", () => {
  it("a dialog opened by a button gives the focus back to it on Escape and on Close", async () => {
    const user = userEvent.setup();
    render(<LocalDialog />);
    const opener = screen.getByRole("button", { name: "Share" });
    await user.click(opener);
    await screen.findByRole("dialog", { name: "Share it" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    await user.click(await screen.findByRole("button", { name: "Close" }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("a dialog opened from a menu item gives the focus back to the menu's button", async () => {
    const user = userEvent.setup();
    render(
      <>
        <MenuOpeningConfirm />
        <ModalHost />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Actions" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Sure?" });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    // The menu's code arrives with the first press, and its button is then Radix's own.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Actions" })));
  });

  it("a card's 'More actions' → 'Move to folder' → Escape: the focus is back on the list, on that card", async () => {
    const user = userEvent.setup();
    startDashboard("/dashboard/sandboxes", { SandboxesByPath: byPath([], [sandbox("a", { title: "A" })]) });
    const box = await screen.findByRole("listbox", {}, { timeout: 5000 });
    const more = within(box).getByTitle("More actions for A");
    await user.click(more);
    await user.click(await screen.findByRole("menuitem", { name: "Move to folder" }));
    await screen.findByRole("dialog", { name: "Move to folder" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(box));
  });
});
