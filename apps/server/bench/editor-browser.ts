/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The editor in Debian's Chromium (issue 15, Targets): from navigation to /s/{id} of a sandbox of
 * 1,000 files to its first file's text painted in the code editor, with the JavaScript the page
 * loaded meanwhile; then typing in a 5,000-line file, with the long tasks (over 50 ms) meanwhile
 * (PerformanceObserver `longtask`). The server is the bench's own, serving the built web app.
 */
import { writeFileSync } from "node:fs";
import { chromium, type Page } from "playwright-core";

export const FIRST_FILE_TARGET_MS = 1000;
export const LONG_TASK_MS = 50;

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export type OpenFigures = {
  /** From navigation start to the first file's first line in the editor, painted. */
  firstFileMs: number;
  /** Every script the page loaded until then (its path under /static/js/). */
  scripts: string[];
  /** What the page waited for: each request with when it started and ended, after navigation start. */
  requests: { path: string; start: number; end: number }[];
};

type LongTask = { start: number; duration: number };
type Probe = { __longTasks: LongTask[] };

export type TypingFigures = {
  keys: number;
  /** The long tasks (over 50 ms) from the first key to 2.5 s after the last: when (ms after the first key) and how long. */
  longTasks: LongTask[];
  typingMs: number;
  /** From a key pressed to the next frame painted, per key: the slowest and the 95th percentile. */
  maxKeyMs: number;
  p95KeyMs: number;
};

async function signedInPage(baseUrl: string, sessionToken: string) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const url = new URL(baseUrl);
  await context.addCookies([
    { name: "boxyard_session", value: sessionToken, domain: url.hostname, path: "/" },
    { name: "boxyard_signed_in", value: "1", domain: url.hostname, path: "/" },
  ]);
  // tsx compiles functions with esbuild's keepNames, whose `__name` helper the page lacks.
  await context.addInitScript("globalThis.__name = (fn) => fn;");
  await context.addInitScript(() => {
    localStorage.setItem(
      "boxyard:cookie-consent",
      JSON.stringify({ analytical: false, marketing: false, decidedAt: new Date().toISOString() }),
    );
    performance.setResourceTimingBufferSize(100_000);
    const tasks: { start: number; duration: number }[] = [];
    Object.defineProperty(window, "__longTasks", { value: tasks });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  });
  return { browser, page: await context.newPage() };
}

/** Waits for `firstLine` in the code editor, and answers when (after navigation start) its frame was painted. */
function firstLinePainted(page: Page, firstLine: string) {
  return page.evaluate(
    (text) =>
      new Promise<number>((resolve) => {
        const shown = () =>
          [...document.querySelectorAll('[aria-label="Code editor"] .cm-line')].some(
            (line) => line.textContent === text,
          );
        const done = () => requestAnimationFrame(() => resolve(performance.now()));
        if (shown()) return done();
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          done();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
    firstLine,
  );
}

/** Opens /s/{id} twice (the first visit warms the server; each visit a fresh browser cache). */
export async function measureOpen(options: {
  baseUrl: string;
  sessionToken: string;
  sandboxId: string;
  firstLine: string;
}): Promise<OpenFigures & { warmFirstFileMs: number }> {
  const runs: OpenFigures[] = [];
  for (let run = 0; run < 2; run++) {
    const { browser, page } = await signedInPage(options.baseUrl, options.sessionToken);
    try {
      await page.goto(`${options.baseUrl}/s/${options.sandboxId}`, { waitUntil: "commit" });
      const firstFileMs = await firstLinePainted(page, options.firstLine);
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((e) => new URL(e.name).pathname)
          .filter((path) => path.startsWith("/static/js/")),
      );
      const requests = await page.evaluate(() =>
        performance.getEntriesByType("resource").map((e) => {
          const r = e as PerformanceResourceTiming;
          return {
            path: new URL(r.name).pathname,
            start: Math.round(r.startTime),
            end: Math.round(r.responseEnd),
          };
        }),
      );
      runs.push({ firstFileMs: Math.round(firstFileMs), scripts, requests });
    } finally {
      await browser.close();
    }
  }
  const [cold, measured] = runs as [OpenFigures, OpenFigures];
  return { ...measured, warmFirstFileMs: cold.firstFileMs };
}

/** Types `text` at the end of line `line` of the file shown, one key at a time at a person's pace. */
export async function measureTyping(options: {
  baseUrl: string;
  sessionToken: string;
  sandboxId: string;
  firstLine: string;
  text: string;
}): Promise<TypingFigures> {
  const { browser, page } = await signedInPage(options.baseUrl, options.sessionToken);
  try {
    await page.goto(`${options.baseUrl}/s/${options.sandboxId}`);
    await firstLinePainted(page, options.firstLine);
    const editor = page.getByRole("textbox", { name: "Code editor" });
    await editor.click();
    // To the middle of the file (Ctrl+End, then up), so the edit reparses and restyles a long document.
    await page.keyboard.press("Control+End");
    for (let i = 0; i < 5; i++) await page.keyboard.press("PageUp");
    await page.waitForTimeout(1500);
    await page.evaluate(() => ((window as unknown as Probe).__longTasks.length = 0));
    // BENCH_PROFILE=<file>: Chromium's CPU profile of the typing, for DevTools or a script.
    const profiler = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
    if (profiler) {
      await profiler.send("Profiler.enable");
      await profiler.send("Profiler.start");
    }
    const keyTimes: number[] = [];
    const typingStarted = await page.evaluate(() => performance.now());
    for (const key of options.text) {
      const started = await page.evaluate(() => performance.now());
      await page.keyboard.press(key === "\n" ? "Enter" : key);
      const painted = await page.evaluate(
        () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))),
      );
      keyTimes.push(painted - started);
      await page.waitForTimeout(60);
    }
    const typingMs = (await page.evaluate(() => performance.now())) - typingStarted;
    // The pause after typing: the autosave of the file and the drafts kept in the browser.
    await page.waitForTimeout(2500);
    if (profiler) {
      const { profile } = await profiler.send("Profiler.stop");
      writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
    }
    const longTasks = (await page.evaluate(() => (window as unknown as Probe).__longTasks))
      .filter((t) => t.duration > 50)
      .map((t) => ({ start: Math.round(t.start - typingStarted), duration: Math.round(t.duration) }));
    const sorted = [...keyTimes].sort((a, b) => a - b);
    return {
      keys: keyTimes.length,
      longTasks,
      typingMs: Math.round(typingMs),
      maxKeyMs: Math.round(sorted.at(-1) ?? 0),
      p95KeyMs: Math.round(sorted[Math.ceil(0.95 * sorted.length) - 1] ?? 0),
    };
  } finally {
    await browser.close();
  }
}
