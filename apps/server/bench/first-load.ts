/// <reference lib="dom" />
/**
 * First load (issue 19): a signed-in visitor with a cold cache opens /dashboard/recent of the demo
 * data (`npm run seed -- --demo`) in Chromium, on localhost and on a link throttled to 1.6 Mbps with
 * 150 ms round trips. Measured: the compressed JS transferred and the time to the first card.
 * The baseline, measured in the same run and the same browser, is the least a page can do for the
 * same card: a bare Fastify server sends one small HTML page whose inline script asks the same
 * service (recentlyAccessed) for the same rows through the same pool and paints the first one.
 * `npm run bench` runs it (BENCH_PARTS=firstload alone).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import { type Browser, type CDPSession, chromium, type Page } from "playwright-core";
import { seedDemo } from "../scripts/seed.ts";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { createSession, resolveSession } from "../src/modules/auth/sessions.service.ts";
import { recentlyAccessed } from "../src/modules/recent/recent.service.ts";
import { runQuery } from "../src/service/context.ts";

export const JS_TARGET_BYTES = 150 * 1024;
export const FIRST_CARD_LOCAL_TARGET_MS = 600;
export const FIRST_CARD_THROTTLED_TARGET_MS = 2500;
/** 1.6 Mbps down, 750 kbps up, 150 ms round trips: Lighthouse's "slow 4G". */
const THROTTLED = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const RUNS = Number(process.env.BENCH_FIRST_LOAD_RUNS ?? 3);

const migrations = fileURLToPath(new URL("../src/db/migrations/", import.meta.url));
const webDist = fileURLToPath(new URL("../../web/dist/", import.meta.url));

const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"];
const CARD = 'main [role="option"]';

type Visit = { firstCardMs: number; jsBytes: number; jsFiles: number };

/** The baseline page: one request for the rows, the first painted as a card. */
const BASELINE_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>baseline</title></head>
<body><main></main><script>
fetch("/recent").then((r) => r.json()).then((rows) => {
  const card = document.createElement("div");
  card.setAttribute("role", "option");
  card.textContent = rows[0] ? rows[0].title : "none";
  document.querySelector("main").append(card);
});
</script></body></html>`;

async function visit(
  browser: Browser,
  url: string,
  cookies: { name: string; value: string }[],
  throttled: boolean,
): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const { hostname } = new URL(url);
    await context.addCookies(cookies.map((c) => ({ ...c, domain: hostname, path: "/" })));
    await context.addInitScript((selector) => {
      // The first card's time from navigation start, taken in the frame after it is added.
      const observer = new MutationObserver(() => {
        if (!document.querySelector(selector)) return;
        observer.disconnect();
        requestAnimationFrame(() => Object.assign(window, { __firstCard: performance.now() }));
      });
      observer.observe(document, { childList: true, subtree: true });
      localStorage.setItem(
        "boxyard:cookie-consent",
        JSON.stringify({ analytical: false, marketing: false, decidedAt: new Date().toISOString() }),
      );
    }, CARD);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    if (throttled) await cdp.send("Network.emulateNetworkConditions", { offline: false, ...THROTTLED });
    const bytes = transferred(cdp);
    const waterfall = recordWaterfall(page);
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForFunction(() => "__firstCard" in window, undefined, { timeout: 60_000 });
    const firstCardMs = await page.evaluate(() =>
      Math.round((window as unknown as { __firstCard: number }).__firstCard),
    );
    await page.waitForLoadState("networkidle");
    if (process.env.BENCH_FIRST_LOAD_LIST) console.log(waterfall());
    return { firstCardMs, ...bytes() };
  } finally {
    await context.close();
  }
}

/** Every request's start and end, for finding what waits for what (BENCH_FIRST_LOAD_LIST=1). */
function recordWaterfall(page: Page) {
  const started = Date.now();
  const lines: string[] = [];
  const label = (request: import("playwright-core").Request) => {
    const op =
      request.method() === "POST"
        ? (request.postDataJSON() as { operationName?: string })?.operationName
        : "";
    return `${request
      .url()
      .replace(/^https?:\/\/[^/]+/, "")
      .replace(/^\/static\/js\//, "")} ${op ?? ""}`;
  };
  const at = () => (Date.now() - started).toString().padStart(5);
  page.on("request", (request) => lines.push(`${at()} -> ${label(request)}`));
  page.on("requestfinished", (request) => lines.push(`${at()} <- ${label(request)}`));
  return () => lines.join("\n");
}

