/**
 * The editor in the browser (issue 15, Targets): a sandbox of 1,000 files (5 MB) shows its first
 * file within 1 s of navigation, with at most 250 KB (compressed, as served) of the editor's own
 * JavaScript; typing in a 5,000-line file makes no task over 50 ms. In Chromium, against the
 * bench's own server serving the built web app (`npm run bench` builds it first).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { users } from "../src/db/schema/index.ts";
import { createSandbox } from "../src/modules/sandboxes/sandboxes.service.ts";
import { FIRST_FILE_TARGET_MS, LONG_TASK_MS, measureOpen, measureTyping } from "./editor-browser.ts";
import { seed } from "./seed.ts";

const EDITOR_JS_TARGET_BYTES = 250 * 1024;
const FILES = 1000;
const FILE_BYTES = 5 * 1024;
const migrations = fileURLToPath(new URL("../src/db/migrations/", import.meta.url));
const webDist = fileURLToPath(new URL("../../web/dist/", import.meta.url));

/** A component of about `bytes`, different in each file. */
function component(n: number, bytes: number) {
  const lines = [`// Component ${n}`, `export function Component${n}({ items }) {`];
  for (let i = 0; lines.join("\n").length < bytes - 40; i++) {
    lines.push(`  const value${i} = items.map((item) => item.id * ${i} + ${n}).filter(Boolean);`);
  }
  lines.push("  return null;", "}");
  return lines.join("\n");
}

/** The scripts of the page's shell (index.html's entry and what it preloads): the dashboard has them too. */
function shellScripts(): Set<string> {
  const html = readFileSync(join(webDist, "index.html"), "utf8");
  return new Set([...html.matchAll(/(?:src|href)="(\/static\/js\/[^"]+\.js)"/g)].map((m) => m[1]!));
}

/** The size a browser that accepts brotli receives (the server sends the precompressed copy). */
function servedBytes(path: string) {
  const file = join(webDist, path);
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
}

export async function runEditorBench() {
  if (!existsSync(join(webDist, "index.html"))) throw new Error("Build the web app first (npm run build).");
  const dataDir = mkdtempSync(join(tmpdir(), "boxyard-bench-editor-"));
  const databaseUrl = process.env.DATABASE_URL;
  const database = await openDatabase(
    databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "pglite", dataDir },
  );
  await database.migrate(migrations);
  const config = loadConfig({ LOG_LEVEL: "silent", BOXYARD_DATA_DIR: dataDir });
  const app = await buildApp({ config, database, logger: false, webDist });
  const { sessionToken } = await seed(app);
  const db = database.db;
  const [me] = await db.select().from(users).where(eq(users.username, "bench0"));
  const place = { workspaceId: me!.primaryWorkspaceId!, authorId: me!.id, collectionId: null };

  // 1,000 files of 5 KB in 40 folders, and the README that opens first.
  const readme = "# A thousand files\n\nEach folder holds 25 components.\n";
  const big = await db.transaction((tx) =>
    createSandbox(tx, {
      ...place,
      title: "A thousand files",
      privacy: 2,
      isV2: false,
      sourceTemplate: "react",
      files: [
        { path: "README.md", code: readme },
        ...Array.from({ length: FILES - 1 }, (_, i) => ({
          path: `src/folder${Math.floor(i / 25)}/Component${i}.jsx`,
          code: component(i, FILE_BYTES),
        })),
      ],
    }),
  );
  const lines = Array.from(
    { length: 5000 },
    (_, i) => `export const line${i} = { id: ${i}, label: "line ${i}", done: ${i % 2 === 0} };`,
  );
  const long = await db.transaction((tx) =>
    createSandbox(tx, {
      ...place,
      title: "Five thousand lines",
      privacy: 2,
      isV2: false,
      sourceTemplate: "react",
      files: [{ path: "src/index.js", code: lines.join("\n") }],
    }),
  );
  const baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    const open = await measureOpen({
      baseUrl,
      sessionToken,
      sandboxId: big.id,
      firstLine: readme.split("\n")[0]!,
    });
    const typing = await measureTyping({
      baseUrl,
      sessionToken,
      sandboxId: long.id,
      firstLine: lines[0]!,
      text: "const typed = { quick: 'brown fox', jumps: [1, 2, 3] };\n".repeat(2),
    });

    const shell = shellScripts();
    const pieces = [...new Set(open.scripts)]
      .filter((path) => !shell.has(path))
      .map((path) => ({ path, bytes: servedBytes(path) }))
      .sort((a, b) => b.bytes - a.bytes);
    const editorBytes = pieces.reduce((sum, p) => sum + p.bytes, 0);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

    console.log(`\nThe editor in Chromium (issue 15) on ${database.kind}`);
    console.log(
      `open /s/ of ${FILES} files (${(FILES * FILE_BYTES) / 1024 / 1024} MB): first file painted ${open.firstFileMs} ms after navigation (target < ${FIRST_FILE_TARGET_MS} ms)${open.firstFileMs < FIRST_FILE_TARGET_MS ? " ✔" : " ✘"}; the first visit, server cold: ${open.warmFirstFileMs} ms`,
    );
    console.log(
      `the editor's JavaScript beyond the app's shell, loaded until then: ${kb(editorBytes)} brotli (target <= ${kb(EDITOR_JS_TARGET_BYTES)})${editorBytes <= EDITOR_JS_TARGET_BYTES ? " ✔" : " ✘"}`,
    );
    for (const p of pieces) console.log(`  ${kb(p.bytes).padStart(9)}  ${p.path}`);
    if (process.env.BENCH_VERBOSE) {
      for (const r of open.requests)
        console.log(`  ${String(r.start).padStart(5)} → ${String(r.end).padStart(5)} ms  ${r.path}`);
    }
    console.log(
      `typing ${typing.keys} keys in a 5,000-line file: long tasks over ${LONG_TASK_MS} ms: ${typing.longTasks.length === 0 ? "none ✔" : `${typing.longTasks.map((t) => `${t.duration} ms (at ${t.start} ms)`).join(", ")} ✘`}; key to frame p95 ${typing.p95KeyMs} ms, slowest ${typing.maxKeyMs} ms; typing took ${typing.typingMs} ms`,
    );
    return { open, typing, editorBytes };
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
