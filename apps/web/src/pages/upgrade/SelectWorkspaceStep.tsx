import { upgradeEligible } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { allTeamsQuery } from "../../api/queries/workspaces.ts";
import styles from "../../features/billing/Billing.module.css";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { WorkspaceAvatar } from "../../features/workspace/WorkspaceAvatar.tsx";
import { Button } from "../../ui/Button.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";

/**
 * The select-workspace step (spec 2 §2.10, §5): the workspaces the user administers or manages
 * billing of, leaving out those already on an active usage-billing subscription.
 */
export function SelectWorkspaceStep({ onSelect }: { onSelect: (workspaceId: string) => void }) {
  const { user } = useSession();
  const teams = useQuery(allTeamsQuery());
  if (teams.isPending) return <Skeleton height={120} />;
  const eligible = (teams.data?.me?.workspaces ?? []).filter((w) => upgradeEligible(w, user?.id ?? ""));
  return (
    <section className={styles.section} aria-labelledby="select-workspace">
      <h2 id="select-workspace" className={styles.sectionTitle}>
        Which workspace do you want to upgrade?
      </h2>
      {eligible.length === 0 ? (
        <p className={styles.muted}>
          There is no workspace you can upgrade. Only workspace admins and team managers can upgrade a
          workspace.
        </p>
      ) : (
        <ul className={styles.addons} aria-label="Workspaces">
          {eligible.map((workspace) => (
            <li key={workspace.id} className={styles.addon}>
              <span style={{ display: "flex", alignItems: "center", gap: 12 }}>
                <WorkspaceAvatar name={workspace.name} avatarUrl={workspace.avatarUrl} />
                <strong>{workspace.name}</strong>
              </span>
              <Button variant="primary" onClick={() => onSelect(workspace.id)}>
                Select
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
