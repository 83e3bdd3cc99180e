import { Link, useLocation } from "react-router";
import { openImportDialog } from "../../features/import-repo/openImportDialog.ts";
import { openModal } from "../../features/modals/modalStore.ts";
import { NotificationBell } from "../../features/notifications/NotificationBell.tsx";
import { UserMenu } from "../../features/user-menu/UserMenu.tsx";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { WorkspaceSelector } from "../../features/workspace/WorkspaceSelector.tsx";
import { Button } from "../../ui/Button.tsx";
import { ImportIcon, MenuIcon, PlusIcon } from "../../ui/Icon.tsx";
import { LogoMark } from "../../ui/Logo.tsx";
import { SearchBox } from "./SearchBox.tsx";
import styles from "./TopBar.module.css";

/** The folder a /dashboard/sandboxes/{path*} page shows, to preselect in the create dialog; else null. */
export function folderPathOf(pathname: string): string | null {
  const match = pathname.match(/^\/dashboard\/sandboxes(\/.*)?$/);
  if (!match) return null;
  const parts = (match[1] ?? "").split("/").filter(Boolean).map(decodeURIComponent);
  return `/${parts.join("/")}`;
}

/** The dashboard's top bar (spec 1 §2), 48 px high. */
export function TopBar({
  showMenuToggle,
  onMenuToggle,
}: {
  showMenuToggle: boolean;
  onMenuToggle: () => void;
}) {
  const { canImport, canCreate, role, frozen, activeWorkspace } = useActiveWorkspace();
  const { pathname } = useLocation();
  const importReason = frozen
    ? "This workspace is frozen"
    : role === "READ"
      ? "Viewers cannot import"
      : undefined;

  return (
    <header className={styles.bar}>
      {showMenuToggle && (
        <Button variant="ghost" iconOnly aria-label="Open navigation" onClick={onMenuToggle}>
          <MenuIcon />
        </Button>
      )}
      <Link to="/dashboard/recent" className={styles.logo} aria-label="Recent">
        <LogoMark />
      </Link>
      <span className={styles.divider} aria-hidden="true" />
      <WorkspaceSelector />
      <div className={styles.search}>
        <SearchBox />
      </div>
      <div className={styles.actions}>
        {canImport ? (
          <Button
            variant="secondary"
            size="sm"
            icon={<ImportIcon size={14} />}
            onClick={() => void openImportDialog({ teamId: activeWorkspace?.id ?? null })}
          >
            <span className={styles.label}>Import</span>
          </Button>
        ) : (
          <Button variant="secondary" size="sm" icon={<ImportIcon size={14} />} disabled title={importReason}>
            <span className={styles.label}>Import</span>
          </Button>
        )}
        {canCreate ? (
          <Button
            variant="primary"
            size="sm"
            icon={<PlusIcon size={14} />}
            onClick={() =>
              void openModal("create", {
                kind: "generic",
                teamId: activeWorkspace?.id ?? null,
                folderPath: folderPathOf(pathname),
              })
            }
          >
            <span className={styles.label}>Create</span>
          </Button>
        ) : (
          <Button
            variant="primary"
            size="sm"
            icon={<PlusIcon size={14} />}
            disabled
            title={frozen ? "This workspace is frozen" : "Viewers cannot create"}
          >
            <span className={styles.label}>Create</span>
          </Button>
        )}
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
}
