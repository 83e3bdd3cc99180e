import type { RouteObject } from "react-router";
import { DashboardRedirect } from "../pages/dashboard/DashboardRedirect.tsx";
import { lazyPage } from "./lazyPage.ts";
import { RequireAuth } from "./RequireAuth.tsx";
import { RootLayout } from "./RootLayout.tsx";
import { CreateRedirect, ProRedirect, RedirectKeepingQuery } from "./redirects.tsx";

// Every page is its own piece, loaded on demand (spec 1 §1).
const DashboardLayout = lazyPage(
  "dashboard",
  () => import("../pages/dashboard/DashboardLayout.tsx"),
  "DashboardLayout",
);
const RecentPage = lazyPage(
  "dashboard-recent",
  () => import("../pages/dashboard/RecentPage.tsx"),
  "RecentPage",
);
const GetStartedPage = lazyPage(
  "dashboard-get-started",
  () => import("../pages/dashboard/GetStartedPage.tsx"),
  "GetStartedPage",
);
const DraftsPage = lazyPage(
  "dashboard-drafts",
  () => import("../pages/dashboard/DraftsPage.tsx"),
  "DraftsPage",
);
const SandboxesPage = lazyPage(
  "dashboard-sandboxes",
  () => import("../pages/dashboard/SandboxesPage.tsx"),
  "SandboxesPage",
);
const DashboardTemplatesPage = lazyPage(
  "dashboard-templates",
  () => import("../pages/dashboard/TemplatesPage.tsx"),
  "TemplatesPage",
);
const RepositoriesPage = lazyPage(
  "dashboard-repositories",
  () => import("../pages/dashboard/RepositoriesPage.tsx"),
  "RepositoriesPage",
);
const RepositoryPage = lazyPage(
  "dashboard-repository",
  () => import("../pages/dashboard/repositories/RepositoryPage.tsx"),
  "RepositoryPage",
);
const MyContributionsPage = lazyPage(
  "dashboard-my-contributions",
  () => import("../pages/dashboard/repositories/MyContributionsPage.tsx"),
  "MyContributionsPage",
);
const SyncedSandboxesPage = lazyPage(
  "dashboard-synced-sandboxes",
  () => import("../pages/dashboard/repositories/SyncedSandboxesPage.tsx"),
  "SyncedSandboxesPage",
);
const DeletedPage = lazyPage(
  "dashboard-deleted",
  () => import("../pages/dashboard/DeletedPage.tsx"),
  "DeletedPage",
);
const SharedPage = lazyPage(
  "dashboard-shared",
  () => import("../pages/dashboard/SharedPage.tsx"),
  "SharedPage",
);
const SearchPage = lazyPage(
  "dashboard-search",
  () => import("../pages/dashboard/SearchPage.tsx"),
  "SearchPage",
);
const SignInPage = lazyPage("signin", () => import("../pages/signin/SignInPage.tsx"), "SignInPage");
const DuplicatePage = lazyPage(
  "signin-duplicate",
  () => import("../pages/signin/SignInPage.tsx"),
  "DuplicatePage",
);
const SignUpPage = lazyPage("signup", () => import("../pages/signin/SignInPage.tsx"), "SignUpPage");
const SignOutPage = lazyPage("signout", () => import("../pages/signin/SignOutPage.tsx"), "SignOutPage");
const VerifyEmailPage = lazyPage(
  "verify-email",
  () => import("../pages/auth/VerifyEmailPage.tsx"),
  "VerifyEmailPage",
);
const SignUpContinuePage = lazyPage(
  "signup-continue",
  () => import("../pages/auth/SignUpContinuePage.tsx"),
  "SignUpContinuePage",
);
const ForgotPasswordPage = lazyPage(
  "forgot-password",
  () => import("../pages/auth/ForgotPasswordPage.tsx"),
  "ForgotPasswordPage",
);
const ResetPasswordPage = lazyPage(
  "reset-password",
  () => import("../pages/auth/ResetPasswordPage.tsx"),
  "ResetPasswordPage",
);
const DevSignInPage = lazyPage(
  "signin-dev",
  () => import("../pages/signin/DevSignInPage.tsx"),
  "DevSignInPage",
);
const ClientLoginPage = lazyPage(
  "client-login",
  () => import("../pages/client-login/ClientLoginPage.tsx"),
  "ClientLoginPage",
);
const TemplatesPage = lazyPage(
  "templates",
  () => import("../pages/templates/TemplatesPage.tsx"),
  "TemplatesPage",
);
const CookiesPage = lazyPage("legal-cookies", () => import("../pages/legal/CookiesPage.tsx"), "CookiesPage");
const GitHubImportPage = lazyPage(
  "s-github",
  () => import("../pages/static/GitHubImportPage.tsx"),
  "GitHubImportPage",
);
const CliPage = lazyPage("s-cli", () => import("../pages/static/CliPage.tsx"), "CliPage");
const CreateWorkspacePage = lazyPage(
  "create-workspace",
  () => import("../pages/create-workspace/CreateWorkspacePage.tsx"),
  "CreateWorkspacePage",
);
const UpgradePage = lazyPage("upgrade", () => import("../pages/upgrade/UpgradePage.tsx"), "UpgradePage");
const PlansPage = lazyPage("plans", () => import("../pages/plans/PlansPage.tsx"), "PlansPage");
const BillingPage = lazyPage("billing", () => import("../pages/billing/BillingPage.tsx"), "BillingPage");
const LocalCheckoutPage = lazyPage(
  "billing-checkout",
  () => import("../pages/billing/LocalCheckoutPage.tsx"),
  "LocalCheckoutPage",
);
const WorkspaceSettingsPage = lazyPage(
  "workspace-settings",
  () => import("../pages/workspace/WorkspaceSettingsPage.tsx"),
  "WorkspaceSettingsPage",
);
const InvitePage = lazyPage("invite", () => import("../pages/invite/InvitePage.tsx"), "InvitePage");
const CodesadboxPage = lazyPage(
  "codesadbox",
  () => import("../pages/crash/CodesadboxPage.tsx"),
  "CodesadboxPage",
);
const CommunitySearchPage = lazyPage(
  "search",
  () => import("../pages/search/CommunitySearchPage.tsx"),
  "CommunitySearchPage",
);
const ProfilePage = lazyPage("profile", () => import("../pages/profile/ProfilePage.tsx"), "ProfilePage");
const PhewPage = lazyPage("phew", () => import("../pages/phew/PhewPage.tsx"), "PhewPage");
const SandboxPage = lazyPage("sandbox", () => import("../pages/sandbox/SandboxPage.tsx"), "SandboxPage");
const AuthorizeSandboxPage = lazyPage(
  "auth-sandbox",
  () => import("../pages/auth/AuthorizePage.tsx"),
  "AuthorizeSandboxPage",
);
const AuthorizeSandpackPage = lazyPage(
  "auth-sandpack",
  () => import("../pages/auth/AuthorizePage.tsx"),
  "AuthorizeSandpackPage",
);
const StandalonePage = lazyPage(
  "standalone",
  () => import("../pages/standalone/StandalonePage.tsx"),
  "StandalonePage",
);
const NotFoundPage = lazyPage(
  "not-found",
  () => import("../pages/not-found/NotFoundPage.tsx"),
  "NotFoundPage",
);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: "/", element: <RedirectKeepingQuery to="/dashboard" /> },
      {
        path: "/dashboard",
        element: (
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <RedirectKeepingQuery to="/dashboard/recent" /> },
          { path: "recent", element: <RecentPage /> },
          { path: "get-started", element: <GetStartedPage /> },
          { path: "drafts", element: <DraftsPage /> },
          { path: "sandboxes/*", element: <SandboxesPage /> },
          { path: "templates", element: <DashboardTemplatesPage /> },
          { path: "repositories", element: <RepositoriesPage /> },
          { path: "repositories/:owner/:name", element: <RepositoryPage /> },
          { path: "my-contributions/*", element: <MyContributionsPage /> },
          { path: "synced-sandboxes/*", element: <SyncedSandboxesPage /> },
          { path: "deleted", element: <DeletedPage /> },
          { path: "shared", element: <SharedPage /> },
          { path: "search", element: <SearchPage /> },
          // archive, home, always-on, all/* and anything else (spec 1 §2)
          { path: "*", element: <DashboardRedirect /> },
        ],
      },
      {
        // The workspace overview, inside the dashboard shell (sidebar 'Settings' and 'Invite members').
        path: "/workspace/:teamId",
        element: (
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        ),
        children: [{ index: true, element: <WorkspaceSettingsPage /> }],
      },
      {
        path: "/invite/:token",
        element: (
          <RequireAuth>
            <InvitePage />
          </RequireAuth>
        ),
      },
      { path: "/s", element: <CreateRedirect kind="sandbox" /> },
      { path: "/d", element: <CreateRedirect kind="devbox" /> },
      { path: "/new", element: <CreateRedirect kind="generic" /> },
      { path: "/s/github", element: <GitHubImportPage /> },
      { path: "/s/cli", element: <CliPage /> },
      // The sandbox page; its id may hold '/' (spec 1 §2 /s/{id*}).
      { path: "/s/*", element: <SandboxPage /> },
      {
        path: "/auth/sandbox/:id",
        element: (
          <RequireAuth>
            <AuthorizeSandboxPage />
          </RequireAuth>
        ),
      },
      {
        path: "/auth/sandpack/:teamId",
        element: (
          <RequireAuth>
            <AuthorizeSandpackPage />
          </RequireAuth>
        ),
      },
      { path: "/pro", element: <ProRedirect /> },
      // The upgrade and manage-subscription flows are one page (spec 2 §2.10).
      ...["/upgrade", "/manage-subscription"].map((path) => ({
        path,
        element: (
          <RequireAuth>
            <UpgradePage />
          </RequireAuth>
        ),
      })),
      { path: "/plans", element: <PlansPage /> },
      // Boxyard's own checkout and billing pages (the local payments adapter).
      {
        path: "/billing/checkout/:sessionId",
        element: (
          <RequireAuth>
            <LocalCheckoutPage />
          </RequireAuth>
        ),
      },
      {
        path: "/billing/:teamId",
        element: (
          <RequireAuth>
            <BillingPage />
          </RequireAuth>
        ),
      },
      { path: "/templates", element: <TemplatesPage /> },
      { path: "/signin", element: <SignInPage /> },
      { path: "/signin/duplicate", element: <DuplicatePage /> },
      { path: "/signin/dev", element: <DevSignInPage /> },
      { path: "/signin/:jwt", element: <DevSignInPage /> },
      { path: "/signout", element: <SignOutPage /> },
      { path: "/verify-email", element: <VerifyEmailPage /> },
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/reset-password", element: <ResetPasswordPage /> },
      { path: "/signup/continue", element: <SignUpContinuePage /> },
      { path: "/signup/:userId", element: <SignUpPage /> },
      { path: "/cli/login", element: <ClientLoginPage /> },
      { path: "/client/login", element: <ClientLoginPage /> },
      { path: "/vscode/login", element: <ClientLoginPage /> },
      {
        path: "/create-workspace",
        element: (
          <RequireAuth>
            <CreateWorkspacePage />
          </RequireAuth>
        ),
      },
      { path: "/standalone/:componentId", element: <StandalonePage /> },
      { path: "/search", element: <CommunitySearchPage /> },
      { path: "/u/:username", element: <ProfilePage /> },
      { path: "/u2/:username", element: <ProfilePage /> },
      { path: "/phew", element: <PhewPage /> },
      { path: "/legal/cookies", element: <CookiesPage /> },
      { path: "/codesadbox", element: <CodesadboxPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
