import { canEditFolders, MESSAGES } from "@boxyard/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { setSandboxesFrozen } from "../../api/queries/sandbox-mutations.ts";
import { teamDraftsQuery } from "../../api/queries/sandboxes.ts";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { FileIcon } from "../../ui/Icon.tsx";
import { MenuCheckboxItem, MenuContent, MenuLabel, MenuRoot, MenuTrigger } from "../../ui/Menu.tsx";
import styles from "./Sidebar.module.css";
import { SidebarDropLink } from "./SidebarLink.tsx";

/**
 * 'Drafts' in the sidebar: a drop target, and for editors a context menu with 'Protected'
 * (spec 1 §2): on when every draft of the user is protected; choosing it protects them all, or
 * unprotects them when they all are. Protected sandboxes cannot be renamed, moved or deleted.
 */
export function DraftsEntry({ to, onNavigate }: { to: string; onNavigate?: () => void }) {
  const { activeWorkspace, role, frozen } = useActiveWorkspace();
  const { user } = useSession();
  const teamId = activeWorkspace?.id ?? "";
  const editable = canEditFolders(role, frozen);
  const queryClient = useQueryClient();
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const drafts = useQuery({ ...teamDraftsQuery(teamId), enabled: teamId !== "" && menu !== null });
  const mine = (drafts.data?.items ?? []).filter(
    (sandbox) => !sandbox.authorId || sandbox.authorId === user?.id,
  );
  const allProtected = mine.length > 0 && mine.every((sandbox) => sandbox.isFrozen);

  const openAt = (x: number, y: number) => editable && setMenu({ x, y });

  const menuNode = (
    <MenuRoot open={menu !== null} onOpenChange={(next) => !next && setMenu(null)} modal={false}>
      <MenuTrigger asChild>
        <span
          aria-hidden="true"
          className={styles.anchor}
          style={{ left: menu?.x ?? 0, top: menu?.y ?? 0 }}
        />
      </MenuTrigger>
      <MenuContent align="start" sideOffset={2} aria-label="Drafts actions" aria-labelledby={undefined}>
        {drafts.isPending ? (
          <MenuLabel>Loading…</MenuLabel>
        ) : (
          <MenuCheckboxItem
            checked={allProtected}
            disabled={mine.length === 0}
            onCheckedChange={() =>
              void setSandboxesFrozen(
                queryClient,
                mine.map((sandbox) => sandbox.id),
                !allProtected,
              )
            }
          >
            Protected
          </MenuCheckboxItem>
        )}
      </MenuContent>
    </MenuRoot>
  );

  return (
    <SidebarDropLink
      to={to}
      icon={<FileIcon />}
      onNavigate={onNavigate}
      target="DRAFTS"
      label={MESSAGES.draftsTitle}
      after={menuNode}
      onContextMenu={(event) => {
        if (!editable) return;
        event.preventDefault();
        openAt(event.clientX, event.clientY);
      }}
      onKeyDown={(event) => {
        if (event.key === "ContextMenu" || (event.key === "F10" && event.shiftKey)) {
          if (!editable) return;
          event.preventDefault();
          const rect = event.currentTarget.getBoundingClientRect();
          openAt(rect.left + 16, rect.bottom);
        }
      }}
    >
      {MESSAGES.draftsTitle}
    </SidebarDropLink>
  );
}
