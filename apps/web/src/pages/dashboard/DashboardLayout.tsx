import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { getErrorMessage } from "../../api/errors.ts";
import { VerifyEmailBanner } from "../../features/auth/VerifyEmailBanner.tsx";
import { BillingBanner } from "../../features/billing/BillingBanner.tsx";
import { DashboardDndProvider } from "../../features/dashboard-dnd/DashboardDndProvider.tsx";
import { openImportDialog } from "../../features/import-repo/openImportDialog.ts";
import { useWorkspaceLive } from "../../features/live/useWorkspaceLive.ts";
import { openModal } from "../../features/modals/modalStore.ts";
import { visitDashboard } from "../../features/session/dashboardState.ts";
import { AccountNotices } from "../../features/survey/AccountNotices.tsx";
import { EligibleWorkspaceOffer } from "../../features/team-invite/EligibleWorkspaceOffer.tsx";
import { PendingInvitationPrompt } from "../../features/team-invite/PendingInvitationPrompt.tsx";
import {
  ActiveWorkspaceProvider,
  useActiveWorkspace,
} from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Button } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { useReturnFocus } from "../../ui/focusReturn.ts";
import { AlertIcon } from "../../ui/Icon.tsx";
import { PageSpinner } from "../../ui/Spinner.tsx";
import { useMediaQuery } from "../../ui/useMediaQuery.ts";
import styles from "./DashboardLayout.module.css";
import { parseDashboardParams } from "./dashboardParams.ts";
import { Sidebar } from "./Sidebar.tsx";
import { TopBar } from "./TopBar.tsx";

const NavigationDrawer = lazy(async () => ({
  default: (await import("./NavigationDrawer.tsx")).NavigationDrawer,
}));

/** Below this width the sidebar becomes a drawer (DESIGN.md). */
export const DESKTOP_QUERY = "(min-width: 768px)";

/** The signed-in dashboard: top bar, sidebar and the sub-route (spec 1 §2 'Dashboard shell'). */
export function DashboardLayout() {
  return (
    <ActiveWorkspaceProvider>
      <DashboardShell />
    </ActiveWorkspaceProvider>
  );
}

function DashboardShell() {
  const workspace = useActiveWorkspace();
  useWorkspaceLive(workspace.activeWorkspace?.id);
  const location = useLocation();
  const navigate = useNavigate();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Kept once opened, so it can animate its closing.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const returnDrawerFocus = useReturnFocus(drawerOpen);

  // Each page load that opens the dashboard counts one visit (spec 1 §3 'Locally stored state').
  useEffect(() => {
    visitDashboard();
  }, []);

  // Query parameters are handled once and then removed (spec 1 §2): the workspace, the import
  // dialog (import_repo=owner/name prefills it), the create dialog and preferences.
  const { switchWorkspace } = workspace;
  const activeId = workspace.activeWorkspace?.id ?? null;
  // They wait for the workspace, so the dialogs they open are for it, and each address is
  // handled once (the effect runs again when the workspace arrives and under StrictMode).
  const handledParams = useRef<string | null>(null);
  useEffect(() => {
    const { intent, remaining, consumed } = parseDashboardParams(location.search);
    if (!consumed || activeId === null) return;
    if (handledParams.current === location.key) return;
    handledParams.current = location.key;
    if (intent.workspaceId) switchWorkspace(intent.workspaceId);
    if (intent.create) {
      void openModal("create", {
        kind: intent.create.kind,
        forkSandboxId: intent.create.forkSandboxId,
        teamId: intent.workspaceId ?? activeId,
      });
    }
    if (intent.importRepo) {
      void openImportDialog({ teamId: intent.workspaceId ?? activeId, prefill: intent.importRepo.prefill });
    }
    if (intent.preferences) void openModal("preferences", { tab: intent.preferences });
    navigate({ pathname: location.pathname, search: remaining, hash: location.hash }, { replace: true });
  }, [location.search, location.pathname, location.hash, location.key, navigate, switchWorkspace, activeId]);

  return (
    <div className={styles.shell}>
      <PendingInvitationPrompt />
      <BillingBanner />
      <VerifyEmailBanner />
      <TopBar
        showMenuToggle={!desktop}
        onMenuToggle={() => {
          setDrawerUsed(true);
          setDrawerOpen(true);
        }}
      />
      <DashboardDndProvider>
        <div className={styles.body}>
          {desktop ? (
            <aside className={styles.sidebar} aria-label="Dashboard">
              <Sidebar />
            </aside>
          ) : (
            drawerUsed && (
              <Suspense fallback={null}>
                <NavigationDrawer
                  open={drawerOpen}
                  onOpenChange={setDrawerOpen}
                  onCloseAutoFocus={returnDrawerFocus}
                >
                  <Sidebar onNavigate={() => setDrawerOpen(false)} />
                </NavigationDrawer>
              </Suspense>
            )
          )}
          <main className={styles.main} id="main">
            <EligibleWorkspaceOffer />
            {workspace.status === "error" ? (
              <div className={styles.error}>
                <EmptyState
                  icon={<AlertIcon />}
                  title="We couldn't load your workspaces"
                  actions={<Button onClick={workspace.refetch}>Try again</Button>}
                >
                  {getErrorMessage(workspace.error)}
                </EmptyState>
              </div>
            ) : (
              <Suspense fallback={<PageSpinner />}>
                <Outlet />
              </Suspense>
            )}
          </main>
        </div>
      </DashboardDndProvider>
      <AccountNotices />
    </div>
  );
}
