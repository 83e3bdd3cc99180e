import type { Privacy, VmTier } from "@boxyard/domain";
import { queryOptions } from "@tanstack/react-query";
import { graphql, request } from "../graphql.ts";
import { rest } from "../rest.ts";
import type { SandboxDetail } from "./sandbox.ts";

export const createKeys = {
  vmTiers: ["create", "vm-tiers"] as const,
  title: (nonce: number) => ["create", "generated-title", nonce] as const,
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
