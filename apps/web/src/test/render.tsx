import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { metaKeys } from "../api/queries/meta.ts";
import { userKeys } from "../api/queries/users.ts";
import type { CurrentUser, Features } from "../api/rest-types.ts";
import { ModalHost } from "../app/ModalHost.tsx";
import { AuthFlowProvider } from "../features/auth/AuthFlowProvider.tsx";
import { LOGIN_MARKER_COOKIE } from "../features/session/loginMarker.ts";
import { SessionProvider } from "../features/session/SessionProvider.tsx";
import { Toaster } from "../ui/Toaster.tsx";

export const ALL_FEATURES: Features = {
  loginWithApple: true,
  loginWithGithub: true,
  loginWithGoogle: true,
  loginWithWorkos: true,
  loginWithPassword: false,
  onPremise: false,
  previewUrl: "http://127.0.0.1:3001",
};

export const NO_FEATURES: Features = {
  loginWithApple: false,
  loginWithGithub: false,
  loginWithGoogle: false,
  loginWithWorkos: false,
  loginWithPassword: false,
  onPremise: false,
  previewUrl: null,
};

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: "7b0c1c3e-1111-4c4c-9a9a-000000000001",
    email: "ada@example.com",
    name: "Ada Lovelace",
    username: "ada",
    avatarUrl: null,
    provider: "github",
    bio: null,
    socialLinks: [],
    insertedAt: "2024-05-01T10:00:00Z",
    sendSurvey: false,
    deletionRequested: false,
    experiments: {},
    metadata: {},
    badges: [],
    personalWorkspaceId: "ws-personal",
    primaryWorkspaceId: "ws-personal",
    featuredSandboxes: [],
    showcasedSandboxShortid: null,
    sandboxCount: 0,
    integrations: { github: { email: "ada@example.com" }, vercel: null },
    githubProfile: null,
    ...overrides,
  };
}

export function setLoginMarker() {
  // biome-ignore lint/suspicious/noDocumentCookie: the readable login marker the server sets.
  document.cookie = `${LOGIN_MARKER_COOKIE}=1; path=/`;
}

export function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

type Options = {
  features?: Features;
  user?: CurrentUser | null;
  route?: string;
  queryClient?: QueryClient;
};

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

function Providers({ client, route, children }: { client: QueryClient; route: string; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MemoryRouter initialEntries={[route]}>
          <AuthFlowProvider>
            {children}
            <ModalHost />
            <LocationDisplay />
          </AuthFlowProvider>
        </MemoryRouter>
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}

/** Renders inside the app's providers, with features and user seeded in the query cache. */
export function renderApp(
  ui: ReactElement,
  { features = ALL_FEATURES, user = null, route = "/", queryClient }: Options = {},
) {
  const client = queryClient ?? createTestQueryClient();
  client.setQueryData(metaKeys.features, features);
  if (user) {
    setLoginMarker();
    client.setQueryData(userKeys.current, user);
  }
  return {
    ...render(
      <Providers client={client} route={route}>
        {ui}
      </Providers>,
    ),
    queryClient: client,
  };
}
