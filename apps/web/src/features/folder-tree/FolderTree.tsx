import {
  canEditFolders,
  folderName,
  isWithin,
  joinFolderPath,
  MESSAGES,
  normalizePath,
  parentPath,
} from "@boxyard/domain";
import * as Dropdown from "@radix-ui/react-dropdown-menu";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type MouseEvent, useEffect, useMemo, useRef, useState } from "react";
import { NavLink, useLocation, useNavigate } from "react-router";
import {
  allCollectionsQuery,
  createFolder,
  deleteFolder,
  type Folder,
  renameFolder,
} from "../../api/queries/folders.ts";
import { ChevronDownIcon, ChevronRightIcon, FolderIcon } from "../../ui/Icon.tsx";
import { MenuContent, MenuItem } from "../../ui/Menu.tsx";
import { toast } from "../../ui/toastStore.ts";
import { useActiveWorkspace } from "../workspace/ActiveWorkspaceProvider.tsx";
import styles from "./FolderTree.module.css";

export type FolderNode = { path: string; name: string; children: FolderNode[] };

/** The nested tree of the workspace's folders; children sorted by name. The root is '/'. */
export function buildFolderTree(folders: readonly Pick<Folder, "path">[]): FolderNode {
  const root: FolderNode = { path: "/", name: MESSAGES.allFolders, children: [] };
  const nodes = new Map<string, FolderNode>([["/", root]]);
  const paths = [...new Set(folders.map((folder) => normalizePath(folder.path)))].sort(
    (a, b) => a.split("/").length - b.split("/").length,
  );
  for (const path of paths) {
    if (path === "/") continue;
    const node: FolderNode = { path, name: folderName(path), children: [] };
    nodes.set(path, node);
    (nodes.get(parentPath(path)) ?? root).children.push(node);
  }
  for (const node of nodes.values()) {
    node.children.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
  }
  return root;
}

/** '/a b/c' → '/dashboard/sandboxes/a%20b/c'. */
export function folderUrl(path: string): string {
  const normal = normalizePath(path);
  return normal === "/"
    ? "/dashboard/sandboxes"
    : `/dashboard/sandboxes${normal.split("/").map(encodeURIComponent).join("/")}`;
}

/** The folder path of the open sandboxes page, or null on other pages. */
export function openFolderPath(pathname: string): string | null {
  const match = /^\/dashboard\/sandboxes(\/.*)?$/.exec(pathname);
  if (!match) return null;
  return normalizePath((match[1] ?? "").split("/").map(safeDecode).join("/"));
}

function safeDecode(part: string) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

type Menu = { x: number; y: number; path: string } | null;

/**
 * 'All folders' and the folder tree in the sidebar (spec 1 §2 'Sidebar'): rows expand and
 * collapse; editors get a context menu (root: New folder; others: New folder, Rename folder,
 * Delete folder). Deleting the open folder navigates to its parent.
 */
