import type { Privacy, SandboxAuthorization } from "@boxyard/domain";
import { type QueryClient, type QueryKey, queryOptions } from "@tanstack/react-query";
import { cacheMutation, invalidatingMutation, type UiCallbacks } from "../mutation-options.ts";
import { rest } from "../rest.ts";
import type { SandboxFileDirectory, SandboxFileModule } from "../rest-types.ts";
import { type LikeState, profileKeys, setLike } from "./profiles.ts";
import { sandboxKeys } from "./sandboxes.ts";

type TemplateMeta = {
  id: string;
  color: string | null;
  iconUrl: string | null;
  official: boolean;
  tags: string[];
};

/** `GET /api/v1/sandboxes/:id`: the full sandbox with its files (api-contract §13). */
export type SandboxDetail = {
  id: string;
  alias: string | null;
  title: string | null;
  description: string | null;
  privacy: Privacy;
  isV2: boolean;
  isFrozen: boolean;
  draft: boolean;
  viewCount: number;
  forkCount: number;
  likeCount: number;
  /** Whether the signed-in viewer likes it. */
  liked: boolean;
  source: { template: string | null };
  teamId: string;
  team: { id: string; name: string } | null;
  author: { id: string; username: string; name: string | null; avatarUrl: string | null } | null;
  collection: { id: string; path: string } | null;
  customTemplate: TemplateMeta | null;
  forkedTemplate: TemplateMeta | null;
  forkedFrom: { id: string; alias: string | null; title: string | null } | null;
  authorization: SandboxAuthorization;
  permissions: { preventSandboxLeaving: boolean; preventSandboxExport: boolean };
  canExport: boolean;
  insertedAt: string;
  updatedAt: string;
  directories: SandboxFileDirectory[];
  modules: SandboxFileModule[];
};

export const sandboxPageKeys = {
  all: ["sandbox-page"] as const,
  detail: (id: string) => ["sandbox-page", id] as const,
};

/**
 * Opening a sandbox counts a view and records Recent on the server, so the page fetches it once
 * (no refetch on focus or remount while fresh) and refreshes the Recent lists after.
 */
export const sandboxDetailQuery = (id: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: sandboxPageKeys.detail(id),
    queryFn: async ({ signal }) => {
      const sandbox = await rest.get<SandboxDetail>(`/api/v1/sandboxes/${encodeURIComponent(id)}`, {
        signal,
      });
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === sandboxKeys.all[0] && query.queryKey[2] === "recent",
      });
      return sandbox;
    },
    staleTime: 5 * 60 * 1000,
    meta: { silent: true },
  });

export type ForkRequest = { sourceId: string; teamId: string };

/** POST fork (the `/fork/*` form when the id holds a '/'): a draft in the workspace, private by default. */
export function forkSandbox({ sourceId, teamId }: ForkRequest) {
  const path = sourceId.includes("/")
    ? `/api/v1/sandboxes/fork/${sourceId}`
    : `/api/v1/sandboxes/${encodeURIComponent(sourceId)}/fork`;
  return rest.post<SandboxDetail>(path, { teamId });
}

export type IssuedToken = { token: string; expiresAt: string };

/** A short-lived token that lets a preview at `origin` read this one sandbox. */
export function requestPreviewToken(sandboxId: string, origin: string) {
  return rest.post<IssuedToken & { sandboxId: string }>(
    `/api/v1/sandboxes/${encodeURIComponent(sandboxId)}/preview_token`,
    { origin },
  );
}

/** `POST /api/v1/sandpack/token/:teamId`: a short-lived token that reads the workspace's sandboxes. */
export function requestSandpackToken(teamId: string, origin: string) {
  return rest.post<IssuedToken>(`/api/v1/sandpack/token/${encodeURIComponent(teamId)}`, { origin });
}

/** The zip of one sandbox (GET /api/v1/teams/:teamId/sandboxes/zip). */
export function zipUrl(sandbox: Pick<SandboxDetail, "id" | "teamId">) {
  return `/api/v1/teams/${encodeURIComponent(sandbox.teamId)}/sandboxes/zip?ids=${encodeURIComponent(sandbox.id)}`;
}

/** A fork lands in the target workspace's lists. */
export const forkSandboxMutation = (
  queryClient: QueryClient,
  ui?: UiCallbacks<Awaited<ReturnType<typeof forkSandbox>>, ForkRequest>,
) =>
  invalidatingMutation(
    queryClient,
    forkSandbox,
    { keys: (created) => (created ? [sandboxKeys.team(created.teamId)] : []), wait: false },
    ui,
  );

/**
 * Like or unlike: shown at once on the sandbox's page and rolled back if refused; the answer's
 * count replaces the page's, and the profiles (their liked lists) are read again.
 */
export const likeSandboxMutation = (
  queryClient: QueryClient,
  sandboxId: string,
  ui?: UiCallbacks<LikeState, boolean>,
) => {
  const pages = () =>
    queryClient
      .getQueriesData<SandboxDetail>({ queryKey: sandboxPageKeys.all })
      .filter((entry): entry is [QueryKey, SandboxDetail] => entry[1]?.id === sandboxId);
  return cacheMutation(
    queryClient,
    (liked: boolean) => setLike(sandboxId, liked),
    {
      optimistic: (liked) => {
        const touched = pages();
        for (const [queryKey, data] of touched) {
          queryClient.setQueryData(queryKey, {
            ...data,
            liked,
            likeCount: Math.max(0, data.likeCount + (liked ? 1 : -1)),
          });
        }
        return () => {
          for (const [queryKey, data] of touched) queryClient.setQueryData(queryKey, data);
        };
      },
      update: (state) => {
        for (const [queryKey, data] of pages()) queryClient.setQueryData(queryKey, { ...data, ...state });
      },
      invalidate: { keys: () => [profileKeys.all], wait: false },
    },
    ui,
  );
};
