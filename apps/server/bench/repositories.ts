/**
 * Repositories bench (issue 4, Performance): a workspace of 1,000 imported repositories of 50
 * branches each (50,000 branches, a pull request on every fifth branch, the viewer's opened
 * branches on every tenth); RepositoriesByTeam (syncData: false) and RepositoryByDetails through
 * our GraphQL route, each beside a bare Fastify route answering the same JSON from raw SQL on the
 * same pool; throughput and p99 at 16 connections.
 * `npm run bench` runs it last (BENCH_PARTS=repositories runs it alone); `npx tsx bench/repositories.ts` too.
 * With DATABASE_URL it runs on PostgreSQL (use a fresh database), otherwise on PGlite.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { orderBranches } from "@boxyard/domain";
import autocannon from "autocannon";
import Fastify from "fastify";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { users } from "../src/db/schema/index.ts";
import { createSession, resolveSession } from "../src/modules/auth/sessions.service.ts";
import { createWorkspace } from "../src/modules/workspaces/workspaces.service.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 16;
export const REPOSITORIES = 1_000;
export const BRANCHES_PER_REPOSITORY = 50;
const migrations = fileURLToPath(new URL("../src/db/migrations/", import.meta.url));

/** The web app's operations (api-contract §3 Project, ProjectWithBranches, BranchWithPR, §9). */
const REPOSITORIES_BY_TEAM = `query RepositoriesByTeam($teamId: UUID4!, $syncData: Boolean) {
  me { id team(id: $teamId) { id name projects(syncData: $syncData) { appInstalled branchCount lastAccessedAt
    repository { ... on GitHubRepository { owner name defaultBranch private } } team { id } } } } }`;
const REPOSITORY_BY_DETAILS = `query RepositoryByDetails($owner: String!, $name: String!, $teamId: ID) {
  project(gitProvider: GITHUB, owner: $owner, repo: $name, team: $teamId) { appInstalled
    branches { id name contribution lastAccessedAt upstream owner { username }
      project { repository { ... on GitHubRepository { defaultBranch name owner private } } team { id } }
      pullRequests { title number additions deletions } }
    repository { ... on GitHubRepository { owner name defaultBranch private } } team { id } } }`;

type Measure = { rps: number; p99: number };

