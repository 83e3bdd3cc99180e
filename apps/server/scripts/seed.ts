/**
 * `npm run seed -- --demo`: fills a demo account so a newcomer sees a living dashboard. It signs up
 * demo@boxyard.local through the same services a person goes through, then makes folders,
 * sandboxes and devboxes with files, templates, drafts, recently opened and deleted items.
 * It uses the configured database (DATABASE_URL, or the embedded one in BOXYARD_DATA_DIR: stop
 * the server first, the embedded database has one process at a time). Running it twice does nothing.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Privacy } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { loadConfig } from "../src/config.ts";
import { createDeps } from "../src/create-deps.ts";
import { openDatabase } from "../src/db/client.ts";
import { users } from "../src/db/schema/index.ts";
import type { Deps } from "../src/deps.ts";
import { startLocalSignUp } from "../src/modules/auth/signin.service.ts";
import { createCollection, findCollection } from "../src/modules/folders/folders.service.ts";
import { recordAccess } from "../src/modules/recent/recent.service.ts";
import { createSandbox, deleteSandboxes } from "../src/modules/sandboxes/sandboxes.service.ts";
import { makeSandboxesTemplates } from "../src/modules/templates/make-templates.service.ts";
import { finalizeSignUp } from "../src/modules/users/users.service.ts";
import { runCommand, runQuery } from "../src/service/context.ts";

export const DEMO_EMAIL = "demo@boxyard.local";
export const DEMO_PASSWORD = "boxyard-demo";

type DemoSandbox = {
  title: string;
  folder: string | null;
  template: string;
  privacy: Privacy;
  devbox?: boolean;
  description?: string;
};

const FOLDERS = ["/Client work", "/Client work/Acme", "/Experiments", "/Design system", "/Talks"];

/** At most 5 private ones: the Free plan's limit (spec 1 §9). */
const SANDBOXES: DemoSandbox[] = [
  { title: "Checkout flow", folder: "/Client work/Acme", template: "react-ts", privacy: 2 },
  { title: "Acme API", folder: "/Client work/Acme", template: "node", privacy: 2, devbox: true },
  { title: "Landing page", folder: "/Client work", template: "static", privacy: 1 },
  { title: "Pricing table", folder: "/Client work", template: "vue", privacy: 0 },
  { title: "Canvas particles", folder: "/Experiments", template: "vanilla", privacy: 0 },
  { title: "Svelte stores playground", folder: "/Experiments", template: "svelte", privacy: 0 },
  { title: "Edge functions", folder: "/Experiments", template: "node", privacy: 1, devbox: true },
  { title: "Button", folder: "/Design system", template: "react-ts", privacy: 0 },
  { title: "Colour tokens", folder: "/Design system", template: "static", privacy: 0 },
  { title: "Live coding demo", folder: "/Talks", template: "react", privacy: 0 },
  {
    title: "React starter",
    folder: "/",
    template: "react",
    privacy: 0,
    description: "React with a counter, ready to fork",
  },
  { title: "Express server", folder: "/", template: "node", privacy: 0, devbox: true },
  { title: "Scratchpad", folder: null, template: "vanilla", privacy: 2 },
  { title: "Regex tester", folder: null, template: "vanilla", privacy: 2 },
  { title: "Old prototype", folder: "/Experiments", template: "react", privacy: 1 },
  { title: "Abandoned idea", folder: "/", template: "vue", privacy: 2 },
];
const TEMPLATES = ["React starter", "Express server"];
const DELETED = ["Old prototype", "Abandoned idea"];
const RECENT = ["Checkout flow", "Button", "Canvas particles", "Scratchpad", "Acme API"];

