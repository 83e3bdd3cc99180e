import {
  canEditFolders,
  FOLDER_NAME_REQUIRED,
  folderName,
  folderNameProblem,
  isWithin,
  joinFolderPath,
  MESSAGES,
  movedPath,
  parentPath,
} from "@boxyard/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { allCollectionsQuery, createFolder, renameFolder } from "../../api/queries/folders.ts";
import { MenuContent, MenuItem, MenuRoot, MenuTrigger } from "../../ui/Menu.tsx";
import { toast } from "../../ui/toastStore.ts";
import { deleteFoldersConfirmed } from "../sandbox-actions/folderDeletion.ts";
import { useActiveWorkspace } from "../workspace/ActiveWorkspaceProvider.tsx";
import styles from "./FolderTree.module.css";
import { FolderTreeRow } from "./FolderTreeRow.tsx";
import { buildFolderTree, type FolderNode, folderUrl, openFolderPath } from "./folderTreeModel.ts";

type Menu = { x: number; y: number; path: string } | null;

/**
 * 'All folders' and the folder tree in the sidebar (spec 1 §2 'Sidebar'): rows expand and
 * collapse, and expand by themselves while something is dragged over them; each row is a drop
 * target. Editors get a context menu (root: New folder; others: New folder, Rename folder,
 * Delete folder). Deleting asks first, saying what goes with the folder; deleting the open folder
 * navigates to its parent.
 */
export function FolderTree({ onNavigate }: { onNavigate?: () => void }) {
  const { activeWorkspace, role, frozen } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? "";
  const folders = useQuery({ ...allCollectionsQuery(teamId), enabled: teamId !== "" });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const openPath = openFolderPath(location.pathname);
  const editable = canEditFolders(role, frozen);

  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(["/"]));
  const [menu, setMenu] = useState<Menu>(null);
  // The folder a new one is being named in: a '__NEW__' placeholder row shows there.
  const [creatingIn, setCreatingIn] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const tree = useMemo(() => buildFolderTree(folders.data ?? [], creatingIn), [folders.data, creatingIn]);

  // The open folder's ancestors are expanded.
  useEffect(() => {
    if (!openPath) return;
    setExpanded((current) => {
      const next = new Set(current);
      for (let path = parentPath(openPath); path !== "/"; path = parentPath(path)) next.add(path);
      next.add("/");
      return next.size === current.size ? current : next;
    });
  }, [openPath]);

  const toggle = useCallback(
    (path: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(path)) next.delete(path);
        else next.add(path);
        return next;
      }),
    [],
  );
  const expand = useCallback(
    (path: string) => setExpanded((current) => (current.has(path) ? current : new Set(current).add(path))),
    [],
  );

  const openMenu = (at: { x: number; y: number }, path: string) => setMenu({ ...at, path });

  /** A non-blank name creates the folder; a blank one nothing (spec 1 §4, §5). */
  const create = (base: string, name: string) => {
    setCreatingIn(null);
    const path = joinFolderPath(base, name);
    if (!path || !teamId) return;
    const problem = folderNameProblem(name);
    if (problem) toast.error(problem);
    else void createFolder(queryClient, teamId, path);
  };

  /** A blank name is refused, an unchanged one ignored (spec 1 §4, §5). */
  const rename = (path: string, name: string) => {
    setRenaming(null);
    const trimmed = name.trim();
    if (!trimmed) {
      toast.error(FOLDER_NAME_REQUIRED);
      return;
    }
    if (trimmed === folderName(path)) return;
    const problem = folderNameProblem(trimmed);
    if (problem) {
      toast.error(problem);
      return;
    }
    const newPath = joinFolderPath(parentPath(path), trimmed);
    if (!newPath || !teamId) return;
    if (openPath && isWithin(openPath, path) && path !== "/") {
      navigate(folderUrl(`${newPath}${openPath.slice(path.length)}`));
    }
    // What was expanded stays expanded under the new name.
    setExpanded(
      (current) => new Set([...current].map((p) => (isWithin(p, path) ? movedPath(p, path, newPath) : p))),
    );
    void renameFolder(queryClient, teamId, path, newPath);
  };

  const remove = (path: string) => {
    if (!teamId) return;
    void deleteFoldersConfirmed(queryClient, teamId, [path], {
      onConfirmed: () => {
        if (openPath && isWithin(openPath, path)) navigate(folderUrl(parentPath(path)));
      },
    });
  };

  const renderNode = (node: FolderNode, level: number) => {
    const open = expanded.has(node.path);
    const hasChildren = node.children.length > 0;
    return (
      <li key={node.path}>
        <FolderTreeRow
          node={node}
          level={level}
          open={open}
          hasChildren={hasChildren}
          renaming={renaming === node.path}
          onToggle={toggle}
          onExpand={expand}
          onNavigate={onNavigate}
          onMenu={editable ? openMenu : undefined}
          onCreate={(name) => create(parentPath(node.path), name)}
          onCancelCreate={() => setCreatingIn(null)}
          onRename={(name) => rename(node.path, name)}
          onCancelRename={() => setRenaming(null)}
        />
        {open && hasChildren && (
          <ul className={styles.list}>{node.children.map((child) => renderNode(child, level + 1))}</ul>
        )}
      </li>
    );
  };

  return (
    <>
      <ul aria-label={MESSAGES.allFolders} className={styles.list}>
        {renderNode(tree, 0)}
      </ul>
      <MenuRoot open={menu !== null} onOpenChange={(next) => !next && setMenu(null)} modal={false}>
        <MenuTrigger asChild>
          <span
            aria-hidden="true"
            className={styles.anchor}
            style={{ left: menu?.x ?? 0, top: menu?.y ?? 0 }}
          />
        </MenuTrigger>
        <MenuContent
          align="start"
          sideOffset={2}
          aria-label="Folder actions"
          aria-labelledby={undefined}
          onCloseAutoFocus={(event) => event.preventDefault()}
        >
          {menu && (
            <>
              <MenuItem
                onSelect={() => {
                  expand(menu.path);
                  setCreatingIn(menu.path);
                }}
              >
                New folder
              </MenuItem>
              {menu.path !== "/" && (
                <>
                  <MenuItem onSelect={() => setRenaming(menu.path)}>Rename folder</MenuItem>
                  <MenuItem className={styles.danger} onSelect={() => remove(menu.path)}>
                    Delete folder
                  </MenuItem>
                </>
              )}
            </>
          )}
        </MenuContent>
      </MenuRoot>
    </>
  );
}
