import { act, render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PreviewConsole } from "./PreviewConsole.tsx";
import { PreviewPanel } from "./PreviewPanel.tsx";
import { changedFiles, PreviewBridge } from "./previewBridge.ts";
import { readPreviewMessage } from "./protocol.ts";
import { usePreview } from "./usePreview.ts";

const PREVIEW = "http://127.0.0.1:3001";

/** A stand-in for the iframe's window: what the editor posts to it. */
function fakeWindow() {
  const posted: { message: unknown; origin: string }[] = [];
  return { posted, postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) };
}

describe("the preview bridge", () => {
  it("issue 16 / sends every file when the preview is ready, then only what changed (null for a deleted file), to the preview origin only", () => {
    let files: Record<string, string> = { "src/App.jsx": "a", "index.html": "<div>" };
    const bridge = new PreviewBridge(PREVIEW, () => files);
    const target = fakeWindow();
    bridge.attach({ contentWindow: target as unknown as Window });
    bridge.sync();
    expect(target.posted).toEqual([]);
    bridge.ready();
    expect(target.posted[0]).toEqual({
      message: { type: "boxyard:files", version: 1, files },
      origin: PREVIEW,
    });
    bridge.sync();
    expect(target.posted).toHaveLength(1);
    files = { "src/App.jsx": "b", "src/new.css": "x" };
    bridge.sync();
    expect(target.posted[1]).toEqual({
      message: {
        type: "boxyard:update",
        version: 2,
        changed: { "src/App.jsx": "b", "src/new.css": "x", "index.html": null },
      },
      origin: PREVIEW,
    });
    expect(changedFiles({ a: "1" }, { a: "1" })).toEqual({});
  });

  it("issue 16 / reads only messages from its own iframe's window on the preview origin, and only well-formed ones", () => {
    const bridge = new PreviewBridge(PREVIEW, () => ({}));
    const target = fakeWindow() as unknown as Window;
    bridge.attach({ contentWindow: target });
    expect(bridge.owns(new MessageEvent("message", { origin: PREVIEW, source: target as never }))).toBe(true);
    expect(
      bridge.owns(new MessageEvent("message", { origin: "http://evil.test", source: target as never })),
    ).toBe(false);
    expect(bridge.owns(new MessageEvent("message", { origin: PREVIEW, source: window }))).toBe(false);
    expect(readPreviewMessage({ type: "boxyard:console", level: "log", text: "hi" })).toEqual({
      type: "boxyard:console",
      level: "log",
      text: "hi",
      source: undefined,
    });
    expect(readPreviewMessage({ type: "boxyard:console", level: "shout", text: "hi" })).toBeNull();
    expect(
      readPreviewMessage({ type: "boxyard:error", kind: "build", message: "x", source: { path: 1 } }),
    ).toBeNull();
    expect(readPreviewMessage("boxyard:ready")).toBeNull();
  });
});

/** The panel with the hook that drives it, as the editor uses them. */
function Harness({ onToggleConsole }: { onToggleConsole: () => void }) {
  const preview = usePreview({
    sandboxId: "abc123",
    previewUrl: PREVIEW,
    readFiles: () => ({ "index.html": "" }),
  });
  return (
    <PreviewPanel preview={preview} consoleOpen={false} onToggleConsole={onToggleConsole} errorCount={2} />
  );
}

describe("the preview panel", () => {
  it("issue 16 / shows the app from the preview origin, its address, reload and open in a new tab", async () => {
    const user = userEvent.setup();
    const onToggleConsole = vi.fn();
    render(<Harness onToggleConsole={onToggleConsole} />);
    const frame = screen.getByTitle("Preview") as HTMLIFrameElement;
    expect(frame.src).toBe(`${PREVIEW}/abc123/`);
    // happy-dom loads no frame: its window is a stand-in that records what the editor posts.
    const frameWindow = fakeWindow();
    Object.defineProperty(frame, "contentWindow", { value: frameWindow });
    const tabLink = () =>
      screen.getByRole("link", { name: "Open preview in a new tab" }).getAttribute("href");
    const address = () =>
      (screen.getByRole("textbox", { name: "Preview address" }) as HTMLInputElement).value;
    expect(tabLink()).toBe(`${PREVIEW}/abc123/`);
    expect(address()).toBe("/");
    await user.click(screen.getByRole("button", { name: "Show console" }));
    expect(onToggleConsole).toHaveBeenCalled();
    expect(screen.getByText("2")).toBeTruthy();

    // A location from the preview shows in the address bar and the new tab's link; from elsewhere, nothing.
    const from = (source: unknown, origin: string) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent("message", {
            origin,
            source: source as never,
            data: { type: "boxyard:location", path: "/about?x=1" },
          }),
        );
      });
    from(frameWindow, "http://evil.test");
    expect(address()).toBe("/");
    from(window, PREVIEW);
    expect(address()).toBe("/");
    from(frameWindow, PREVIEW);
    expect(address()).toBe("/about?x=1");
    expect(tabLink()).toBe(`${PREVIEW}/abc123/about?x=1`);
    // The preview is ready: it gets every file. The address bar navigates within the app.
    act(() => {
      window.dispatchEvent(
        new MessageEvent("message", {
          origin: PREVIEW,
          source: frameWindow as never,
          data: { type: "boxyard:ready" },
        }),
      );
    });
    expect(frameWindow.posted.at(-1)).toEqual({
      message: { type: "boxyard:files", version: 1, files: { "index.html": "" } },
      origin: PREVIEW,
    });
    await user.clear(screen.getByRole("textbox", { name: "Preview address" }));
    await user.type(screen.getByRole("textbox", { name: "Preview address" }), "/contact{Enter}");
    expect(frameWindow.posted.at(-1)).toEqual({
      message: { type: "boxyard:navigate", path: "/contact" },
      origin: PREVIEW,
    });
    // Reload: a fresh iframe at the same path.
    await user.click(screen.getByRole("button", { name: "Reload preview" }));
    expect((screen.getByTitle("Preview") as HTMLIFrameElement).src).toBe(`${PREVIEW}/abc123/contact`);
  });

  it("issue 16 / without a preview origin it says so instead of framing anything", () => {
    const { result } = renderHook(() =>
      usePreview({ sandboxId: "abc", previewUrl: null, readFiles: () => ({}) }),
    );
    render(
      <PreviewPanel preview={result.current} consoleOpen onToggleConsole={() => undefined} errorCount={0} />,
    );
    expect(screen.queryByTitle("Preview")).toBeNull();
    expect(screen.getByText("This installation has no preview origin configured.")).toBeTruthy();
  });
});

describe("the preview's console", () => {
  it("issue 16 / lists console output and uncaught errors with file:line; a click opens that line", async () => {
    const user = userEvent.setup();
    const onOpenSource = vi.fn();
    const onClear = vi.fn();
    render(
      <PreviewConsole
        entries={[
          { id: 1, level: "log", text: "rendered", source: { path: "src/App.jsx", line: 4, column: 3 } },
          { id: 2, level: "error", text: "boom is not defined", error: "runtime" },
        ]}
        onClear={onClear}
        onOpenSource={onOpenSource}
      />,
    );
    expect(screen.getByText("rendered")).toBeTruthy();
    expect(screen.getByText("Uncaught")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "src/App.jsx:4" }));
    expect(onOpenSource).toHaveBeenCalledWith({ path: "src/App.jsx", line: 4, column: 3 });
    await user.click(screen.getByRole("button", { name: "Clear console" }));
    expect(onClear).toHaveBeenCalled();
  });
});