export function FolderTree({ onNavigate }: { onNavigate?: () => void }) {
  const { activeWorkspace, role, frozen } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? "";
  const folders = useQuery({ ...allCollectionsQuery(teamId), enabled: teamId !== "" });
  const tree = useMemo(() => buildFolderTree(folders.data ?? []), [folders.data]);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const openPath = openFolderPath(location.pathname);
  const editable = canEditFolders(role, frozen);

  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(["/"]));
  const [menu, setMenu] = useState<Menu>(null);
  const [creatingIn, setCreatingIn] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);

  // The open folder's ancestors are expanded.
  useEffect(() => {
    if (!openPath) return;
    setExpanded((current) => {
      const next = new Set(current);
      let path = parentPath(openPath);
      while (path !== "/") {
        next.add(path);
        path = parentPath(path);
      }
      next.add("/");
      return next.size === current.size ? current : next;
    });
  }, [openPath]);

  const toggle = (path: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  const onContextMenu = (event: MouseEvent, path: string) => {
    if (!editable) return;
    event.preventDefault();
    setMenu({ x: event.clientX, y: event.clientY, path });
  };

  const create = (base: string, name: string) => {
    setCreatingIn(null);
    const path = joinFolderPath(base, name);
    if (path && teamId) void createFolder(queryClient, teamId, path);
  };

  const rename = (path: string, name: string) => {
    setRenaming(null);
    const trimmed = name.trim();
    if (!trimmed) {
      toast.error("Folder name is required.");
      return;
    }
    if (trimmed === folderName(path)) return; // unchanged names are ignored
    const newPath = joinFolderPath(parentPath(path), trimmed);
    if (!newPath || !teamId) return;
    if (openPath && isWithin(openPath, path) && path !== "/") {
      navigate(folderUrl(`${newPath}${openPath.slice(path.length)}`));
    }
    void renameFolder(queryClient, teamId, path, newPath);
  };

  const remove = (path: string) => {
    if (!teamId) return;
    if (openPath && isWithin(openPath, path)) navigate(folderUrl(parentPath(path)));
    void deleteFolder(queryClient, teamId, path);
  };

  const renderNode = (node: FolderNode, level: number) => {
    const open = expanded.has(node.path);
    const hasChildren = node.children.length > 0 || creatingIn === node.path;
    return (
      <li key={node.path}>
        <div className={styles.row} style={{ paddingLeft: 8 + level * 12 }}>
          {hasChildren ? (
            <button
              type="button"
              className={styles.toggle}
              aria-label={`${open ? "Collapse" : "Expand"} ${node.name}`}
              aria-expanded={open}
              onClick={() => toggle(node.path)}
            >
              {open ? <ChevronDownIcon size={14} /> : <ChevronRightIcon size={14} />}
            </button>
          ) : (
            <span className={styles.toggleSpace} />
          )}
          {renaming === node.path ? (
            <TreeInput
              label="Folder name"
              initial={node.name}
              onCommit={(value) => rename(node.path, value)}
              onCancel={() => setRenaming(null)}
            />
          ) : (
            <NavLink
              to={folderUrl(node.path)}
              end
              className={styles.link}
              onClick={onNavigate}
              onContextMenu={(event) => onContextMenu(event, node.path)}
            >
              <FolderIcon size={16} />
              <span>{node.name}</span>
            </NavLink>
          )}
        </div>
        {open && hasChildren && (
          <ul className={styles.list}>
            {creatingIn === node.path && (
              <li className={styles.row} style={{ paddingLeft: 8 + (level + 1) * 12 }}>
                <span className={styles.toggleSpace} />
                <TreeInput
                  label="New folder name"
                  initial=""
                  onCommit={(value) => create(node.path, value)}
                  onCancel={() => setCreatingIn(null)}
                />
              </li>
            )}
            {node.children.map((child) => renderNode(child, level + 1))}
          </ul>
        )}
      </li>
    );
  };

  return (
    <>
      <ul aria-label={MESSAGES.allFolders} className={styles.list}>
        {renderNode(tree, 0)}
      </ul>
      <Dropdown.Root open={menu !== null} onOpenChange={(next) => !next && setMenu(null)} modal={false}>
        <Dropdown.Trigger asChild>
          <span
            aria-hidden="true"
            className={styles.anchor}
            style={{ left: menu?.x ?? 0, top: menu?.y ?? 0 }}
          />
        </Dropdown.Trigger>
        <MenuContent
          align="start"
          sideOffset={2}
          aria-label="Folder actions"
          onCloseAutoFocus={(event) => event.preventDefault()}
        >
          {menu && (
            <>
              <MenuItem
                onSelect={() => {
                  setExpanded((current) => new Set(current).add(menu.path));
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
      </Dropdown.Root>
    </>
  );
}

function TreeInput({
  label,
  initial,
  onCommit,
  onCancel,
}: {
  label: string;
  initial: string;
  onCommit: (value: string) => void;
  onCancel: () => void;
}) {
  const done = useRef(false);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // After the menu closes and returns focus, take it.
    const id = setTimeout(() => {
      ref.current?.focus();
      ref.current?.select();
    }, 0);
    return () => clearTimeout(id);
  }, []);
  return (
    <input
      ref={ref}
      aria-label={label}
      className={styles.input}
      defaultValue={initial}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          done.current = true;
          onCommit(event.currentTarget.value);
        } else if (event.key === "Escape") {
          done.current = true;
          onCancel();
        }
      }}
      onBlur={(event) => {
        if (done.current) return;
        done.current = true;
        onCommit(event.currentTarget.value);
      }}
    />
  );
}
