import type { Privacy, VmTier } from "@boxyard/domain";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { graphql, request } from "../graphql.ts";
import { invalidatingMutation, type UiCallbacks } from "../mutation-options.ts";
import { rest } from "../rest.ts";
import { folderKeys } from "./folders.ts";
import type { SandboxDetail } from "./sandbox.ts";
import { sandboxKeys } from "./sandboxes.ts";

export const createKeys = {
  vmTiers: ["create", "vm-tiers"] as const,
  title: (nonce: number) => ["create", "generated-title", nonce] as const,
  allRecentTemplates: ["create", "recent-templates"] as const,
  recentTemplates: (teamId: string | null) => ["create", "recent-templates", teamId] as const,
  teamTemplates: (teamId: string) => ["create", "team-templates", teamId] as const,
  source: (id: string) => ["create", "source", id] as const,
};

/** `GET /api/v1/vm_tiers` (api-contract §14): the server's tier table. */
export const vmTiersQuery = () =>
  queryOptions({
    queryKey: createKeys.vmTiers,
    queryFn: async ({ signal }) =>
      (await rest.get<{ vmTiers: VmTier[] }>("/api/v1/vm_tiers", { signal })).vmTiers,
    staleTime: 60 * 60 * 1000,
  });

/** `GET /api/v1/sandboxes/generate_title`: a fresh default name each time the config step opens. */
export const generatedTitleQuery = (nonce: number) =>
  queryOptions({
    queryKey: createKeys.title(nonce),
    queryFn: async ({ signal }) =>
      (await rest.get<{ title: string }>("/api/v1/sandboxes/generate_title", { signal })).title,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    meta: { silent: true },
  });

/** The CreateTemplate fragment (api-contract §3), with the tags the badges are made of. */
export const CREATE_TEMPLATE = graphql(`fragment CreateTemplate on Template {
  iconUrl tags
  sandbox { id alias title description isV2 forkCount viewCount team { name } source { template } }
}`);

export type CreateTemplateEntry = {
  iconUrl: string | null;
  tags?: string[] | null;
  color?: string | null;
  sandbox: {
    id: string;
    alias: string | null;
    title: string | null;
    description: string | null;
    isV2: boolean;
    forkCount: number;
    viewCount: number;
    team: { name: string } | null;
    source: { template: string | null } | null;
  } | null;
};

export const RECENT_TEMPLATES = graphql(
  `query RecentTemplates($teamId: UUID4) {
  me { id recentlyUsedTemplates(teamId: $teamId) { ...CreateTemplate } }
}`,
  [CREATE_TEMPLATE],
);

export const TEAM_TEMPLATES_FOR_CREATE = graphql(
  `query TeamTemplatesForCreate($id: UUID4!) {
  me { id team(id: $id) { id templates { ...CreateTemplate } } }
}`,
  [CREATE_TEMPLATE],
);

/** `RecentTemplates` (api-contract §9): what the user forked from lately into the workspace. */
export const recentTemplatesQuery = (teamId: string | null) =>
  queryOptions({
    queryKey: createKeys.recentTemplates(teamId),
    queryFn: async ({ signal }) => {
      const data = await request(RECENT_TEMPLATES, { teamId }, signal);
      return data.me?.recentlyUsedTemplates ?? [];
    },
    meta: { silent: true },
  });

/** `TeamTemplatesForCreate` (api-contract §9): the workspace's own templates (the 'Workspace' badge). */
export const teamTemplatesQuery = (teamId: string) =>
  queryOptions({
    queryKey: createKeys.teamTemplates(teamId),
    queryFn: async ({ signal }) => {
      const data = await request(TEAM_TEMPLATES_FOR_CREATE, { id: teamId }, signal);
      return data.me?.team?.templates ?? [];
    },
    meta: { silent: true },
  });

export const GET_SANDBOX_WITH_TEMPLATE = graphql(`query GetSandboxWithTemplate($id: ID!) {
  sandbox(sandboxId: $id) {
    id alias title description forkCount viewCount isV2 insertedAt updatedAt
    team { name } source { template } customTemplate { id iconUrl }
  }
}`);

export type SandboxWithTemplate = {
  id: string;
  alias: string | null;
  title: string | null;
  description: string | null;
  forkCount: number;
  viewCount: number;
  isV2: boolean;
  team: { name: string } | null;
  source: { template: string | null } | null;
  customTemplate: { id: string; iconUrl: string | null } | null;
};

/** The sandbox to fork (`GetSandboxWithTemplate`, api-contract §8); null when it cannot be opened. */
export const sandboxWithTemplateQuery = (id: string) =>
  queryOptions({
    queryKey: createKeys.source(id),
    queryFn: async ({ signal }) => {
      const data = await request(GET_SANDBOX_WITH_TEMPLATE, { id }, signal);
      return data.sandbox;
    },
    retry: false,
    meta: { silent: true },
  });

export type ForkBody = {
  title: string;
  teamId: string;
  collectionId: string | null;
  privacy: Privacy;
  v2: boolean;
};

/** `forkSandbox` (spec 2 §7): POST fork with every field, the `/fork/*` form when the id holds a '/'. */
export function forkInto(sourceId: string, body: ForkBody) {
  const path = sourceId.includes("/")
    ? `/api/v1/sandboxes/fork/${sourceId}`
    : `/api/v1/sandboxes/${encodeURIComponent(sourceId)}/fork`;
  return rest.post<SandboxDetail>(path, body);
}

/** `PATCH /api/v1/sandboxes/:id/vm_tier`, sent after a fork when a tier other than the default was chosen. */
export function setVmTier(sandboxId: string, vmTier: number) {
  return rest.patch<void>(`/api/v1/sandboxes/${encodeURIComponent(sandboxId)}/vm_tier`, { vmTier });
}

export type FilesBody = {
  title?: string;
  description?: string;
  teamId?: string;
  collectionId?: string;
  privacy?: Privacy;
  v2?: boolean;
  template?: string;
  files: { path: string; code: string; isBinary: boolean }[];
};

/** `POST /api/v1/sandboxes`: a sandbox made of files (the create-repo-files screen). */
export function createFromFiles(body: FilesBody) {
  return rest.post<SandboxDetail>("/api/v1/sandboxes", body);
}

/** What the config step creates: a fork of `sourceId`, then its VM tier unless the default. */
export type CreateRequest = { sourceId: string; body: ForkBody; vmTier: number | null };

/** The sandbox made, and why its tier could not be set when it could not (it keeps the default). */
export type Created = { sandbox: SandboxDetail & { vmTier?: number }; tierError?: unknown };

/**
 * Creates a sandbox or devbox from the create dialog: it shows in its workspace's lists and
 * folders, and its template among the recent and the workspace's templates.
 */
export const createSandboxMutation = (queryClient: QueryClient, ui?: UiCallbacks<Created, CreateRequest>) =>
  invalidatingMutation(
    queryClient,
    async ({ sourceId, body, vmTier }: CreateRequest): Promise<Created> => {
      const sandbox = await forkInto(sourceId, body);
      if (vmTier === null) return { sandbox };
      try {
        await setVmTier(sandbox.id, vmTier);
        return { sandbox: { ...sandbox, vmTier } };
      } catch (error) {
        return { sandbox, tierError: error };
      }
    },
    {
      keys: (created) => {
        const teamId = created?.sandbox.teamId;
        if (teamId === undefined) return [];
        return [
          sandboxKeys.team(teamId),
          folderKeys.collections(teamId),
          createKeys.allRecentTemplates,
          createKeys.teamTemplates(teamId),
        ];
      },
      wait: false,
    },
    ui,
  );
