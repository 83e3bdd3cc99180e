import { afterEach, describe, expect, it, vi } from "vitest";
import { crashReportUrl, describeBrowser } from "./crashReport.ts";
import { ChunkLoadError, loadChunk } from "./lazyPage.ts";
import { createRedirectTarget } from "./redirects.tsx";
import { isInvalidWorkerResponse, isLocalhost } from "./serviceWorker.ts";
import { isCanceledRejection } from "./unhandledRejections.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("page pieces", () => {
  it("S1-8.027 / a piece that fails raises 'Loading chunk {name} failed' of type missing", async () => {
    const error = await loadChunk("dashboard", () =>
      Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).message).toBe("Loading chunk dashboard failed");
    expect((error as ChunkLoadError).type).toBe("missing");
    expect((error as ChunkLoadError).code).toBe("CHUNK_LOAD_FAILED");
  });

  it("S1-8.027 / a CSS piece failure raises code CSS_CHUNK_LOAD_FAILED", async () => {
    const error = await loadChunk("signin", () =>
      Promise.reject(new Error("Unable to preload CSS for /assets/a.css")),
    ).catch((e: unknown) => e);
    expect((error as ChunkLoadError).code).toBe("CSS_CHUNK_LOAD_FAILED");
  });

  it("S1-9.015 / a script piece times out after 120000 ms", async () => {
    vi.useFakeTimers();
    const pending = loadChunk("slow", () => new Promise(() => undefined)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ChunkLoadError;
    expect(error.type).toBe("timeout");
    expect(error.message).toBe("Loading chunk slow failed");
  });

  it("S1-1.005 / a piece that loads resolves with its module", async () => {
    await expect(loadChunk("ok", () => Promise.resolve({ Page: 1 }))).resolves.toEqual({ Page: 1 });
  });
});

describe("root redirects", () => {
  it("S1-2.003 / /s opens the create-sandbox dialog via the dashboard", () => {
    expect(createRedirectTarget("sandbox", true)).toBe("/dashboard/recent?create_sandbox=true");
  });

  it("S1-2.004 / /d opens the create-devbox dialog", () => {
    expect(createRedirectTarget("devbox", true)).toBe("/dashboard/recent?create_devbox=true");
  });

  it("S1-2.005 / /new opens the generic create dialog", () => {
    expect(createRedirectTarget("generic", true)).toBe("/dashboard/recent?create=true");
  });

  it("S1-2.023 / signed-out visitors going to /s or /new are sent to the public templates page", () => {
    expect(createRedirectTarget("sandbox", false)).toBe("/templates");
    expect(createRedirectTarget("generic", false)).toBe("/templates");
  });
});

describe("crash report", () => {
  const chromeOnMac =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Safari/537.36";

  it("S1-2.108 / reads browser, version and OS from the user agent", () => {
    expect(describeBrowser(chromeOnMac)).toEqual({
      browser: "Chrome",
      version: "126.0.6478.126",
      os: "macOS",
    });
    expect(describeBrowser("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")).toEqual(
      {
        browser: "Firefox",
        version: "128.0",
        os: "Linux",
      },
    );
  });

  it("S1-2.108 / prefills the issue form with browser, version, OS, route, error code and stack", () => {
    const error = Object.assign(new Error("kaboom"), { code: "CSS_CHUNK_LOAD_FAILED" });
    error.stack = "Error: kaboom\n    at Page (page.tsx:1:1)";
    const url = new URL(
      crashReportUrl({
        issueUrl: "https://github.com/boxyard/boxyard/issues/new",
        error,
        route: "/dashboard/recent",
        userAgent: chromeOnMac,
        appVersion: "0.1.0",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://github.com/boxyard/boxyard/issues/new");
    expect(url.searchParams.get("title")).toBe("Crash: kaboom");
    const body = url.searchParams.get("body") ?? "";
    for (const part of [
      "Browser: Chrome",
      "Version: 126.0.6478.126",
      "OS: macOS",
      "Route: /dashboard/recent",
      "Error code: CSS_CHUNK_LOAD_FAILED",
      "at Page (page.tsx:1:1)",
    ]) {
      expect(body).toContain(part);
    }
  });
});

describe("process-wide handlers", () => {
  it("S1-8.028 / unhandled 'Canceled' rejections are recognised to be silenced", () => {
    expect(isCanceledRejection("Canceled")).toBe(true);
    expect(isCanceledRejection(new Error("Canceled"))).toBe(true);
    expect(isCanceledRejection(new Error("Other"))).toBe(false);
    expect(isCanceledRejection(undefined)).toBe(false);
  });

  it("S1-4.031 / a worker file answering 404 or a non-script type counts as invalid", () => {
    expect(isInvalidWorkerResponse(404, "text/html")).toBe(true);
    expect(isInvalidWorkerResponse(200, "text/html; charset=utf-8")).toBe(true);
    expect(isInvalidWorkerResponse(200, "application/javascript; charset=utf-8")).toBe(false);
    expect(isLocalhost("localhost")).toBe(true);
    expect(isLocalhost("127.0.0.1")).toBe(true);
    expect(isLocalhost("boxyard.example.com")).toBe(false);
  });
});
