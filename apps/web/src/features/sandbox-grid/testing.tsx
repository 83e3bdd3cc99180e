// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { ResultOf } from "../../api/graphql.ts";
import { metaKeys } from "../../api/queries/meta.ts";
import type { SandboxDetail } from "../../api/queries/sandbox.ts";
import {
  type DashboardSandbox,
  type SANDBOX_CARD,
  toDashboardSandbox,
} from "../../api/queries/sandbox-fragments.ts";
import { userKeys } from "../../api/queries/users.ts";
import type { TeamInfo, Workspace } from "../../api/queries/workspaces.ts";
import type { Features } from "../../api/rest-types.ts";
import { routes } from "../../app/routes.tsx";
import {
  type Answers,
  answers,
  recordOperations,
  refuseOtherOperations,
} from "../../test/graphql-handlers.ts";
import { ALL_FEATURES, createTestQueryClient, makeUser, setLoginMarker } from "../../test/render.tsx";
import { type RouteTable, serveRoutes } from "../../test/rest-handlers.ts";
import { server } from "../../test/server.ts";
import { Toaster } from "../../ui/Toaster.tsx";
import { SessionProvider } from "../session/SessionProvider.tsx";

export const USER = makeUser();
export const TEAM_ID = "ws-personal";

export function workspace(role: "ADMIN" | "WRITE" | "READ" = "ADMIN"): Workspace {
  return {
    id: TEAM_ID,
    name: "Ada's space",
    description: null,
    avatarUrl: null,
    insertedAt: "2024-01-01T00:00:00Z",
    settings: { minimumPrivacy: 0 },
    userAuthorizations: [{ userId: USER.id, authorization: role, teamManager: false }],
    users: [],
    invitees: [],
    subscription: null,
    featureFlags: { ubbBeta: false, friendOfCsb: false },
    limits: { includedPublicSandboxes: 2_147_483_647, includedPrivateSandboxes: 5 },
    usage: { publicSandboxesQuantity: 0, privateSandboxesQuantity: 0 },
  };
}

/** The workspace's full record (GetTeam's TeamInfo), the user with `role` in it. */
export function teamInfo(
  role: "ADMIN" | "WRITE" | "READ" = "ADMIN",
  overrides: Partial<TeamInfo> = {},
): TeamInfo {
  return {
    id: TEAM_ID,
    name: "Ada's space",
    description: null,
    inviteToken: "token123",
    type: "TEAM",
    avatarUrl: null,
    frozen: false,
    insertedAt: "2024-01-01T00:00:00Z",
    users: [{ id: USER.id, name: USER.name, username: USER.username, avatarUrl: null }],
    invitees: [],
    userAuthorizations: [{ userId: USER.id, authorization: role, teamManager: false, drafts: 0 }],
    settings: {
      minimumPrivacy: 0,
      preventSandboxExport: false,
      preventSandboxLeaving: false,
      defaultAuthorization: "WRITE",
      aiConsent: {
        privateRepositories: false,
        privateSandboxes: false,
        publicRepositories: false,
        publicSandboxes: false,
      },
    },
    subscription: null,
    limits: {
      includedCredits: 400,
      includedVmTier: 2,
      onDemandCreditLimit: 0,
      includedPublicSandboxes: 2_147_483_647,
      includedPrivateSandboxes: 5,
      includedMembers: 5,
    },
    usage: { sandboxes: 0, credits: 0, publicSandboxesQuantity: 0, privateSandboxesQuantity: 0 },
    featureFlags: { ubbBeta: true, friendOfCsb: false },
    metadata: { useCases: [] },
    invitations: [],
    ...overrides,
  };
}

/** A sandbox as the server answers the widest fragment (SandboxCard); every narrower one is part of it. */
export type SandboxCard = ResultOf<typeof SANDBOX_CARD>;

