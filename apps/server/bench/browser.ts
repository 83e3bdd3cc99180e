/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The dashboard in Debian's Chromium (issue 3, Performance): from a click on a folder of 10,000
 * sandboxes in the sidebar to its first card painted, then the long tasks (over 50 ms) while the
 * grid is scrolled from top to bottom. The server is the bench's own, serving the built web app.
 */
import { chromium } from "playwright-core";

export const FIRST_CARD_TARGET_MS = 800;
export const LONG_TASK_MS = 50;

export type BrowserFigures = {
  firstCardMs: number;
  /** From the click to the folder's first screen received (FolderFirstSandboxes). */
  firstAnswerMs: number;
  /** From the click to the whole folder received (the last page of SandboxesByPath). */
  answerMs: number;
  longTasks: number[];
  scrolledRows: number;
};

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function measureBrowser(options: {
  baseUrl: string;
  sessionToken: string;
  workspaceId: string;
  folderPath: string;
  /** Another folder, opened first. */
  warmFolderPath: string;
}): Promise<BrowserFigures> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const url = new URL(options.baseUrl);
    await context.addCookies([
      { name: "boxyard_session", value: options.sessionToken, domain: url.hostname, path: "/" },
      { name: "boxyard_signed_in", value: "1", domain: url.hostname, path: "/" },
    ]);
    // tsx compiles functions with esbuild's keepNames, whose `__name` helper the page lacks.
    await context.addInitScript("globalThis.__name = (fn) => fn;");
    await context.addInitScript(
      ([workspaceId]) => {
        localStorage.setItem("boxyard:selected-workspace", workspaceId!);
        localStorage.setItem(
          "boxyard:cookie-consent",
          JSON.stringify({ analytical: false, marketing: false, decidedAt: new Date().toISOString() }),
        );
        // Every request's timing is kept (the default keeps the page's first 250).
        performance.setResourceTimingBufferSize(100_000);
        const tasks: number[] = [];
        Object.defineProperty(window, "__longTasks", { value: tasks });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push(entry.duration);
        }).observe({ type: "longtask", buffered: true });
      },
      [options.workspaceId],
    );
    const page = await context.newPage();
    const folderUrl = (path: string) =>
      `${options.baseUrl}/dashboard/sandboxes${path.split("/").map(encodeURIComponent).join("/")}`;
    await page.goto(folderUrl(options.warmFolderPath));
    await page.locator('main [role="option"]').first().waitFor();
    await page.waitForLoadState("networkidle");
    // A page with no cards of its own, so the first card seen is the folder's.
    await page.goto(`${options.baseUrl}/dashboard/shared`);
    const name = options.folderPath.split("/").pop()!;
    const link = page
      .getByRole("navigation", { name: "Dashboard navigation" })
      .getByRole("link", { name, exact: true });
    await link.waitFor();
    await page.waitForLoadState("networkidle");

    // The folder loads in pages: it is whole when a page comes back shorter than asked.
    const wholeFolder = new Promise<void>((resolve) => {
      page.on("response", async (response) => {
        const asked = response.request().postDataJSON() as {
          operationName?: string;
          variables?: { limit?: number };
        } | null;
        if (asked?.operationName !== "SandboxesByPath" || !response.url().includes("/api/graphql")) return;
        const answer = (await response.json()) as {
          data?: { me?: { collection?: { sandboxes?: unknown[] } | null } | null };
        };
        const got = answer.data?.me?.collection?.sandboxes?.length ?? 0;
        if (asked.variables?.limit === undefined || got < asked.variables.limit) resolve();
      });
    });
    const { firstCardMs, started } = await page.evaluate(
      (folderName) =>
        new Promise<{ firstCardMs: number; started: number }>((resolve) => {
          const started = performance.now();
          const painted = () =>
            requestAnimationFrame(() => resolve({ firstCardMs: performance.now() - started, started }));
          const observer = new MutationObserver(() => {
            if (document.querySelector('main [role="option"]')) {
              observer.disconnect();
              painted();
            }
          });
          observer.observe(document.body, { childList: true, subtree: true });
          const target = [...document.querySelectorAll('nav[aria-label="Dashboard navigation"] a')].find(
            (a) => a.textContent?.trim() === folderName,
          );
          (target as HTMLElement).click();
        }),
      name,
    );

    // The whole folder, then the answers' times: the first screen's and the folder's.
    await wholeFolder;
    await page.waitForTimeout(100);
    const answers = await page.evaluate(
      (since) =>
        performance
          .getEntriesByType("resource")
          .filter((e) => e.name.includes("/api/graphql") && e.startTime >= since)
          .map((e) => (e as PerformanceResourceTiming).responseEnd - since),
      started,
    );

    // Scroll the whole grid with the wheel, as a person would, and collect the long tasks meanwhile.
    await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks.length = 0));
    const grid = page.locator('main [role="listbox"]').first();
    await grid.hover();
    let scrolledRows = 0; // wheel steps until the end of the grid
    for (let step = 0; step < 1000; step++) {
      await page.mouse.wheel(0, 900);
      await page.waitForTimeout(16);
      const atBottom = await grid.evaluate((el) => {
        const scroller = el.closest("main")!; // the grid scrolls with the page's main area
        return scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
      });
      scrolledRows = step + 1;
      if (atBottom) break;
    }
    await page.waitForTimeout(200);
    const longTasks = await page.evaluate(() =>
      (window as unknown as { __longTasks: number[] }).__longTasks.filter((d) => d > 50),
    );
    return {
      firstCardMs: Math.round(firstCardMs),
      firstAnswerMs: Math.round(Math.min(...answers)),
      answerMs: Math.round(Math.max(...answers)),
      longTasks,
      scrolledRows,
    };
  } finally {
    await browser.close();
  }
}