/** Bytes on the wire (headers and compressed bodies) per resource type, from the DevTools protocol. */
function transferred(cdp: CDPSession) {
  let jsBytes = 0;
  let jsFiles = 0;
  // The compressed bodies as sent (Content-Length): Chromium's own encodedDataLength is not
  // reliable for a page's first requests under emulated throttling.
  cdp.on("Network.responseReceived", ({ type, response }) => {
    const length = Number(response.headers["content-length"] ?? response.headers["Content-Length"] ?? 0);
    if (type !== "Script") return;
    jsBytes += length;
    jsFiles++;
    if (process.env.BENCH_FIRST_LOAD_LIST) console.log(`${length}\t${response.url.split("/").pop()}`);
  });
  return () => ({ jsBytes, jsFiles });
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function runFirstLoadBench() {
  const dataDir = mkdtempSync(join(tmpdir(), "boxyard-firstload-"));
  const database = await openDatabase({ kind: "pglite", dataDir });
  await database.migrate(migrations);
  const config = loadConfig({ LOG_LEVEL: "silent", BOXYARD_DATA_DIR: dataDir });
  const app = await buildApp({ config, database, logger: false, webDist });
  const demo = await seedDemo(app.deps, dataDir);
  if (!demo.created) throw new Error("the demo data was not created");
  const sessionToken = await createSession(app.deps.db, demo.userId);
  const ours = await app.listen({ port: 0, host: "127.0.0.1" });

  const bare = Fastify();
  bare.get("/", (_request, reply) => reply.type("text/html").send(BASELINE_PAGE));
  bare.get("/recent", async (request) => {
    const token = /boxyard_session=([^;]+)/.exec(request.headers.cookie ?? "")?.[1] ?? "";
    const userId = await resolveSession(app.deps.db, token);
    return runQuery(app.deps, null, recentlyAccessed, {
      userId: userId!,
      limit: 18,
      teamId: demo.workspaceId,
    });
  });
  const baseline = await bare.listen({ port: 0, host: "127.0.0.1" });

  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const cookies = [
    { name: "boxyard_session", value: sessionToken },
    { name: "boxyard_signed_in", value: "1" },
  ];
  const rows: { name: string; ours: Visit; base: Visit; target: number }[] = [];
  try {
    // One visit to warm the server (JIT, the database's caches); the browser's cache is new each time.
    await visit(browser, `${ours}/dashboard/recent`, cookies, false);
    await visit(browser, baseline, cookies, false);
    for (const [name, throttled, target] of [
      ["localhost", false, FIRST_CARD_LOCAL_TARGET_MS],
      ["1.6 Mbps, 150 ms RTT", true, FIRST_CARD_THROTTLED_TARGET_MS],
    ] as const) {
      const mine: Visit[] = [];
      const base: Visit[] = [];
      for (let run = 0; run < RUNS; run++) {
        mine.push(await visit(browser, `${ours}/dashboard/recent`, cookies, throttled));
        base.push(await visit(browser, baseline, cookies, throttled));
      }
      const pick = (visits: Visit[]) => ({
        ...visits[0]!,
        firstCardMs: median(visits.map((v) => v.firstCardMs)),
      });
      rows.push({ name, ours: pick(mine), base: pick(base), target });
    }
  } finally {
    await browser.close();
    await bare.close();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`\nFirst load of /dashboard/recent (demo data, cold cache, Chromium, median of ${RUNS})`);
  console.log("network                first card ours  base   ratio   JS ours (files)   JS base");
  for (const r of rows) {
    const ratio = r.ours.firstCardMs / Math.max(1, r.base.firstCardMs);
    console.log(
      `${r.name.padEnd(22)} ${`${r.ours.firstCardMs} ms`.padStart(10)}${r.ours.firstCardMs < r.target ? " ✔" : " ✘"} ${`${r.base.firstCardMs} ms`.padStart(7)} ${ratio.toFixed(2).padStart(6)}  ${`${kb(r.ours.jsBytes)} (${r.ours.jsFiles})`.padStart(16)}${r.ours.jsBytes <= JS_TARGET_BYTES ? " ✔" : " ✘"} ${kb(r.base.jsBytes).padStart(8)}`,
    );
  }
  console.log(
    `targets: first card < ${FIRST_CARD_LOCAL_TARGET_MS} ms on localhost, < ${FIRST_CARD_THROTTLED_TARGET_MS} ms throttled; compressed JS <= ${kb(JS_TARGET_BYTES)}`,
  );
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) await runFirstLoadBench();
