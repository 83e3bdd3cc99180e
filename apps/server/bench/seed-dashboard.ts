import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf } from "../src/db/rows.ts";
import { collections, users } from "../src/db/schema/index.ts";
import type { Deps } from "../src/deps.ts";
import { createSession } from "../src/modules/auth/sessions.service.ts";
import { createTeamWorkspace } from "../src/modules/workspaces/workspaces.service.ts";
import { runCommand } from "../src/service/context.ts";

export const DASHBOARD_SANDBOXES = Number(process.env.BENCH_SANDBOXES ?? 100_000);
export const DASHBOARD_FOLDERS = 2_000;
/** The first folder holds this many sandboxes (the SandboxesByPath case); the rest are spread evenly. */
export const BIG_FOLDER_SANDBOXES = 10_000;
const BATCH = 20_000;

const FRAMEWORKS = [
  "React",
  "Vue",
  "Svelte",
  "Angular",
  "Next",
  "Nuxt",
  "Remix",
  "Solid",
  "Preact",
  "Node",
  "Astro",
  "Qwik",
];
const THINGS = [
  "starter",
  "dashboard",
  "todo app",
  "landing page",
  "blog",
  "shop",
  "chat",
  "playground",
  "api",
  "portfolio",
  "game",
  "docs",
  "weather widget",
  "kanban board",
  "form builder",
  "image gallery",
];
const TEMPLATES = [
  "react",
  "react-ts",
  "vue",
  "svelte",
  "angular",
  "next",
  "nuxt",
  "remix",
  "solid",
  "preact",
  "node",
  "static",
  "vite",
  "gatsby",
  "parcel",
];
const DESCRIPTIONS = [
  "A quick experiment",
  "Reproduction for a bug report",
  "Workshop material",
  "Prototype for the new checkout",
  "Demo for the team meeting",
  "Playground for state management",
  "Internal tool for support",
  "Landing page draft",
  "Learning the framework",
  "Performance test case",
];

/** A number written into the statement (generate_series and modulo need typed integers). */
const n = (value: number) => sql.raw(String(Math.trunc(value)));
const pgArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);

/**
 * One workspace with 100,000 sandboxes and 2,000 folders, written with a few multi-row
 * INSERT ... SELECT generate_series statements (not one round trip a row). Titles, descriptions
 * and templates come from small vocabularies, so searches have realistic hit counts; 2% are
 * drafts, 1% deleted. The user has 200 recently accessed sandboxes.
 */
export async function seedDashboard(deps: Deps, count = DASHBOARD_SANDBOXES) {
  const { db } = deps;
  const started = performance.now();
  const tag = randomBytes(3).toString("hex");
  const [me] = await db
    .insert(users)
    .values({ email: `dash-${tag}@example.test`, username: `dash${tag}`, name: "Dashboard bench" })
    .returning({ id: users.id });
  const userId = me!.id;
  const team = await runCommand(deps, { userId, via: "session" }, createTeamWorkspace, {
    name: `Dashboard bench ${tag}`,
  });
  const ws = team.id;
  await db.insert(collections).values({ workspaceId: ws, path: "/" }).onConflictDoNothing();

  // 50 top-level folders, 1,950 below them: 2,000 with the root excluded.
  const top = 50;
  await db.execute(sql`insert into collections (workspace_id, path)
    select ${ws}::uuid, '/' || (${pgArray(THINGS)})[1 + i % ${n(THINGS.length)}] || '-' || i
    from generate_series(0, ${n(top - 1)}) i`);
  await db.execute(sql`insert into collections (workspace_id, path)
    select ${ws}::uuid, '/' || (${pgArray(THINGS)})[1 + (i % ${n(top)}) % ${n(THINGS.length)}] || '-' || (i % ${n(top)})
      || '/' || (${pgArray(FRAMEWORKS)})[1 + i % ${n(FRAMEWORKS.length)}] || ' ' || i
    from generate_series(${n(top)}, ${n(DASHBOARD_FOLDERS - 1)}) i`);

  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await db.execute(sql`with f as (
        select id, (row_number() over (order by path)) - 1 as n
        from collections where workspace_id = ${ws}::uuid and path <> '/'
      ), g as (
        select i,
          (${pgArray(FRAMEWORKS)})[1 + i % ${n(FRAMEWORKS.length)}] || ' ' ||
            (${pgArray(THINGS)})[1 + (i / ${n(FRAMEWORKS.length)}) % ${n(THINGS.length)}] || ' ' || i as title,
          case when i <= ${n(BIG_FOLDER_SANDBOXES)} then 0 else i % ${n(DASHBOARD_FOLDERS)} end as folder
        from generate_series(${n(from)}, ${n(to)}) i
      )
      insert into sandboxes (id, alias, title, description, workspace_id, author_id, collection_id, privacy,
        source_template, is_v2, view_count, removed_at, inserted_at, updated_at)
      select 'b' || lpad(to_hex(g.i), 7, '0'),
        lower(regexp_replace(g.title, '[^A-Za-z0-9]+', '-', 'g')) || '-' || lpad(to_hex(g.i), 7, '0'),
        g.title,
        (${pgArray(DESCRIPTIONS)})[1 + (g.i * 7) % ${n(DESCRIPTIONS.length)}],
        ${ws}::uuid, ${userId}::uuid,
        case when g.i % 50 = 7 then null else f.id end,
        g.i % 3,
        (${pgArray(TEMPLATES)})[1 + (g.i * 13) % ${n(TEMPLATES.length)}],
        g.i % 10 = 3,
        g.i % 997,
        case when g.i % 100 = 11 then now() - interval '2 days' else null end,
        now() - (g.i || ' minutes')::interval,
        now() - (g.i || ' seconds')::interval
      from g join f on f.n = g.folder`);
  }
  await db.execute(sql`insert into sandbox_accesses (user_id, sandbox_id, last_accessed_at)
    select ${userId}::uuid, 'b' || lpad(to_hex(i * 401), 7, '0'), now() - (i || ' minutes')::interval
    from generate_series(1, least(200, ${n(Math.floor(count / 401))})) i`);
  await db.execute(sql`analyze sandboxes`);
  await db.execute(sql`analyze collections`);
  const sessionToken = await createSession(db, userId);
  // The folder that holds the first 10,000 sandboxes: the first by path, in the database's order.
  const [big] = await rowsOf<{ path: string }>(
    db,
    sql`select path from collections where workspace_id = ${ws}::uuid and path <> '/' order by path limit 1`,
  );
  return {
    userId,
    bigFolderPath: big!.path,
    sandboxes: count,
    workspaceId: ws,
    sessionToken,
    cookie: `boxyard_session=${sessionToken}`,
    seconds: (performance.now() - started) / 1000,
  };
}