function filesFor(sandbox: DemoSandbox) {
  const readme = {
    path: "README.md",
    code: `# ${sandbox.title}\n\n${sandbox.description ?? "A demo sandbox made by `npm run seed -- --demo`."}\n`,
  };
  if (sandbox.devbox || sandbox.template === "node") {
    return [
      readme,
      {
        path: "package.json",
        code: `${JSON.stringify({ name: "demo-server", private: true, type: "module", scripts: { start: "node index.js" } }, null, 2)}\n`,
      },
      {
        path: "index.js",
        code: 'import { createServer } from "node:http";\n\ncreateServer((req, res) => res.end("Hello from Boxyard")).listen(3000);\n',
      },
    ];
  }
  if (sandbox.template === "static" || sandbox.template === "vanilla") {
    return [
      readme,
      {
        path: "index.html",
        code: `<!doctype html>\n<title>${sandbox.title}</title>\n<link rel="stylesheet" href="styles.css" />\n<h1>${sandbox.title}</h1>\n<script src="src/index.js"></script>\n`,
      },
      { path: "styles.css", code: "body { font-family: system-ui; margin: 2rem; }\n" },
      { path: "src/index.js", code: 'document.querySelector("h1").dataset.ready = "true";\n' },
    ];
  }
  const ext = sandbox.template === "react-ts" ? "tsx" : sandbox.template === "vue" ? "vue" : "jsx";
  return [
    readme,
    {
      path: "package.json",
      code: `${JSON.stringify({ name: "demo-app", private: true, scripts: { dev: "vite" } }, null, 2)}\n`,
    },
    {
      path: "index.html",
      code: `<!doctype html>\n<div id="root"></div>\n<script type="module" src="/src/main.${ext}"></script>\n`,
    },
    {
      path: `src/main.${ext}`,
      code: `// ${sandbox.title}\nexport default function App() {\n  return "${sandbox.title}";\n}\n`,
    },
  ];
}

export async function seedDemo(deps: Deps) {
  const { db } = deps;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
  if (existing) return { created: false as const };

  const browserToken = randomBytes(16).toString("hex");
  const signup = await startLocalSignUp(db, { email: DEMO_EMAIL, password: DEMO_PASSWORD }, browserToken);
  if (signup.type !== "signup") throw new Error(`Could not sign up ${DEMO_EMAIL}: ${signup.type}`);
  const { userId, primaryTeamId } = await runCommand(deps, null, finalizeSignUp, {
    id: signup.pendingUserId,
    username: "demo",
    name: "Demo Developer",
    role: "fullstack",
    usage: "personal",
    browserToken,
  });

  const folderIds = new Map<string, string>();
  const owner = { userId, via: "session" as const };
  for (const path of ["/", ...FOLDERS]) {
    const folder =
      (await runQuery(deps, owner, findCollection, { path, teamId: primaryTeamId })) ??
      (await runCommand(deps, owner, createCollection, { path, teamId: primaryTeamId }));
    folderIds.set(path, folder.id);
  }
  const ids = new Map<string, string>();
  await db.transaction(async (tx) => {
    for (const sandbox of SANDBOXES) {
      const row = await createSandbox(tx, {
        workspaceId: primaryTeamId,
        authorId: userId,
        collectionId: sandbox.folder ? folderIds.get(sandbox.folder)! : null,
        title: sandbox.title,
        description: sandbox.description ?? null,
        privacy: sandbox.privacy,
        isV2: sandbox.devbox ?? false,
        sourceTemplate: sandbox.template,
        files: filesFor(sandbox),
      });
      ids.set(sandbox.title, row.id);
    }
  });
  const idsOf = (titles: string[]) => titles.map((title) => ids.get(title)!);
  const actor = { userId, via: "session" as const };
  await runCommand(deps, actor, makeSandboxesTemplates, { sandboxIds: idsOf(TEMPLATES) });
  await runCommand(deps, actor, deleteSandboxes, { sandboxIds: idsOf(DELETED) });
  const now = Date.now();
  for (const [index, id] of idsOf(RECENT).entries()) {
    await recordAccess(db, userId, id, new Date(now - index * 17 * 60_000));
  }
  return { created: true as const, userId, workspaceId: primaryTeamId, sandboxes: ids.size };
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  if (!process.argv.includes("--demo")) {
    console.log("Usage: npm run seed -- --demo   (fills a demo account; a new install is otherwise empty)");
    process.exit(1);
  }
  // The same settings as `npm start`, which reads .env beside the root package.json.
  if (existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    await database.migrate(fileURLToPath(new URL("../src/db/migrations/", import.meta.url)));
    const deps = await createDeps({ config, database, log: console });
    const result = await seedDemo(deps).finally(() => deps.close());
    console.log(
      result.created
        ? `Demo account ready: sign in with ${DEMO_EMAIL} / ${DEMO_PASSWORD} (${result.sandboxes} sandboxes).`
        : `The demo account ${DEMO_EMAIL} already exists; nothing to do.`,
    );
  } finally {
    await database.close();
  }
}
