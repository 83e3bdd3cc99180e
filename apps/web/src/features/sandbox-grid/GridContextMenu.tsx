import { useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { downloadSandboxes } from "../../api/queries/sandbox-download.ts";
import type { DashboardSandbox } from "../../api/queries/sandbox-fragments.ts";
import {
  addToFolder,
  makeSandboxesTemplate,
  moveToTrash,
  permanentlyDeleteSandboxes,
  recoverSandboxes,
  setSandboxesFrozen,
  setSandboxesPermission,
  setSandboxesPrivacy,
  unmakeSandboxesTemplate,
} from "../../api/queries/sandbox-mutations.ts";
import { MenuContent, MenuGroup, MenuItem, MenuLabel, MenuSeparator } from "../../ui/Menu.tsx";
import { PointerMenu } from "../../ui/PointerMenu.tsx";
import { confirm } from "../modals/confirm.ts";
import { openBranchPage } from "../repositories/openBranchPage.ts";
import { type ListPage, openSandbox, PRIVACY_LABELS, sandboxActions } from "../sandbox-actions/actions.ts";
import { deleteFoldersConfirmed } from "../sandbox-actions/folderDeletion.ts";
import { useActiveWorkspace } from "../workspace/ActiveWorkspaceProvider.tsx";
import type { SelectableItem } from "./gridItems.ts";
import styles from "./SandboxGrid.module.css";

// The dialogs' code (Radix Dialog) loads when one opens, not with the grid.
const MoveToFolderDialog = lazy(async () => ({
  default: (await import("../sandbox-actions/MoveToFolderDialog.tsx")).MoveToFolderDialog,
}));
const TemplateAppearanceDialog = lazy(async () => ({
  default: (await import("../sandbox-actions/TemplateAppearanceDialog.tsx")).TemplateAppearanceDialog,
}));

/** Where the menu opens and for which items (the selection, or the item right-clicked). */
export type MenuState = { x: number; y: number; items: SelectableItem[] } | null;

/**
 * The context menu of a grid's items (right-click, 'more', the context-menu key): folder
 * actions for editors, the sandbox actions of `sandboxActions`, and the 'Move to folder' dialog.
 */
export function GridContextMenu({
  menu,
  page,
  onClose,
  onOpen,
  onRename,
  onFocusBack,
}: {
  menu: MenuState;
  page: ListPage;
  onClose: () => void;
  onOpen: (item: SelectableItem) => void;
  onRename: (item: SelectableItem) => void;
  /** Gives the focus back to the grid when the menu closes without moving it elsewhere. */
  onFocusBack: () => void;
}) {
  const { role, frozen, pro, activeWorkspace } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? null;
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState<DashboardSandbox[] | null>(null);
  const [styling, setStyling] = useState<DashboardSandbox | null>(null);
  // A dialog chosen from the menu (its code may still be loading) takes the focus and gives it
  // back to what had it before the menu: the list does not take it meanwhile.
  const dialogChosen = useRef(false);

  const content = (): ReactNode => {
    if (!menu) return null;
    const { items } = menu;
    const folders = items.flatMap((item) => (item.kind === "folder" ? [item.folder] : []));
    const sandboxes = items.flatMap((item) => (item.kind === "sandbox" ? [item.sandbox] : []));
    if (folders.length === 0 && sandboxes.length === 0) {
      // Branches only (Recent): opened on their repository's page.
      const single = items.length === 1 ? items[0]! : null;
      if (!single) return <MenuLabel>No actions</MenuLabel>;
      return (
        <>
          <MenuItem onSelect={() => onOpen(single)}>Open</MenuItem>
          {single.kind === "branch" && (
            <MenuItem onSelect={() => openBranchPage(single.branch, () => undefined, true)}>
              Open in a new tab
            </MenuItem>
          )}
        </>
      );
    }
    if (folders.length > 0 && sandboxes.length === 0) {
      const single = folders.length === 1 ? items[0]! : null;
      const canEdit = role !== "READ" && !frozen && single !== null;
      return (
        <>
          {single && <MenuItem onSelect={() => onOpen(single)}>Open</MenuItem>}
          {canEdit && (
            <>
              <MenuItem onSelect={() => onRename(single)}>Rename folder</MenuItem>
              <MenuItem
                onSelect={() =>
                  teamId && void deleteFoldersConfirmed(queryClient, teamId, [folders[0]!.path])
                }
                className={styles.danger}
              >
                Delete folder
              </MenuItem>
            </>
          )}
          {!single && <MenuLabel>No actions</MenuLabel>}
        </>
      );
    }
    const ids = sandboxes.map((sandbox) => sandbox.id);
    const actions = sandboxActions({ items: sandboxes, page, role, activeTeamId: teamId, pro, frozen });
    if (actions.length === 0) return <MenuLabel>No actions</MenuLabel>;
    const privacy = sandboxes.every((s) => s.privacy === sandboxes[0]!.privacy)
      ? sandboxes[0]!.privacy
      : null;
    const first = items.find((item) => item.kind === "sandbox")!;
    return actions.map((action) => {
      switch (action) {
        case "open":
          return (
            <MenuItem key={action} onSelect={() => openSandbox(sandboxes[0]!)}>
              Open
            </MenuItem>
          );
        case "open-new-tab":
          return (
            <MenuItem key={action} onSelect={() => openSandbox(sandboxes[0]!, true)}>
              Open in a new tab
            </MenuItem>
          );
        case "download":
          return (
            <MenuItem key={action} onSelect={() => teamId && void downloadSandboxes(teamId, ids)}>
              Download
            </MenuItem>
          );
        case "prevent-leaving":
        case "allow-leaving":
          return (
            <MenuItem
              key={action}
              onSelect={() =>
                void setSandboxesPermission(
                  queryClient,
                  ids,
                  "preventSandboxLeaving",
                  action === "prevent-leaving",
                )
              }
            >
              {action === "prevent-leaving" ? "Prevent leaving workspace" : "Allow leaving workspace"}
            </MenuItem>
          );
        case "prevent-export":
        case "allow-export":
          return (
            <MenuItem
              key={action}
              onSelect={() =>
                void setSandboxesPermission(
                  queryClient,
                  ids,
                  "preventSandboxExport",
                  action === "prevent-export",
                )
              }
            >
              {action === "prevent-export" ? "Prevent export as .zip" : "Allow export as .zip"}
            </MenuItem>
          );
        case "rename":
          return (
            <MenuItem key={action} onSelect={() => onRename(first)}>
              Rename
            </MenuItem>
          );
        case "move":
          return (
            <MenuItem
              key={action}
              onSelect={() => {
                dialogChosen.current = true;
                setMoving(sandboxes);
              }}
            >
              Move to folder
            </MenuItem>
          );
        case "make-template":
          return (
            <MenuItem
              key={action}
              onSelect={() => teamId && void makeSandboxesTemplate(queryClient, teamId, ids)}
            >
              Make template
            </MenuItem>
          );
        case "unmake-template":
          return (
            <MenuItem
              key={action}
              onSelect={() => teamId && void unmakeSandboxesTemplate(queryClient, teamId, ids)}
            >
              Convert to sandbox
            </MenuItem>
          );
        case "edit-template":
          return (
            <MenuItem
              key={action}
              onSelect={() => {
                dialogChosen.current = true;
                setStyling(sandboxes[0]!);
              }}
            >
              Template colour and icon
            </MenuItem>
          );
        case "privacy":
          return (
            <MenuGroup key={action} aria-label="Privacy">
              <MenuSeparator />
              <MenuLabel>Privacy</MenuLabel>
              {([0, 1, 2] as const).map((value) => (
                <MenuItem
                  key={value}
                  onSelect={() => privacy !== value && void setSandboxesPrivacy(queryClient, ids, value)}
                  trailing={privacy === value ? "✓" : undefined}
                >
                  {PRIVACY_LABELS[value]}
                </MenuItem>
              ))}
              <MenuSeparator />
            </MenuGroup>
          );
        case "protect":
          return (
            <MenuItem key={action} onSelect={() => void setSandboxesFrozen(queryClient, ids, true)}>
              Protect
            </MenuItem>
          );
        case "unprotect":
          return (
            <MenuItem key={action} onSelect={() => void setSandboxesFrozen(queryClient, ids, false)}>
              Unprotect
            </MenuItem>
          );
        case "trash":
          return (
            <MenuItem
              key={action}
              className={styles.danger}
              onSelect={() => void moveToTrash(queryClient, ids)}
            >
              Move to trash
            </MenuItem>
          );
        case "recover":
          return (
            <MenuItem key={action} onSelect={() => teamId && void recoverSandboxes(queryClient, teamId, ids)}>
              Recover
            </MenuItem>
          );
        case "delete-permanently":
          return (
            <MenuItem
              key={action}
              className={styles.danger}
              onSelect={async () => {
                onClose();
                const ok = await confirm({
                  title: "Delete permanently",
                  message:
                    ids.length === 1
                      ? "This sandbox will be deleted permanently. This cannot be undone."
                      : `These ${ids.length} sandboxes will be deleted permanently. This cannot be undone.`,
                  confirmLabel: "Delete permanently",
                  danger: true,
                });
                if (ok) void permanentlyDeleteSandboxes(queryClient, ids);
              }}
            >
              Delete permanently
            </MenuItem>
          );
        default:
          return null;
      }
    });
  };

  return (
    <>
      <PointerMenu at={menu} onClose={onClose}>
        <MenuContent
          align="start"
          sideOffset={2}
          aria-label="Sandbox actions"
          aria-labelledby={undefined}
          onCloseAutoFocus={(event) => {
            // An inline rename field takes the focus; otherwise it returns to the list.
            event.preventDefault();
            setTimeout(() => {
              if (dialogChosen.current) {
                dialogChosen.current = false;
                return;
              }
              if (!document.activeElement || document.activeElement === document.body) onFocusBack();
            }, 0);
          }}
        >
          {content()}
        </MenuContent>
      </PointerMenu>

      <Suspense fallback={null}>
        {moving && teamId && (
          <MoveToFolderDialog
            open
            teamId={teamId}
            currentPath={moving.length === 1 ? (moving[0]!.collection?.path ?? null) : null}
            onClose={() => setMoving(null)}
            onMove={(target) => {
              const ids = moving.map((sandbox) => sandbox.id);
              setMoving(null);
              void addToFolder(queryClient, {
                teamId,
                sandboxIds: ids,
                path: target.path,
                destination: target.path === null ? "Drafts" : target.label,
              });
            }}
          />
        )}
        {styling && <TemplateAppearanceDialog sandbox={styling} onClose={() => setStyling(null)} />}
      </Suspense>
    </>
  );
}
