/**
 * `npm run seed -- --demo`: fills a demo account so a newcomer sees a living dashboard. It signs up
 * demo@boxyard.local through the same services a person goes through, then makes folders,
 * sandboxes and devboxes with files, templates, drafts, recently opened and deleted items.
 * It uses the configured database (DATABASE_URL, or the embedded one in BOXYARD_DATA_DIR: stop
 * the server first, the embedded database has one process at a time). Running it twice does nothing.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Privacy } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { loadConfig } from "../src/config.ts";
import { createDeps } from "../src/create-deps.ts";
import { openDatabase } from "../src/db/client.ts";
import { users } from "../src/db/schema/index.ts";
import type { Deps } from "../src/deps.ts";
import { createCollection, findCollection } from "../src/modules/folders/folders.service.ts";
import { setLike } from "../src/modules/likes/likes.service.ts";
import { recordAccess } from "../src/modules/recent/recent.service.ts";
import { createSandbox, deleteSandboxes } from "../src/modules/sandboxes/sandboxes.service.ts";
import { makeSandboxesTemplates } from "../src/modules/templates/make-templates.service.ts";
import { runCommand, runQuery } from "../src/service/context.ts";
import { signUp } from "./demo/people.ts";
import { seedRepository } from "./demo/repository.ts";
import { seedTeam } from "./demo/team.ts";

export const DEMO_EMAIL = "demo@boxyard.local";
export const DEMO_PASSWORD = "boxyard-demo";

type DemoSandbox = {
  title: string;
  folder: string | null;
  template: string;
  privacy: Privacy;
  devbox?: boolean;
  description: string;
};

const FOLDERS = ["/Client work", "/Client work/Acme", "/Experiments", "/Design system", "/Talks"];

/** At most 5 private ones: the Free plan's limit (spec 1 §9). */
const SANDBOXES: DemoSandbox[] = [
  {
    title: "Checkout flow",
    folder: "/Client work/Acme",
    template: "react-ts",
    privacy: 2,
    description: "Acme's three-step checkout: cart, shipping and payment, with form validation.",
  },
  {
    title: "Acme API",
    folder: "/Client work/Acme",
    template: "node",
    privacy: 2,
    devbox: true,
    description: "The order and inventory endpoints behind Acme's shop.",
  },
  {
    title: "Landing page",
    folder: "/Client work",
    template: "static",
    privacy: 1,
    description: "A one-page launch site with a sign-up form and a feature grid.",
  },
  {
    title: "Pricing table",
    folder: "/Client work",
    template: "vue",
    privacy: 0,
    description: "Three plans side by side, with a monthly and yearly switch.",
  },
  {
    title: "Canvas particles",
    folder: "/Experiments",
    template: "vanilla",
    privacy: 0,
    description: "Particles that follow the pointer, drawn on a canvas at 60 frames a second.",
  },
  {
    title: "Svelte stores playground",
    folder: "/Experiments",
    template: "svelte",
    privacy: 0,
    description: "Writable, readable and derived stores, and how components subscribe to them.",
  },
  {
    title: "Edge functions",
    folder: "/Experiments",
    template: "node",
    privacy: 1,
    devbox: true,
    description: "Request handlers that run close to the user, with a small router.",
  },
  {
    title: "Next.js blog",
    folder: "/Experiments",
    template: "nextjs",
    privacy: 0,
    description: "A statically generated blog with Markdown posts and an RSS feed.",
  },
  {
    title: "Button",
    folder: "/Design system",
    template: "react-ts",
    privacy: 0,
    description: "The design system's button: sizes, variants, loading and disabled states.",
  },
  {
    title: "Colour tokens",
    folder: "/Design system",
    template: "static",
    privacy: 0,
    description: "The palette as CSS custom properties, with contrast ratios for each pair.",
  },
  {
    title: "Live coding demo",
    folder: "/Talks",
    template: "react",
    privacy: 0,
    description: "The demo from the 'React without the ceremony' talk, step by step.",
  },
  {
    title: "React starter",
    folder: "/",
    template: "react",
    privacy: 0,
    description: "React with a counter, ready to fork",
  },
  {
    title: "Express server",
    folder: "/",
    template: "node",
    privacy: 0,
    devbox: true,
    description: "An Express server with a health check and JSON logging, ready to fork.",
  },
  {
    title: "Scratchpad",
    folder: null,
    template: "vanilla",
    privacy: 2,
    description: "Quick notes and snippets.",
  },
  {
    title: "Regex tester",
    folder: null,
    template: "vanilla",
    privacy: 2,
    description: "Type a pattern and a text; the matches and groups are highlighted.",
  },
  {
    title: "Old prototype",
    folder: "/Experiments",
    template: "react",
    privacy: 1,
    description: "The first try at the dashboard, before the redesign.",
  },
  {
    title: "Abandoned idea",
    folder: "/",
    template: "vue",
    privacy: 2,
    description: "A habit tracker that never got past the first screen.",
  },
];
const TEMPLATES = ["React starter", "Express server"];
const DELETED = ["Old prototype", "Abandoned idea"];
const RECENT = ["Checkout flow", "Button", "Canvas particles", "Scratchpad", "Acme API", "Next.js blog"];
const LIKED = ["Canvas particles", "Colour tokens", "Svelte stores playground"];

function filesFor(sandbox: DemoSandbox) {
  const readme = {
    path: "README.md",
    code: `# ${sandbox.title}\n\n${sandbox.description}\n`,
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

/** `dataDir` holds the demo's git host (a bare repository under `git/`). */
export async function seedDemo(deps: Deps, dataDir: string) {
  const { db } = deps;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
  if (existing) return { created: false as const };

  const demo = await signUp(deps, {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    username: "demo",
    name: "Demo Developer",
    role: "fullstack",
  });
  const { userId, primaryTeamId } = demo;

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
        description: sandbox.description,
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
  for (const id of idsOf(LIKED)) await runCommand(deps, actor, setLike, { sandboxId: id, liked: true });
  const now = Date.now();
  for (const [index, id] of idsOf(RECENT).entries()) {
    await recordAccess(db, userId, id, new Date(now - index * 17 * 60_000));
  }
  const team = await seedTeam(deps, demo);
  const repository = await seedRepository(deps, dataDir, team.teamId, demo);
  return {
    created: true as const,
    userId,
    workspaceId: primaryTeamId,
    teamId: team.teamId,
    sandboxes: ids.size,
    teammates: team.teammates.length,
    repository: `${repository.owner}/${repository.name}`,
  };
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
    const result = await seedDemo(deps, config.dataDir).finally(() => deps.close());
    console.log(
      result.created
        ? `Demo account ready: sign in with ${DEMO_EMAIL} / ${DEMO_PASSWORD} (${result.sandboxes} sandboxes; Orbit Labs with ${result.teammates} teammates and ${result.repository}).`
        : `The demo account ${DEMO_EMAIL} already exists; nothing to do.`,
    );
  } finally {
    await database.close();
  }
}
