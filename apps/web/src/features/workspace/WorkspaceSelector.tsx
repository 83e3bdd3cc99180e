import { MESSAGES } from "@boxyard/domain";
import { useNavigate } from "react-router";
import { CheckIcon, ChevronDownIcon, PlusIcon } from "../../ui/Icon.tsx";
import { MenuContent, MenuItem, MenuLabel, MenuRoot, MenuSeparator, MenuTrigger } from "../../ui/Menu.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { useActiveWorkspace } from "./ActiveWorkspaceProvider.tsx";
import { WorkspaceAvatar } from "./WorkspaceAvatar.tsx";
import styles from "./WorkspaceSelector.module.css";

export function WorkspaceSelector() {
  const { workspaces, activeWorkspace, switchWorkspace, status } = useActiveWorkspace();
  const navigate = useNavigate();

  if (status === "pending") return <Skeleton width={140} height={24} />;

  return (
    <MenuRoot>
      <MenuTrigger className={styles.trigger} aria-label="Switch workspace">
        {activeWorkspace ? (
          <>
            <WorkspaceAvatar name={activeWorkspace.name} avatarUrl={activeWorkspace.avatarUrl} />
            <span className={styles.name}>{activeWorkspace.name}</span>
          </>
        ) : (
          <span className={styles.name}>Workspaces</span>
        )}
        <ChevronDownIcon size={14} className={styles.chevron} />
      </MenuTrigger>
      <MenuContent align="start">
        <MenuLabel>Workspaces</MenuLabel>
        {workspaces.map((workspace) => (
          <MenuItem
            key={workspace.id}
            icon={<WorkspaceAvatar name={workspace.name} avatarUrl={workspace.avatarUrl} />}
            trailing={workspace.id === activeWorkspace?.id ? <CheckIcon size={14} /> : undefined}
            onSelect={() => switchWorkspace(workspace.id)}
          >
            <span className={styles.itemName}>{workspace.name}</span>
          </MenuItem>
        ))}
        <MenuSeparator />
        <MenuItem icon={<PlusIcon />} onSelect={() => navigate("/create-workspace")}>
          {MESSAGES.createWorkspace}
        </MenuItem>
      </MenuContent>
    </MenuRoot>
  );
}