export function sandbox(id: string, overrides: Partial<SandboxCard> = {}): SandboxCard {
  return {
    id,
    alias: null,
    title: `Sandbox ${id}`,
    description: null,
    insertedAt: "2026-01-01T10:00:00Z",
    updatedAt: "2026-11-01T10:00:00Z",
    lastAccessedAt: null,
    removedAt: null,
    privacy: 0,
    isFrozen: false,
    isV2: false,
    draft: false,
    restricted: false,
    viewCount: 0,
    likeCount: 0,
    screenshotUrl: null,
    teamId: TEAM_ID,
    authorId: USER.id,
    author: { username: "ada" },
    collection: { id: "c-root", path: "/" },
    source: { template: "react" },
    customTemplate: null,
    forkedTemplate: null,
    permissions: { preventSandboxLeaving: false, preventSandboxExport: false },
    ...overrides,
  };
}

/**
 * Renders the app at `path`, signed in, with the GraphQL operations a dashboard page asks answered by
 * name (typed by their documents; a `GraphQLAnswerError` thrown answers `errors`), and `rest` routes.
 */
export type DashboardOptions<K extends string> = {
  role?: "ADMIN" | "WRITE" | "READ";
  frozen?: boolean;
  rest?: RouteTable<K>;
  features?: Features;
};

export function startDashboard<const K extends string = never>(
  path: string,
  operations: Answers,
  {
    role = "ADMIN",
    frozen = false,
    rest = {} as RouteTable<K>,
    features = ALL_FEATURES,
  }: DashboardOptions<K> = {},
) {
  const client = createTestQueryClient();
  client.setQueryData(metaKeys.features, features);
  setLoginMarker();
  client.setQueryData(userKeys.current, USER);
  const all: Answers = {
    AllTeams: () => ({ me: { id: USER.id, primaryWorkspaceId: TEAM_ID, workspaces: [workspace(role)] } }),
    GetTeam: () => ({ me: { id: USER.id, team: teamInfo(role, { frozen }) } }),
    AllCollections: () => ({
      me: { id: USER.id, collections: [{ id: "c-root", path: "/", sandboxCount: 0 }] },
    }),
    TeamTemplates: () => ({ me: { id: USER.id, team: { id: TEAM_ID, name: "x", templates: [] } } }),
    TeamSidebarProjects: () => ({
      me: { id: USER.id, team: { id: TEAM_ID, syncedSandboxes: [], projects: [] } },
    }),
    RecentlyAccessedBranches: () => ({ me: { id: USER.id, recentBranches: [] } }),
    ...operations,
  };
  const calls = serveRoutes(rest);
  refuseOtherOperations();
  server.use(...answers(all));
  const operationsCalled = recordOperations();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <RouterProvider router={router} />
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { router, client, calls, operationsCalled };
}

/** The same sandbox as the app holds it after reading an answer. */
export const dashboardSandbox = (
  id: string,
  overrides: Partial<DashboardSandbox> = {},
): DashboardSandbox => ({
  ...toDashboardSandbox(sandbox(id)),
  ...overrides,
});

/** A sandbox as `GET /api/v1/sandboxes/:id` (and a fork) answers it: another workspace's, read-only. */
export function sandboxDetail(overrides: Partial<SandboxDetail> = {}): SandboxDetail {
  return {
    id: "abc123",
    alias: "weather-abc123",
    title: "Weather",
    description: "Rain or shine",
    privacy: 0,
    isV2: false,
    isFrozen: false,
    draft: false,
    viewCount: 3,
    forkCount: 1,
    likeCount: 0,
    liked: false,
    source: { template: "react" },
    teamId: "other-team",
    team: { id: "other-team", name: "Forecasters" },
    author: { id: "u2", username: "grace", name: "Grace Hopper", avatarUrl: null },
    collection: null,
    customTemplate: null,
    forkedTemplate: null,
    forkedFrom: null,
    authorization: "READ",
    permissions: { preventSandboxLeaving: false, preventSandboxExport: false },
    canExport: false,
    insertedAt: "2026-01-01T00:00:00Z",
    updatedAt: "2026-01-02T00:00:00Z",
    directories: [],
    modules: [],
    ...overrides,
  };
}

export const byPath =
  (folders: { path: string; sandboxCount?: number }[], sandboxes: SandboxCard[]) => () => ({
    me: {
      id: USER.id,
      collections: [
        { id: "c-root", path: "/", sandboxCount: 0 },
        ...folders.map((f) => ({ id: `c-${f.path}`, sandboxCount: 0, ...f })),
      ],
      collection: { id: "c", path: "/", sandboxes },
    },
  });
