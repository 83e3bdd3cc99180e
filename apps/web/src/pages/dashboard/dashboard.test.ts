import { describe, expect, it } from "vitest";
import { parseDashboardParams } from "./dashboardParams.ts";
import { dashboardRedirect } from "./dashboardRedirect.ts";

describe("dashboard redirects", () => {
  it("S1-2.058 / /dashboard/archive goes to deleted", () => {
    expect(dashboardRedirect("/dashboard/archive")).toBe("/dashboard/deleted");
  });

  it("S1-2.058 / /dashboard/home and /dashboard/always-on go to recent", () => {
    expect(dashboardRedirect("/dashboard/home")).toBe("/dashboard/recent");
    expect(dashboardRedirect("/dashboard/always-on")).toBe("/dashboard/recent");
  });

  it("S1-2.058 / /dashboard/all/{path*} goes to sandboxes/{path*}", () => {
    expect(dashboardRedirect("/dashboard/all")).toBe("/dashboard/sandboxes");
    expect(dashboardRedirect("/dashboard/all/design/icons")).toBe("/dashboard/sandboxes/design/icons");
  });

  it("S1-2.058 / anything else goes to recent, keeping the query", () => {
    expect(dashboardRedirect("/dashboard/nope/deeper", "?workspace=w1&create=true")).toBe(
      "/dashboard/recent?workspace=w1&create=true",
    );
    expect(dashboardRedirect("/dashboard/archive", "?x=1")).toBe("/dashboard/deleted?x=1");
    expect(dashboardRedirect("/dashboard")).toBe("/dashboard/recent");
  });
});

describe("dashboard query parameters", () => {
  it("S1-2.027 / workspace={id} sets the active workspace and is removed", () => {
    const { intent, remaining, consumed } = parseDashboardParams("?workspace=w1&query=keep");
    expect(intent.workspaceId).toBe("w1");
    expect(consumed).toBe(true);
    expect(remaining).toBe("?query=keep");
  });

  it("S1-2.028 / S1-5.005 / import_repo must be owner/name, otherwise no prefill", () => {
    expect(parseDashboardParams("?import_repo=boxyard/web").intent.importRepo).toEqual({
      prefill: { owner: "boxyard", name: "web" },
    });
    expect(parseDashboardParams("?import_repo=not-a-repo").intent.importRepo).toEqual({ prefill: null });
  });

  it("S1-2.029 / S1-5.005 / create_sandbox, create_devbox (true or an id to fork) and create=true", () => {
    expect(parseDashboardParams("?create_sandbox=true").intent.create).toEqual({
      kind: "sandbox",
      forkSandboxId: null,
    });
    expect(parseDashboardParams("?create_devbox=abc123").intent.create).toEqual({
      kind: "devbox",
      forkSandboxId: "abc123",
    });
    expect(parseDashboardParams("?create=true").intent.create).toEqual({
      kind: "generic",
      forkSandboxId: null,
    });
    expect(parseDashboardParams("?create=false").intent.create).toBeNull();
  });

  it("S1-2.030 / preferences={item} is read and removed", () => {
    const { intent, remaining } = parseDashboardParams("?preferences=account");
    expect(intent.preferences).toBe("account");
    expect(remaining).toBe("");
  });

  it("S1-2.026 / leaves a URL without those parameters untouched", () => {
    expect(parseDashboardParams("?query=react").consumed).toBe(false);
  });
});
