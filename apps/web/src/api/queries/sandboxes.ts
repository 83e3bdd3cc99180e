import { queryOptions } from "@tanstack/react-query";
import { graphql, request } from "../graphql.ts";
import {
  type DashboardSandbox,
  DELETED_SANDBOX,
  DRAFT_SANDBOX,
  RECENT_SANDBOX,
  SANDBOX_SUMMARY,
  type SandboxList,
  TEMPLATE_CARD,
  toDashboardSandbox,
} from "./sandbox-fragments.ts";

/* ---------------------------------------------------------------------------------------------
 * Keys: everything starts with ["sandboxes"], team lists with ["sandboxes", teamId].
 * ------------------------------------------------------------------------------------------- */

export const sandboxKeys = {
  all: ["sandboxes"] as const,
  team: (teamId: string) => ["sandboxes", teamId] as const,
  drafts: (teamId: string) => ["sandboxes", teamId, "drafts"] as const,
  deleted: (teamId: string) => ["sandboxes", teamId, "deleted"] as const,
  templates: (teamId: string) => ["sandboxes", teamId, "templates"] as const,
  recent: (teamId: string) => ["sandboxes", teamId, "recent"] as const,
  activity: (teamId: string) => ["sandboxes", teamId, "activity"] as const,
  byPath: (teamId: string, path: string) => ["sandboxes", teamId, "path", path] as const,
  shared: ["sandboxes", "shared-with-me"] as const,
};

/* ---------------------------------------------------------------------------------------------
 * Lists (api-contract §8, §9)
 * ------------------------------------------------------------------------------------------- */

export const TEAM_DRAFTS = graphql(
  `query TeamDrafts($teamId: UUID4!, $authorId: UUID4) {
  me { id team(id: $teamId) { id drafts(authorId: $authorId) { ...DraftSandbox } } }
}`,
  [DRAFT_SANDBOX],
);

export const DELETED_TEAM_SANDBOXES = graphql(
  `query DeletedTeamSandboxes($teamId: UUID4!) {
  me { id team(id: $teamId) { id sandboxes(showDeleted: true, orderBy: { field: "updated_at", direction: DESC }) { ...DeletedSandbox } } }
}`,
  [DELETED_SANDBOX],
);

export const TEAM_TEMPLATES = graphql(
  `query TeamTemplates($id: UUID4!) {
  me { id team(id: $id) { id name templates { ...TemplateCard } } }
}`,
  [TEMPLATE_CARD],
);

export const SHARED_WITH_ME_SANDBOXES = graphql(
  `query SharedWithMeSandboxes {
  me { id collaboratorSandboxes { ...SandboxSummary } }
}`,
  [SANDBOX_SUMMARY],
);

export const RECENTLY_ACCESSED_SANDBOXES = graphql(
  `query RecentlyAccessedSandboxes($limit: Int!, $teamId: UUID4) {
  me { id recentlyAccessedSandboxes(limit: $limit, teamId: $teamId) { ...RecentSandbox } }
}`,
  [RECENT_SANDBOX],
);

/** The current user's drafts. The client sends `authorId: null`; the page keeps only the user's own. */
export const teamDraftsQuery = (teamId: string) =>
  queryOptions({
    queryKey: sandboxKeys.drafts(teamId),
    queryFn: async ({ signal }): Promise<SandboxList> => {
      const data = await request(TEAM_DRAFTS, { teamId, authorId: null }, signal);
      return { items: (data.me?.team?.drafts ?? []).map(toDashboardSandbox) };
    },
  });

export const deletedSandboxesQuery = (teamId: string) =>
  queryOptions({
    queryKey: sandboxKeys.deleted(teamId),
    queryFn: async ({ signal }): Promise<SandboxList> => {
      const data = await request(DELETED_TEAM_SANDBOXES, { teamId }, signal);
      return { items: (data.me?.team?.sandboxes ?? []).map(toDashboardSandbox) };
    },
  });

export const teamTemplatesQuery = (teamId: string) =>
  queryOptions({
    queryKey: sandboxKeys.templates(teamId),
    queryFn: async ({ signal }): Promise<SandboxList> => {
      const data = await request(TEAM_TEMPLATES, { id: teamId }, signal);
      const items: DashboardSandbox[] = [];
      for (const template of data.me?.team?.templates ?? []) {
        if (!template.sandbox) continue;
        items.push(
          toDashboardSandbox({
            ...template.sandbox,
            template: { id: template.id, color: template.color, iconUrl: template.iconUrl },
          }),
        );
      }
      return { items };
    },
  });

export const sharedWithMeQuery = () =>
  queryOptions({
    queryKey: sandboxKeys.shared,
    queryFn: async ({ signal }): Promise<SandboxList> => {
      const data = await request(SHARED_WITH_ME_SANDBOXES, undefined, signal);
      return { items: (data.me?.collaboratorSandboxes ?? []).map(toDashboardSandbox) };
    },
  });

export const GET_WORKSPACE_SANDBOXES = graphql(
  `query GetWorkspaceSandboxes($teamId: UUID4!) {
  me { id team(id: $teamId) { id sandboxes(limit: 10, orderBy: { field: "updated_at", direction: DESC }) { ...SandboxSummary } } }
}`,
  [SANDBOX_SUMMARY],
);

/** The Recent page's 'Explore workspace activity' when the user has no recent work of their own. */
export const workspaceActivityQuery = (teamId: string) =>
  queryOptions({
    queryKey: sandboxKeys.activity(teamId),
    queryFn: async ({ signal }): Promise<SandboxList> => {
      const data = await request(GET_WORKSPACE_SANDBOXES, { teamId }, signal);
      return { items: (data.me?.team?.sandboxes ?? []).map(toDashboardSandbox) };
    },
  });

/** The client sends limit 18 (RECENT_LIMIT). */
export const recentlyAccessedQuery = (teamId: string, limit = 18) =>
  queryOptions({
    queryKey: sandboxKeys.recent(teamId),
    queryFn: async ({ signal }): Promise<SandboxList> => {
      const data = await request(RECENTLY_ACCESSED_SANDBOXES, { limit, teamId }, signal);
      return { items: (data.me?.recentlyAccessedSandboxes ?? []).map(toDashboardSandbox) };
    },
    // Fresh for a moment: the answer prefetched on the first load is not asked for again on mount.
    staleTime: 10 * 1000,
  });
