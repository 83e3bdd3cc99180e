import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { branches, projects, pullRequests } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import type { CodeHostPullRequest, CodeHostRepository } from "../../integrations/codehost/codehost.port.ts";
import type { RemoteHeads } from "../../integrations/codehost/git.ts";
import { recountBranches } from "./branch-records.ts";
import type { GithubAccess } from "./github-access.ts";

/** Pull requests whose additions and deletions are read one by one: the most recent open ones. */
export const PULL_REQUEST_DETAILS_MAX = 100;
const CONCURRENCY = 4;

/** What the code host says about a repository right now: read first, written in one go. */
export type RemoteState = {
  repository: CodeHostRepository;
  heads: RemoteHeads;
  pullRequests: CodeHostPullRequest[];
  appInstalled: boolean;
};

type KnownPull = { number: number; headSha: string | null; additions: number; deletions: number };

/** Runs `work` over `items`, `limit` at a time; the first failure fails the whole. */
export async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Reads a repository from the code host: its details (API), its branch heads (git ls-remote over
 * the real protocol), its open pull requests with additions and deletions (only those whose head
 * moved since `known` are asked one by one) and the App's installation. Writes nothing.
 */
export async function readRemoteState(
  deps: Deps,
  access: GithubAccess,
  owner: string,
  name: string,
  known: readonly KnownPull[] = [],
): Promise<RemoteState> {
  const repository = await access.host.repository(owner, name);
  const [heads, open, appInstalled] = await Promise.all([
    deps.codeHost.git.heads(access.remote(repository.cloneUrl)),
    access.host.openPullRequests(repository.owner.login, repository.name),
    deps.codeHost.app.installed(repository.owner.login, repository.name),
  ]);
  const stored = new Map(known.map((k) => [k.number, k]));
  const pullRequests = await inBatches(open.slice(0, PULL_REQUEST_DETAILS_MAX), CONCURRENCY, async (pull) => {
    const before = stored.get(pull.number);
    if (before && before.headSha === pull.headSha) {
      return { ...pull, state: "open" as const, additions: before.additions, deletions: before.deletions };
    }
    return access.host.pullRequest(repository.owner.login, repository.name, pull.number);
  });
  return { repository, heads, pullRequests, appInstalled };
}

/** The stored pull requests of projects, for `known`. */
export async function knownPulls(tx: Tx | Deps["db"], projectIds: string[]) {
  if (projectIds.length === 0) return new Map<string, KnownPull[]>();
  const rows = await tx
    .select({
      projectId: pullRequests.projectId,
      number: pullRequests.number,
      headSha: pullRequests.headSha,
      additions: pullRequests.additions,
      deletions: pullRequests.deletions,
    })
    .from(pullRequests)
    .where(and(inArray(pullRequests.projectId, projectIds), eq(pullRequests.state, "open")));
  const map = new Map<string, KnownPull[]>();
  for (const row of rows) map.set(row.projectId, [...(map.get(row.projectId) ?? []), row]);
  return map;
}

/**
 * Writes what was read into a project, inside the caller's transaction: details, every remote
 * branch (new ones added, heads moved), branches gone from the remote removed unless Boxyard
 * created them (those are kept, marked as not upstream), open pull requests upserted and the
 * ones no longer open marked closed.
 */
export async function applyRemoteState(tx: Tx, projectId: string, state: RemoteState, now = new Date()) {
  const { repository, heads } = state;
  await tx
    .update(projects)
    .set({
      owner: repository.owner.login,
      name: repository.name,
      remoteId: repository.id,
      cloneUrl: repository.cloneUrl,
      defaultBranch: heads.defaultBranch ?? repository.defaultBranch,
      private: repository.private,
      appInstalled: state.appInstalled,
      lastSyncedAt: now,
      updatedAt: now,
    })
    .where(eq(projects.id, projectId));

  const names = [...heads.heads.keys()];
  if (names.length > 0) {
    await tx
      .insert(branches)
      .values(names.map((name) => ({ projectId, name, headSha: heads.heads.get(name)!, upstream: true })))
      .onConflictDoUpdate({
        target: [branches.projectId, branches.name],
        set: { headSha: sql`excluded.head_sha`, upstream: true, updatedAt: now },
      });
  }
  const gone = and(
    eq(branches.projectId, projectId),
    names.length > 0 ? notInArray(branches.name, names) : undefined,
  );
  await tx.delete(branches).where(and(gone, sql`${branches.ownerId} is null`));
  await tx
    .update(branches)
    .set({ upstream: false, updatedAt: now })
    .where(and(gone, sql`${branches.ownerId} is not null`));

  await recountBranches(tx, projectId);

  const numbers = state.pullRequests.map((p) => p.number);
  if (numbers.length > 0) {
    await tx
      .insert(pullRequests)
      .values(
        state.pullRequests.map((p) => ({
          projectId,
          number: p.number,
          title: p.title,
          state: p.state,
          branch: p.headRef,
          headOwner: p.headOwner,
          headSha: p.headSha,
          additions: p.additions,
          deletions: p.deletions,
          remoteUpdatedAt: p.updatedAt ? new Date(p.updatedAt) : null,
        })),
      )
      .onConflictDoUpdate({
        target: [pullRequests.projectId, pullRequests.number],
        set: {
          title: sql`excluded.title`,
          state: sql`excluded.state`,
          branch: sql`excluded.branch`,
          headOwner: sql`excluded.head_owner`,
          headSha: sql`excluded.head_sha`,
          additions: sql`excluded.additions`,
          deletions: sql`excluded.deletions`,
          remoteUpdatedAt: sql`excluded.remote_updated_at`,
          updatedAt: now,
        },
      });
  }
  await tx
    .update(pullRequests)
    .set({ state: "closed", updatedAt: now })
    .where(
      and(
        eq(pullRequests.projectId, projectId),
        eq(pullRequests.state, "open"),
        numbers.length > 0 ? notInArray(pullRequests.number, numbers) : undefined,
      ),
    );
}
