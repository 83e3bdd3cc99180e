import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "./Toaster.tsx";
import { toast, toastLifetime } from "./toastStore.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("toasts", () => {
  it("S1-9.011 / a notification lives 3 s by default", () => {
    render(<Toaster />);
    act(() => {
      toast.info("Saved");
    });
    expect(screen.getByText("Saved")).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.queryByText("Saved")).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText("Saved")).toBeNull();
  });

  it("S1-9.011 / an error lives 6 s", () => {
    render(<Toaster />);
    act(() => {
      toast.error("There was a problem getting your sandboxes");
    });
    act(() => {
      vi.advanceTimersByTime(5999);
    });
    expect(screen.queryByText("There was a problem getting your sandboxes")).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText("There was a problem getting your sandboxes")).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText("There was a problem getting your sandboxes")).toBeNull();
  });

  it("S2-9.020 / S1-9.011 / a lifetime given in seconds lasts seconds times 1000 ms", () => {
    expect(toastLifetime({ seconds: 10 })).toBe(10_000);
    expect(toastLifetime({ seconds: 10, status: "error" })).toBe(10_000);
    render(<Toaster />);
    act(() => {
      toast.error("There was a problem updating your settings", { seconds: 10 });
    });
    act(() => {
      vi.advanceTimersByTime(9999);
    });
    expect(screen.queryByText("There was a problem updating your settings")).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText("There was a problem updating your settings")).toBeNull();
  });

  it("S1-8.010 / a sticky toast stays, and its action button runs and dismisses it", () => {
    const onClick = vi.fn();
    render(<Toaster />);
    act(() => {
      toast.info("Sorry, we had to sign you out. Please sign in again to continue.", {
        sticky: true,
        action: { label: "Sign in", onClick },
      });
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText("Sorry, we had to sign you out. Please sign in again to continue.")).toBeTruthy();
    act(() => {
      screen.getByRole("button", { name: "Sign in" }).click();
    });
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("Sorry, we had to sign you out. Please sign in again to continue.")).toBeNull();
  });
});
