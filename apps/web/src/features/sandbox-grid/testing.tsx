// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { metaKeys } from "../../api/queries/meta.ts";
import type { DashboardSandbox } from "../../api/queries/sandbox-fragments.ts";
import { userKeys } from "../../api/queries/users.ts";
import type { Workspace } from "../../api/queries/workspaces.ts";
import { routes } from "../../app/routes.tsx";
import {
  ALL_FEATURES,
  createTestQueryClient,
  json,
  makeUser,
  serveRoutes,
  setLoginMarker,
} from "../../test/render.tsx";
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
    limits: null,
    usage: null,
  } as unknown as Workspace;
}

export function sandbox(id: string, overrides: Partial<DashboardSandbox> = {}): DashboardSandbox {
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

type Operation = (variables: Record<string, unknown>) => unknown;

/**
 * Answers for GraphQL operations by name: data (or its promise), or a thrown Error for
 * `errors: [{message, extensions}]` (`extensions` from the error's own property).
 */
export function startDashboard(
  path: string,
  operations: Record<string, Operation>,
  {
    role = "ADMIN" as "ADMIN" | "WRITE" | "READ",
    frozen = false,
    rest = {} as Parameters<typeof serveRoutes>[0],
    features = ALL_FEATURES,
  } = {},
) {
  const client = createTestQueryClient();
  client.setQueryData(metaKeys.features, features);
  setLoginMarker();
  client.setQueryData(userKeys.current, USER);
  const all: Record<string, Operation> = {
    AllTeams: () => ({ me: { id: USER.id, primaryWorkspaceId: TEAM_ID, workspaces: [workspace(role)] } }),
    GetTeam: () => ({ me: { id: USER.id, team: { id: TEAM_ID, name: "Ada's space", frozen } } }),
    AllCollections: () => ({ me: { id: USER.id, collections: [{ id: "c-root", path: "/" }] } }),
    TeamTemplates: () => ({ me: { id: USER.id, team: { id: TEAM_ID, name: "x", templates: [] } } }),
    TeamSidebarProjects: () => ({
      me: { id: USER.id, team: { id: TEAM_ID, syncedSandboxes: [], projects: [] } },
    }),
    RecentlyAccessedBranches: () => ({ me: { id: USER.id, recentBranches: [] } }),
    ...operations,
  };
  const calls = serveRoutes({
    ...rest,
    "POST /api/graphql": async (_url, init) => {
      const { operationName, variables } = JSON.parse(String(init?.body));
      const operation = all[operationName];
      if (!operation) return json({ errors: [{ message: `unknown operation ${operationName}` }] });
      try {
        return json({ data: await operation(variables ?? {}) });
      } catch (error) {
        const { message, extensions } = error as Error & { extensions?: Record<string, unknown> };
        return json({ errors: [{ message, ...(extensions ? { extensions } : {}) }] });
      }
    },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <RouterProvider router={router} />
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>,
  );
  const operationsCalled = () =>
    calls
      .filter((call) => call.url.pathname === "/api/graphql")
      .map(
        (call) =>
          JSON.parse(String(call.init?.body)) as {
            operationName: string;
            variables: Record<string, unknown>;
          },
      );
  return { router, client, calls, operationsCalled };
}

export const byPath =
  (folders: { path: string; sandboxCount?: number }[], sandboxes: DashboardSandbox[]) => () => ({
    me: {
      id: USER.id,
      collections: [
        { id: "c-root", path: "/", sandboxCount: 0 },
        ...folders.map((f) => ({ id: `c-${f.path}`, sandboxCount: 0, ...f })),
      ],
      collection: { id: "c", path: "/", sandboxes },
    },
  });
