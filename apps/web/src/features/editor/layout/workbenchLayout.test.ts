import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PANE_LIMITS, readLayout, useWorkbenchLayout } from "./workbenchLayout.ts";

describe("the editor's layout", () => {
  it("pane sizes and whether they are open are remembered per person, within their limits", () => {
    const { result, unmount } = renderHook(() => useWorkbenchLayout("u1"));
    act(() => result.current.setPane("side", { size: 320 }));
    act(() => result.current.setPane("aside", { open: false }));
    act(() => result.current.setPane("bottom", { size: 10_000 }));
    act(() => result.current.showSideView("search"));
    unmount();
    expect(readLayout("u1")).toMatchObject({
      side: { size: 320, open: true },
      aside: { open: false },
      bottom: { size: PANE_LIMITS.bottom.max },
      sideView: "search",
    });
    // Someone else on this browser has their own.
    expect(readLayout("u2").side.size).toBe(240);
  });

  it("showing the view already shown closes the side pane; a broken stored value falls back to the defaults", () => {
    const { result } = renderHook(() => useWorkbenchLayout("u3"));
    act(() => result.current.showSideView("files"));
    expect(result.current.layout.side.open).toBe(false);
    window.localStorage.setItem("boxyard:editor-layout:u4", "{nope");
    expect(readLayout("u4").side).toEqual({ size: 240, open: true });
  });
});
