import { MESSAGES } from "@boxyard/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeUser, renderApp } from "../../test/render.tsx";
import { failure, serveRoutes } from "../../test/rest-handlers.ts";
import { openModal, resetModals } from "../modals/modalStore.ts";

beforeEach(() => resetModals());
afterEach(() => {
  resetModals();
});

const info = (uploads: { id: string; name: string; objectSize: number }[]) => ({
  uploads: uploads.map((u) => ({ ...u, url: `http://localhost/api/v1/uploads/${u.id}` })),
  currentSize: uploads.reduce((n, u) => n + u.objectSize, 0),
  maxSize: 20 * 1024 * 1024 * 1024,
});

describe("Storage", () => {
  it("S2-3.009 / S1-3.035 / lists the files with used / total; uploads one", async () => {
    let files = [{ id: "f1", name: "logo.png", objectSize: 2048, url: "/uploads/f1" }];
    const calls = serveRoutes({
      "GET /api/v1/users/current_user/uploads": () => info(files),
      "POST /api/v1/users/current_user/uploads": (url) => {
        files = [
          { id: "f2", name: url.searchParams.get("name")!, objectSize: 5, url: "/uploads/f2" },
          ...files,
        ];
        return files[0]!;
      },
    });
    renderApp(<main />, { user: makeUser() });
    void openModal("storage");
    const dialog = await screen.findByRole("dialog", { name: "Storage" });
    await within(dialog).findByText("2.0 KB / 20 GB used");
    const file = new File(["hello"], "hello.txt", { type: "text/plain" });
    await userEvent.upload(within(dialog).getByLabelText("File to upload"), file);
    await within(dialog).findByRole("link", { name: "hello.txt" });
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.url.searchParams.get("name")).toBe("hello.txt");
    expect(new Headers(post.init?.headers).get("content-type")).toBe("text/plain");
  });

  it("S1-8.006 / S2-9.017 / a file over 5MB: 'File too large, upload limit is 5MB.'", async () => {
    serveRoutes({
      "GET /api/v1/users/current_user/uploads": () => info([]),
      "POST /api/v1/users/current_user/uploads": () => failure(413, "<html>Too large</html>"),
    });
    renderApp(<main />, { user: makeUser() });
    void openModal("storage");
    const dialog = await screen.findByRole("dialog", { name: "Storage" });
    await userEvent.upload(
      await within(dialog).findByLabelText("File to upload"),
      new File(["x"], "big.bin"),
    );
    await screen.findByText(MESSAGES.fileTooLarge);
  });

  it("S2-8.015 / load and delete failures: 'Unable to get uploaded files information', 'Unable to delete uploaded file'", async () => {
    let failLoad = true;
    serveRoutes({
      "GET /api/v1/users/current_user/uploads": () =>
        failLoad
          ? failure(500, { errors: { detail: ["down"] } })
          : info([{ id: "f1", name: "a.txt", objectSize: 1 }]),
      "DELETE /api/v1/users/current_user/uploads/f1": () => failure(500, { errors: { detail: ["down"] } }),
    });
    const first = renderApp(<main />, { user: makeUser() });
    void openModal("storage");
    await screen.findByText(MESSAGES.uploadsLoadFailed);
    first.unmount();
    resetModals();
    failLoad = false;
    renderApp(<main />, { user: makeUser() });
    void openModal("storage");
    const dialog = await screen.findByRole("dialog", { name: "Storage" });
    await userEvent.click(await within(dialog).findByRole("button", { name: "Delete a.txt" }));
    await waitFor(() => expect(screen.getByText(MESSAGES.uploadDeleteFailed)).toBeTruthy());
  });
});
