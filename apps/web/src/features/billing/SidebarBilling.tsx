import { Link } from "react-router";
import { useActiveWorkspace } from "../workspace/ActiveWorkspaceProvider.tsx";
import styles from "./CreditsBlock.module.css";
import { CreditsBlock } from "./CreditsBlock.tsx";
import { billingPaths } from "./paths.ts";
import { useWorkspaceBilling } from "./useWorkspaceBilling.ts";

/** The bottom of the sidebar: the Upgrade link (admins of free workspaces, source 'sidebar') and the credits block (spec 1 §2). */
export function SidebarBilling({ onNavigate }: { onNavigate?: () => void }) {
  const { activeWorkspace } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? null;
  const { facts } = useWorkspaceBilling(teamId);
  return (
    <div className={styles.bottom}>
      {teamId && facts?.manager && !facts.pro && (
        <Link
          className={styles.upgrade}
          to={billingPaths.upgrade({ workspace: teamId, source: "sidebar" })}
          onClick={onNavigate}
        >
          Upgrade
        </Link>
      )}
      <CreditsBlock />
    </div>
  );
}
