import type { QueryClient } from "@tanstack/react-query";
import { queryOptions } from "@tanstack/react-query";
import { graphql, request } from "../graphql.ts";
import { invalidatingMutation, type UiCallbacks } from "../mutation-options.ts";
import { repositoryKeys } from "./repositories.ts";
import { SANDBOX_CARD, type SandboxList, toDashboardSandbox } from "./sandbox-fragments.ts";
import { sandboxKeys } from "./sandboxes.ts";

/** The GitInfo fragment (api-contract §3). */
export type GitInfo = { id: string; branch: string; repo: string; username: string; path: string | null };

export const TEAM_SYNCED_SANDBOXES = graphql(
  `query TeamSyncedSandboxes($id: UUID4!) {
  me { id team(id: $id) { id sandboxes(hasOriginalGit: true) {
    ...SandboxCard
    baseGit { id branch repo username path } originalGit { id branch repo username path } prNumber
  } } }
}`,
  [SANDBOX_CARD],
);

export type SyncedSandboxes = SandboxList & { gitById: Record<string, GitInfo> };

/** `TeamSyncedSandboxes` (api-contract §8): the workspace's sandboxes synced with a repository. */
export const syncedSandboxesQuery = (teamId: string) =>
  queryOptions({
    queryKey: [...sandboxKeys.team(teamId), "synced"] as const,
    queryFn: async ({ signal }): Promise<SyncedSandboxes> => {
      const data = await request(TEAM_SYNCED_SANDBOXES, { id: teamId }, signal);
      const raw = data.me?.team?.sandboxes ?? [];
      const gitById: Record<string, GitInfo> = {};
      for (const sandbox of raw) if (sandbox.originalGit) gitById[sandbox.id] = sandbox.originalGit;
      return { items: raw.map(toDashboardSandbox), gitById };
    },
  });

export type SyncedRepository = { owner: string; repo: string; count: number };

/** The repositories the synced sandboxes come from, by name (the list of /dashboard/synced-sandboxes). */
export function syncedRepositories(list: SyncedSandboxes): SyncedRepository[] {
  const byKey = new Map<string, SyncedRepository>();
  for (const sandbox of list.items) {
    const git = list.gitById[sandbox.id];
    if (!git) continue;
    const key = `${git.username}/${git.repo}`.toLowerCase();
    const entry = byKey.get(key) ?? { owner: git.username, repo: git.repo, count: 0 };
    entry.count += 1;
    byKey.set(key, entry);
  }
  return [...byKey.values()].sort((a, b) =>
    `${a.owner}/${a.repo}`.toLowerCase().localeCompare(`${b.owner}/${b.repo}`.toLowerCase()),
  );
}

export const IMPORT_GITHUB_TEMPLATE = graphql(`mutation ImportGithubTemplate($teamId: UUID4!, $url: String!) {
  importGithubTemplate(teamId: $teamId, url: $url) { id alias title }
}`);

/** Import template (spec 2 §2.4 tab 4): a read-only devbox template kept in sync with the repository. */
export async function importGithubTemplate(vars: { teamId: string; url: string }) {
  const data = await request(IMPORT_GITHUB_TEMPLATE, vars);
  return data.importGithubTemplate;
}

/** A synced template made from a repository: the sandbox lists and the repositories change. */
export const importGithubTemplateMutation = (
  queryClient: QueryClient,
  vars: () => Parameters<typeof importGithubTemplate>[0],
  ui?: UiCallbacks<Awaited<ReturnType<typeof importGithubTemplate>>, void>,
) =>
  invalidatingMutation(
    queryClient,
    () => importGithubTemplate(vars()),
    { keys: () => [sandboxKeys.all, repositoryKeys.all] },
    ui,
  );
