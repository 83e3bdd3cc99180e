import { describe, expect, it, vi } from "vitest";
import {
  DASHBOARD_STATE,
  dismissBanner,
  isBannerDismissed,
  resetDashboardVisit,
  visitDashboard,
} from "./dashboardState.ts";
import { readStored, writeStored } from "./storage.ts";

describe("locally stored dashboard state", () => {
  it("S1-3.048 / S1-3.049 / view mode, selected workspace, hasVisited, dismissed banners and visit count are kept typed", () => {
    expect(readStored(DASHBOARD_STATE.viewMode)).toBe("grid");
    expect(readStored(DASHBOARD_STATE.selectedWorkspaceId)).toBeNull();
    expect(readStored(DASHBOARD_STATE.hasVisited)).toBe(false);
    expect(readStored(DASHBOARD_STATE.dismissedBanners)).toEqual([]);
    expect(readStored(DASHBOARD_STATE.dashboardVisits)).toBe(0);

    writeStored(DASHBOARD_STATE.viewMode, "list");
    writeStored(DASHBOARD_STATE.selectedWorkspaceId, "ws-1");
    writeStored(DASHBOARD_STATE.hasVisited, true);
    writeStored(DASHBOARD_STATE.dismissedBanners, ["pro-upsell:ws-1"]);
    writeStored(DASHBOARD_STATE.dashboardVisits, 3);
    expect(readStored(DASHBOARD_STATE.viewMode)).toBe("list");
    expect(readStored(DASHBOARD_STATE.selectedWorkspaceId)).toBe("ws-1");
    expect(readStored(DASHBOARD_STATE.hasVisited)).toBe(true);
    expect(readStored(DASHBOARD_STATE.dismissedBanners)).toEqual(["pro-upsell:ws-1"]);
    expect(readStored(DASHBOARD_STATE.dashboardVisits)).toBe(3);

    writeStored(DASHBOARD_STATE.selectedWorkspaceId, null);
    expect(window.localStorage.getItem(DASHBOARD_STATE.selectedWorkspaceId.key)).toBeNull();
  });

  it("S1-3.049 / S1-3.052 / a failed read, or a stored value of the wrong shape, falls back to the default and is logged", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    window.localStorage.setItem(DASHBOARD_STATE.viewMode.key, "mosaic");
    window.localStorage.setItem(DASHBOARD_STATE.dashboardVisits.key, "-2");
    window.localStorage.setItem(DASHBOARD_STATE.dismissedBanners.key, "{not json");
    window.localStorage.setItem(DASHBOARD_STATE.hasVisited.key, '"yes"');
    expect(readStored(DASHBOARD_STATE.viewMode)).toBe("grid");
    expect(readStored(DASHBOARD_STATE.dashboardVisits)).toBe(0);
    expect(readStored(DASHBOARD_STATE.dismissedBanners)).toEqual([]);
    expect(readStored(DASHBOARD_STATE.hasVisited)).toBe(false);
    expect(warn).toHaveBeenCalledTimes(4);

    warn.mockClear();
    // Storage blocked by the browser: reaching it throws.
    const storage = window.localStorage;
    Object.defineProperty(window, "localStorage", {
      configurable: true,
      get: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
    try {
      expect(readStored(DASHBOARD_STATE.viewMode)).toBe("grid");
      expect(readStored(DASHBOARD_STATE.selectedWorkspaceId)).toBeNull();
    } finally {
      Object.defineProperty(window, "localStorage", { configurable: true, value: storage });
    }
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("S1-3.049 / a page load counts one dashboard visit; the next load knows the dashboard was visited before", () => {
    expect(visitDashboard()).toEqual({ visitedBefore: false, visits: 1 });
    expect(visitDashboard()).toEqual({ visitedBefore: false, visits: 1 });
    expect(readStored(DASHBOARD_STATE.hasVisited)).toBe(true);
    resetDashboardVisit(); // a new page load
    expect(visitDashboard()).toEqual({ visitedBefore: true, visits: 2 });
    expect(readStored(DASHBOARD_STATE.dashboardVisits)).toBe(2);
  });

  it("S1-3.049 / a dismissed banner is remembered per workspace, the repository-permissions strip for all, without repeats", () => {
    dismissBanner("pro-upsell", "ws-1");
    dismissBanner("pro-upsell", "ws-1");
    expect(isBannerDismissed("pro-upsell", "ws-1")).toBe(true);
    expect(isBannerDismissed("pro-upsell", "ws-2")).toBe(false);
    expect(isBannerDismissed("usage-billing-welcome", "ws-1")).toBe(false);
    dismissBanner("repository-permissions", "ws-1");
    expect(isBannerDismissed("repository-permissions", "ws-2")).toBe(true);
    expect(readStored(DASHBOARD_STATE.dismissedBanners)).toEqual([
      "pro-upsell:ws-1",
      "repository-permissions",
    ]);
  });
});