async function load(url: string, headers: Record<string, string>, body: string): Promise<Measure> {
  const result = await autocannon({
    url,
    method: "POST",
    headers,
    body,
    connections: CONNECTIONS,
    duration: DURATION_S,
    timeout: 60,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** 1,000 repositories × 50 branches in set-based statements (seconds, not minutes). */
async function seed(database: Database) {
  const db = database.db;
  const [me] = await db
    .insert(users)
    .values({ email: "repos@bench.test", username: "reposbench", name: "Repos" })
    .returning();
  const team = await createWorkspace(db, { name: "Repositories bench", type: "TEAM", ownerId: me!.id });
  await database.query(
    `insert into projects (workspace_id, owner, name, remote_id, clone_url, default_branch, private, app_installed, imported_by_id, last_synced_at)
     select $1, 'org-' || (i % 20), 'repo-' || lpad(i::text, 4, '0'), i::text,
       'https://github.example/org-' || (i % 20) || '/repo-' || i || '.git', 'main', i % 3 = 0, true, $2, now()
     from generate_series(1, ${REPOSITORIES}) i`,
    [team.id, me!.id],
  );
  await database.query(
    `insert into branches (project_id, name, head_sha, upstream)
     select p.id, case when b = 1 then 'main' else 'feature-' || lpad(b::text, 2, '0') end, md5(p.id::text || b), true
     from projects p, generate_series(1, ${BRANCHES_PER_REPOSITORY}) b where p.workspace_id = $1`,
    [team.id],
  );
  await database.query(
    `insert into pull_requests (project_id, number, title, state, branch, head_owner, additions, deletions)
     select b.project_id, row_number() over (partition by b.project_id order by b.name), 'Change ' || b.name, 'open', b.name, p.owner, 10, 2
     from branches b join projects p on p.id = b.project_id
     where p.workspace_id = $1 and b.name <> 'main' and right(b.name, 1) in ('0', '5')`,
    [team.id],
  );
  await database.query(
    `insert into branch_accesses (user_id, branch_id, last_accessed_at)
     select $2, b.id, now() - (random() * interval '30 days')
     from branches b join projects p on p.id = b.project_id
     where p.workspace_id = $1 and right(b.name, 1) in ('3')`,
    [team.id, me!.id],
  );
  // What recordBranchAccess and recountBranches keep as branches are opened, added and removed.
  await database.query(
    `insert into project_accesses (user_id, project_id, last_accessed_at)
     select a.user_id, b.project_id, max(a.last_accessed_at) from branch_accesses a
     join branches b on b.id = a.branch_id group by a.user_id, b.project_id`,
  );
  await database.query(
    "update projects p set branch_count = (select count(*) from branches b where b.project_id = p.id) where p.workspace_id = $1",
    [team.id],
  );
  const token = await createSession(db, me!.id);
  return { userId: me!.id, workspaceId: team.id, cookie: `boxyard_session=${token}`, sessionToken: token };
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The baseline: the same answers from hand-written SQL, no GraphQL, no services. */
function baselineRoutes(database: Database) {
  const bare = Fastify();
  const session = async (headers: Record<string, unknown>) =>
    (await resolveSession(database.db, headers["x-session"] as string))!;

  bare.post<{ Body: { variables: { teamId: string } } }>("/repositories-by-team", async (request) => {
    const userId = await session(request.headers);
    const { teamId } = request.body.variables;
    const [team] = await database.query<{ id: string; name: string }>(
      "select w.id, w.name from workspaces w join workspace_members m on m.workspace_id = w.id and m.user_id = $2 where w.id = $1",
      [teamId, userId],
    );
    const rows = await database.query<Record<string, unknown>>(
      `select p.owner, p.name, p.default_branch, p.private, p.app_installed, p.branch_count, pa.last_accessed_at
       from projects p left join project_accesses pa on pa.project_id = p.id and pa.user_id = $2
       where p.workspace_id = $1 order by lower(p.name), lower(p.owner), p.id`,
      [teamId, userId],
    );
    return {
      data: {
        me: {
          id: userId,
          team: {
            ...team,
            projects: rows.map((r) => ({
              appInstalled: r.app_installed,
              branchCount: r.branch_count,
              lastAccessedAt: iso(r.last_accessed_at as string | null),
              repository: {
                owner: r.owner,
                name: r.name,
                defaultBranch: r.default_branch,
                private: r.private,
              },
              team: { id: teamId },
            })),
          },
        },
      },
    };
  });

  bare.post<{ Body: { variables: { owner: string; name: string; teamId: string } } }>(
    "/repository-by-details",
    async (request) => {
      const userId = await session(request.headers);
      const { owner, name, teamId } = request.body.variables;
      const [project] = await database.query<Record<string, unknown>>(
        `select p.* from projects p join workspace_members m on m.workspace_id = p.workspace_id and m.user_id = $4
       where p.workspace_id = $1 and lower(p.owner) = lower($2) and lower(p.name) = lower($3)`,
        [teamId, owner, name, userId],
      );
      if (!project) return { data: { project: null } };
      const branchRows = await database.query<Record<string, unknown>>(
        `select b.id, b.name, b.contribution, b.upstream, u.username, a.last_accessed_at from branches b
       left join users u on u.id = b.owner_id
       left join branch_accesses a on a.branch_id = b.id and a.user_id = $2
       where b.project_id = $1`,
        [project.id, userId],
      );
      const pulls = await database.query<Record<string, unknown>>(
        `select branch, title, number, additions, deletions from pull_requests
       where project_id = $1 and state = 'open' and (head_owner is null or lower(head_owner) = lower($2)) order by number desc`,
        [project.id, project.owner],
      );
      const repository = {
        defaultBranch: project.default_branch,
        name: project.name,
        owner: project.owner,
        private: project.private,
      };
      const views = branchRows.map((b) => ({
        id: b.id,
        name: b.name as string,
        contribution: b.contribution,
        lastAccessedAt: iso(b.last_accessed_at as string | null),
        upstream: b.upstream,
        owner: b.username ? { username: b.username } : null,
        project: { repository, team: { id: teamId } },
        pullRequests: pulls
          .filter((p) => p.branch === b.name)
          .map((p) => ({
            title: p.title,
            number: p.number as number,
            additions: p.additions,
            deletions: p.deletions,
          })),
      }));
      return {
        data: {
          project: {
            appInstalled: project.app_installed,
            branches: orderBranches(views, project.default_branch as string),
            repository: {
              owner: project.owner,
              name: project.name,
              defaultBranch: project.default_branch,
              private: project.private,
            },
            team: { id: teamId },
          },
        },
      };
    },
  );
  return bare;
}

export async function runRepositoriesBench() {
  const dataDir = mkdtempSync(join(tmpdir(), "boxyard-bench-repos-"));
  const databaseUrl = process.env.DATABASE_URL;
  const database = await openDatabase(
    databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "pglite", dataDir },
  );
  await database.migrate(migrations);
  const config = loadConfig({ LOG_LEVEL: "silent", BOXYARD_DATA_DIR: dataDir });
  const app = await buildApp({ config, database, logger: false });
  const started = performance.now();
  const seeded = await seed(database);
  await database.query("analyze");
  const seconds = (performance.now() - started) / 1000;
  const ours = await app.listen({ port: 0, host: "127.0.0.1" });
  const bare = baselineRoutes(database);
  const baseline = await bare.listen({ port: 0, host: "127.0.0.1" });
  const headers = {
    cookie: seeded.cookie,
    "x-session": seeded.sessionToken,
    "x-boxyard-client": "web",
    "content-type": "application/json",
  };
  const cases = [
    {
      name: "RepositoriesByTeam (1,000)",
      path: "/repositories-by-team",
      body: JSON.stringify({
        operationName: "RepositoriesByTeam",
        query: REPOSITORIES_BY_TEAM,
        variables: { teamId: seeded.workspaceId, syncData: false },
      }),
    },
    {
      name: "RepositoryByDetails (50)",
      path: "/repository-by-details",
      body: JSON.stringify({
        operationName: "RepositoryByDetails",
        query: REPOSITORY_BY_DETAILS,
        variables: { owner: "org-7", name: "repo-0507", teamId: seeded.workspaceId },
      }),
    },
  ];
  const rows: { name: string; ours: Measure; base: Measure; same: boolean }[] = [];
  try {
    for (const c of cases) {
      const mine = await fetch(`${ours}/api/graphql`, { method: "POST", headers, body: c.body }).then((r) =>
        r.json(),
      );
      const theirs = await fetch(`${baseline}${c.path}`, { method: "POST", headers, body: c.body }).then(
        (r) => r.json(),
      );
      const same = JSON.stringify(mine) === JSON.stringify(theirs);
      if (!same && process.env.BENCH_SHOW_DIFF) {
        const a = JSON.stringify(mine);
        const b = JSON.stringify(theirs);
        let i = 0;
        while (a[i] === b[i]) i++;
        console.log(`ours:     ...${a.slice(i - 300, i + 200)}\nbaseline: ...${b.slice(i - 300, i + 200)}`);
      }
      await load(`${ours}/api/graphql`, headers, c.body); // warm-up: JIT, plans, pools
      const base = await load(`${baseline}${c.path}`, headers, c.body);
      rows.push({ name: c.name, ours: await load(`${ours}/api/graphql`, headers, c.body), base, same });
    }
  } finally {
    await app.close();
    await bare.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const count = REPOSITORIES * BRANCHES_PER_REPOSITORY;
  console.log(
    `\nRepositories bench on ${database.kind}: ${seconds.toFixed(1)} s to seed ${REPOSITORIES.toLocaleString("en")} repositories and ${count.toLocaleString("en")} branches; ${CONNECTIONS} connections, ${DURATION_S} s each`,
  );
  console.log("query                        ours req/s  base req/s  ratio  ours p99  base p99  same answer");
  for (const r of rows) {
    const ratio = r.ours.rps / r.base.rps;
    console.log(
      `${r.name.padEnd(28)} ${r.ours.rps.toFixed(0).padStart(10)} ${r.base.rps.toFixed(0).padStart(11)} ${ratio.toFixed(2).padStart(6)} ${`${r.ours.p99} ms`.padStart(9)} ${`${r.base.p99} ms`.padStart(9)}  ${r.same ? "✔" : "✘"}`,
    );
  }
  console.log(
    "baseline: a bare Fastify route answering the same JSON from hand-written SQL on the same pool",
  );
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runRepositoriesBench();
