import {
  GRID,
  gridColumns,
  joinFolderPath,
  type Privacy,
  parentPath,
  folderName as pathName,
} from "@boxyard/domain";
import * as Dropdown from "@radix-ui/react-dropdown-menu";
import { useQueryClient } from "@tanstack/react-query";
import { observeElementRect, useVirtualizer } from "@tanstack/react-virtual";
import { formatDistanceToNowStrict } from "date-fns";
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useNavigate } from "react-router";
import { deleteFolder, type Folder, renameFolder } from "../../api/queries/folders.ts";
import {
  addToFolder,
  type DashboardSandbox,
  makeSandboxesTemplate,
  moveToTrash,
  permanentlyDeleteSandboxes,
  recoverSandboxes,
  renameSandbox,
  sandboxTitle,
  setSandboxesFrozen,
  setSandboxesPrivacy,
  unmakeSandboxesTemplate,
} from "../../api/queries/sandboxes.ts";
import { BoxIcon, FolderIcon, TerminalIcon } from "../../ui/Icon.tsx";
import { MenuContent, MenuItem, MenuLabel, MenuSeparator } from "../../ui/Menu.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { toast } from "../../ui/toastStore.ts";
import { confirm } from "../modals/ConfirmModal.tsx";
import { type ListPage, openSandbox, PRIVACY_LABELS, sandboxActions } from "../sandbox-actions/actions.ts";
import { MoveToFolderDialog } from "../sandbox-actions/MoveToFolderDialog.tsx";
import { useActiveWorkspace } from "../workspace/ActiveWorkspaceProvider.tsx";
import { GlobeIcon, LinkIcon, LockIcon, MoreIcon, ShieldIcon } from "./icons.tsx";
import styles from "./SandboxGrid.module.css";
import type { ViewMode } from "./viewMode.ts";

export type GridItem =
  | { kind: "folder"; key: string; folder: Folder }
  | { kind: "sandbox"; key: string; sandbox: DashboardSandbox }
  | { kind: "new-folder"; key: string };

export type GridSection = { title?: string; items: GridItem[] };

export const sandboxItem = (sandbox: DashboardSandbox): GridItem => ({
  kind: "sandbox",
  key: `sandbox:${sandbox.id}`,
  sandbox,
});
export const folderItem = (folder: Folder): GridItem => ({
  kind: "folder",
  key: `folder:${folder.path}`,
  folder,
});
export const NEW_FOLDER_ITEM: GridItem = { kind: "new-folder", key: "new-folder" };

type Row = { type: "header"; title: string } | { type: "items"; items: GridItem[]; start: number };

const HEADER_HEIGHT = 40;
/** Used until the browser has measured (and in test DOMs, which measure nothing). */
const FALLBACK_RECT = { width: 1024, height: 800 };

const TILE_COLOURS = ["#3b82f6", "#14b8a6", "#a855f7", "#f97316", "#ec4899", "#22c55e", "#eab308", "#6366f1"];

/** The tile colour of a sandbox: its template's colour, else one picked from the template name. */
export function tileColour(sandbox: DashboardSandbox): string {
  const own = sandbox.template?.color ?? sandbox.forkedTemplate?.color;
  if (own) return own;
  const name = sandbox.source?.template ?? "";
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return TILE_COLOURS[hash % TILE_COLOURS.length]!;
}

function ago(value: string | null) {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : formatDistanceToNowStrict(date, { addSuffix: true });
}

function PrivacyIcon({ privacy }: { privacy: Privacy }) {
  const label = PRIVACY_LABELS[privacy];
  const Icon = privacy === 0 ? GlobeIcon : privacy === 1 ? LinkIcon : LockIcon;
  return (
    <span className={styles.privacy} title={label}>
      <Icon size={13} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

function TemplateIcon({ sandbox, size }: { sandbox: DashboardSandbox; size: number }) {
  const url = sandbox.template?.iconUrl ?? sandbox.customTemplate?.iconUrl ?? sandbox.forkedTemplate?.iconUrl;
  if (url?.startsWith("https://")) return <img src={url} alt="" width={size} height={size} />;
  return sandbox.isV2 ? <TerminalIcon size={size} /> : <BoxIcon size={size} />;
}

type MenuState = { x: number; y: number; keys: string[] } | null;

/**
 * The virtualised grid or list of a dashboard page (spec 1 §2, §9): selection by click, shift-,
 * ctrl- and meta-click and the keyboard; a context menu on right-click and on 'more'.
 */
export function SandboxGrid({
  sections,
  viewMode,
  page,
  label,
  onCreateFolder,
  onCancelNewFolder,
}: {
  sections: GridSection[];
  viewMode: ViewMode;
  page: ListPage;
  label: string;
  /** The inline 'new folder' row: called with the typed name (blank names create nothing). */
  onCreateFolder?: (name: string) => void;
  onCancelNewFolder?: () => void;
}) {
  const { role, frozen, activeWorkspace } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? null;
  const editor = role !== "READ";
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const listRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  const [scrollMargin, setScrollMargin] = useState(0);

  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const scroller = (element.closest("main") as HTMLElement | null) ?? document.documentElement;
    scrollerRef.current = scroller;
    const measure = () => {
      setWidth(element.clientWidth);
      setScrollMargin(
        element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop,
      );
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const columns = viewMode === "list" ? 1 : gridColumns(width || FALLBACK_RECT.width);
  const flat = useMemo(() => sections.flatMap((section) => section.items), [sections]);
  const rows = useMemo(() => {
    const result: Row[] = [];
    let start = 0;
    for (const section of sections) {
      if (section.title && section.items.length > 0) result.push({ type: "header", title: section.title });
      for (let i = 0; i < section.items.length; i += columns) {
        result.push({ type: "items", items: section.items.slice(i, i + columns), start: start + i });
      }
      start += section.items.length;
    }
    return result;
  }, [sections, columns]);

  const rowOfIndex = useCallback(
    (index: number) =>
      rows.findIndex(
        (row) => row.type === "items" && index >= row.start && index < row.start + row.items.length,
      ),
    [rows],
  );

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: (index) =>
      rows[index]?.type === "header"
        ? HEADER_HEIGHT
        : viewMode === "grid"
          ? GRID.cardHeight + GRID.gap
          : GRID.rowHeight,
    overscan: GRID.overscanRows,
    scrollMargin,
    initialRect: FALLBACK_RECT,
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(
          rect.height > 0 ? rect : { width: rect.width || FALLBACK_RECT.width, height: FALLBACK_RECT.height },
        ),
      ),
  });

  // Row sizes change with the view mode and the column count.
  useEffect(() => {
    if (viewMode && columns > 0) virtualizer.measure();
  }, [virtualizer, viewMode, columns]);

  /* Selection ------------------------------------------------------------------------------ */
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [anchor, setAnchor] = useState(0);
  const [focusIndex, setFocusIndex] = useState(-1);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [menu, setMenu] = useState<MenuState>(null);
  const [moving, setMoving] = useState<DashboardSandbox[] | null>(null);

  // Items that disappear (moved, deleted) leave the selection.
  useEffect(() => {
    setSelected((current) => {
      const keys = new Set(flat.map((item) => item.key));
      const next = new Set([...current].filter((key) => keys.has(key)));
      return next.size === current.size ? current : next;
    });
  }, [flat]);

  const selectIndex = (index: number, event: { shiftKey: boolean; metaKey: boolean; ctrlKey: boolean }) => {
    const item = flat[index];
    if (!item || item.kind === "new-folder") return;
    setFocusIndex(index);
    if (event.shiftKey) {
      const [from, to] = anchor < index ? [anchor, index] : [index, anchor];
      setSelected(
        new Set(
          flat
            .slice(from, to + 1)
            .filter((entry) => entry.kind !== "new-folder")
            .map((entry) => entry.key),
        ),
      );
      return;
    }
    setAnchor(index);
    if (event.metaKey || event.ctrlKey) {
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(item.key)) next.delete(item.key);
        else next.add(item.key);
        return next;
      });
      return;
    }
    setSelected(new Set([item.key]));
  };

  const itemsFor = (keys: readonly string[]) => flat.filter((item) => keys.includes(item.key));
  const sandboxesFor = (keys: readonly string[]) =>
    itemsFor(keys).flatMap((item) => (item.kind === "sandbox" ? [item.sandbox] : []));

  const open = (item: GridItem, newTab = false) => {
    if (item.kind === "folder")
      navigate(
        `/dashboard/sandboxes${item.folder.path === "/" ? "" : item.folder.path.split("/").map(encodeURIComponent).join("/")}`,
      );
    else if (item.kind === "sandbox") openSandbox(item.sandbox, newTab);
  };

  const trash = (keys: readonly string[]) => {
    const ids = sandboxesFor(keys).map((sandbox) => sandbox.id);
    if (ids.length === 0) return;
    if (page === "DELETED") return;
    void moveToTrash(queryClient, ids);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const last = flat.length - 1;
    if (last < 0) return;
    const current = Math.max(0, focusIndex);
    let next: number | null = null;
    switch (event.key) {
      case "ArrowRight":
        next = Math.min(last, focusIndex < 0 ? 0 : current + 1);
        break;
      case "ArrowLeft":
        next = Math.max(0, current - 1);
        break;
      case "ArrowDown":
        next = Math.min(last, focusIndex < 0 ? 0 : current + columns);
        break;
      case "ArrowUp":
        next = Math.max(0, current - columns);
        break;
      case "Home":
        next = 0;
        break;
      case "End":
        next = last;
        break;
      case "Enter": {
        const item = flat[current];
        if (item) open(item, event.metaKey || event.ctrlKey);
        event.preventDefault();
        return;
      }
      case "Delete":
      case "Backspace":
        if (editor && page !== "DELETED") {
          event.preventDefault();
          trash([...selected]);
        }
        return;
      case "Escape":
        setSelected(new Set());
        return;
      case "F2": {
        const item = flat[current];
        if (editor && item && item.kind !== "new-folder" && page !== "DELETED") setRenaming(item.key);
        return;
      }
      default:
        return;
    }
    event.preventDefault();
    if (next === null) return;
    selectIndex(next, { shiftKey: event.shiftKey, metaKey: false, ctrlKey: false });
    const row = rowOfIndex(next);
    if (row >= 0) virtualizer.scrollToIndex(row, { align: "auto" });
  };

  const openMenu = (event: MouseEvent, index: number, fromButton = false) => {
    event.preventDefault();
    event.stopPropagation();
    const item = flat[index];
    if (!item || item.kind === "new-folder") return;
    let keys = [...selected];
    if (!selected.has(item.key)) {
      keys = [item.key];
      setSelected(new Set(keys));
      setAnchor(index);
    }
    setFocusIndex(index);
    if (fromButton) {
      const rect = (event.currentTarget as HTMLElement).getBoundingClientRect();
      setMenu({ x: rect.right, y: rect.bottom, keys });
    } else {
      setMenu({ x: event.clientX, y: event.clientY, keys });
    }
  };

  /* Renaming ------------------------------------------------------------------------------- */
  const commitRename = (item: GridItem, value: string) => {
    setRenaming(null);
    const name = value.trim();
    if (!teamId) return;
    if (item.kind === "sandbox") {
      if (name && name !== sandboxTitle(item.sandbox)) void renameSandbox(queryClient, item.sandbox.id, name);
    } else if (item.kind === "folder") {
      if (!name) {
        toast.error("Folder name is required.");
        return;
      }
      if (name === pathName(item.folder.path)) return;
      const newPath = joinFolderPath(parentPath(item.folder.path), name);
      if (newPath) void renameFolder(queryClient, teamId, item.folder.path, newPath);
    }
  };

  /* The menu ------------------------------------------------------------------------------- */
  const menuItems = (): ReactNode => {
    if (!menu) return null;
    const items = itemsFor(menu.keys);
    const folders = items.flatMap((item) => (item.kind === "folder" ? [item.folder] : []));
    const sandboxes = items.flatMap((item) => (item.kind === "sandbox" ? [item.sandbox] : []));
    const close = () => setMenu(null);
    if (folders.length > 0 && sandboxes.length === 0) {
      const folder = folders[0]!;
      const canEdit = editor && !frozen && folders.length === 1;
      return (
        <>
          {folders.length === 1 && <MenuItem onSelect={() => open(items[0]!)}>Open</MenuItem>}
          {canEdit && (
            <>
              <MenuItem onSelect={() => setRenaming(items[0]!.key)}>Rename folder</MenuItem>
              <MenuItem
                onSelect={() => teamId && void deleteFolder(queryClient, teamId, folder.path)}
                className={styles.danger}
              >
                Delete folder
              </MenuItem>
            </>
          )}
        </>
      );
    }
    const ids = sandboxes.map((sandbox) => sandbox.id);
    const actions = sandboxActions({ items: sandboxes, page, role, activeTeamId: teamId });
    if (actions.length === 0) return <MenuLabel>No actions</MenuLabel>;
    const privacy = sandboxes.every((s) => s.privacy === sandboxes[0]!.privacy)
      ? sandboxes[0]!.privacy
      : null;
    return actions.map((action) => {
      switch (action) {
        case "open":
          return (
            <MenuItem key={action} onSelect={() => openSandbox(sandboxes[0]!)}>
              Open
            </MenuItem>
          );
        case "rename":
          return (
            <MenuItem key={action} onSelect={() => setRenaming(`sandbox:${sandboxes[0]!.id}`)}>
              Rename
            </MenuItem>
          );
        case "move":
          return (
            <MenuItem key={action} onSelect={() => setMoving(sandboxes)}>
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
        case "privacy":
          return (
            <Dropdown.Group key={action} aria-label="Privacy">
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
            </Dropdown.Group>
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
                close();
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

  const activeId = focusIndex >= 0 && flat[focusIndex] ? itemDomId(flat[focusIndex]!.key) : undefined;

  return (
    <>
      <div
        ref={listRef}
        role="listbox"
        aria-label={label}
        aria-multiselectable="true"
        aria-activedescendant={activeId}
        tabIndex={0}
        className={[styles.viewport, viewMode === "list" ? styles.listMode : styles.gridMode].join(" ")}
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
        onClick={(event) => {
          if (event.target === event.currentTarget) setSelected(new Set());
        }}
      >
        {virtualizer.getVirtualItems().map((virtualRow) => {
          const row = rows[virtualRow.index];
          if (!row) return null;
          const style = {
            transform: `translateY(${virtualRow.start - virtualizer.options.scrollMargin}px)`,
          };
          if (row.type === "header") {
            return (
              <div
                key={virtualRow.key}
                className={styles.sectionHeader}
                style={{ ...style, height: HEADER_HEIGHT }}
              >
                <h2>{row.title}</h2>
              </div>
            );
          }
          return (
            <div
              key={virtualRow.key}
              role="presentation"
              className={styles.row}
              style={{
                ...style,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                height: viewMode === "grid" ? GRID.cardHeight : GRID.rowHeight,
              }}
            >
              {row.items.map((item, offset) => {
                const index = row.start + offset;
                if (item.kind === "new-folder") {
                  return (
                    <NewFolderItem
                      key={item.key}
                      viewMode={viewMode}
                      onCommit={(name) => onCreateFolder?.(name)}
                      onCancel={() => onCancelNewFolder?.()}
                    />
                  );
                }
                return (
                  <ItemView
                    key={item.key}
                    item={item}
                    viewMode={viewMode}
                    selected={selected.has(item.key)}
                    focused={focusIndex === index}
                    renaming={renaming === item.key}
                    showMore={page === "DELETED" ? editor : true}
                    onClick={(event) => {
                      listRef.current?.focus({ preventScroll: true });
                      selectIndex(index, event);
                    }}
                    onDoubleClick={() => open(item)}
                    onContextMenu={(event) => openMenu(event, index)}
                    onMore={(event) => openMenu(event, index, true)}
                    onRename={(value) => commitRename(item, value)}
                    onCancelRename={() => {
                      setRenaming(null);
                      listRef.current?.focus({ preventScroll: true });
                    }}
                  />
                );
              })}
            </div>
          );
        })}
      </div>

      <Dropdown.Root open={menu !== null} onOpenChange={(next) => !next && setMenu(null)} modal={false}>
        <Dropdown.Trigger asChild>
          <span
            aria-hidden="true"
            className={styles.menuAnchor}
            style={{ left: menu?.x ?? 0, top: menu?.y ?? 0 }}
          />
        </Dropdown.Trigger>
        <MenuContent
          align="start"
          sideOffset={2}
          aria-label="Sandbox actions"
          onCloseAutoFocus={(event) => {
            // An inline rename field takes focus; otherwise it returns to the list.
            event.preventDefault();
            setTimeout(() => {
              if (!document.activeElement || document.activeElement === document.body) {
                listRef.current?.focus({ preventScroll: true });
              }
            }, 0);
          }}
        >
          {menuItems()}
        </MenuContent>
      </Dropdown.Root>

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
    </>
  );
}

function itemDomId(key: string) {
  return `grid-item-${key.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
}

function ItemView({
  item,
  viewMode,
  selected,
  focused,
  renaming,
  showMore,
  onClick,
  onDoubleClick,
  onContextMenu,
  onMore,
  onRename,
  onCancelRename,
}: {
  item: Extract<GridItem, { kind: "folder" | "sandbox" }>;
  viewMode: ViewMode;
  selected: boolean;
  focused: boolean;
  renaming: boolean;
  showMore: boolean;
  onClick: (event: MouseEvent) => void;
  onDoubleClick: () => void;
  onContextMenu: (event: MouseEvent) => void;
  onMore: (event: MouseEvent) => void;
  onRename: (value: string) => void;
  onCancelRename: () => void;
}) {
  const title = item.kind === "folder" ? pathName(item.folder.path) : sandboxTitle(item.sandbox);
  const titleNode = renaming ? (
    <InlineInput
      label={item.kind === "folder" ? "Folder name" : "Sandbox name"}
      initial={title}
      onCommit={onRename}
      onCancel={onCancelRename}
    />
  ) : (
    <span className={styles.title} title={title}>
      {title}
    </span>
  );
  const more = showMore ? (
    <button
      type="button"
      className={styles.more}
      aria-label={`More actions for ${title}`}
      tabIndex={-1}
      onClick={onMore}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      <MoreIcon size={16} />
    </button>
  ) : null;

  const className = [
    viewMode === "grid" ? styles.card : styles.listRow,
    selected ? styles.selected : "",
    focused ? styles.focused : "",
  ].join(" ");

  const common = {
    id: itemDomId(item.key),
    role: "option" as const,
    "aria-selected": selected,
    "aria-label": title,
    className,
    onClick,
    onDoubleClick,
    onContextMenu,
  };

  if (item.kind === "folder") {
    const count = item.folder.sandboxCount;
    const countText = count === undefined ? null : `${count} ${count === 1 ? "item" : "items"}`;
    if (viewMode === "list") {
      return (
        <div {...common}>
          <span className={styles.rowIcon}>
            <FolderIcon size={18} />
          </span>
          <span className={styles.rowTitle}>{titleNode}</span>
          <span className={styles.rowMeta}>{countText}</span>
          <span className={styles.rowMeta} />
          <span />
          <span className={styles.rowMeta} />
          {more}
        </div>
      );
    }
    return (
      <div {...common}>
        <div className={[styles.thumb, styles.folderThumb].join(" ")}>
          <FolderIcon size={40} />
        </div>
        <div className={styles.meta}>
          <div className={styles.titleLine}>
            {titleNode}
            {more}
          </div>
          <div className={styles.subLine}>{countText ?? "Folder"}</div>
        </div>
      </div>
    );
  }

  const sandbox = item.sandbox;
  const updated = ago(sandbox.updatedAt ?? sandbox.removedAt ?? sandbox.lastAccessedAt);
  const kind = sandbox.isV2 ? "Devbox" : "Sandbox";
  const updatedLabel = sandbox.removedAt && !sandbox.updatedAt ? "Deleted" : "Updated";
  if (viewMode === "list") {
    return (
      <div {...common}>
        <span className={styles.rowIcon} style={{ color: tileColour(sandbox) }}>
          <TemplateIcon sandbox={sandbox} size={18} />
        </span>
        <span className={styles.rowTitle}>
          {titleNode}
          {sandbox.isFrozen && (
            <span title="Protected" className={styles.protected}>
              <ShieldIcon size={12} />
              <span className="visually-hidden">Protected</span>
            </span>
          )}
        </span>
        <span className={styles.rowMeta} title={sandbox.collection?.path ?? "Drafts"}>
          {sandbox.collection ? sandbox.collection.path : "Drafts"}
        </span>
        <span className={styles.rowMeta}>{updated ? `${updatedLabel} ${updated}` : null}</span>
        <PrivacyIcon privacy={sandbox.privacy} />
        <span className={styles.rowMeta}>{sandbox.author?.username ?? null}</span>
        {more}
      </div>
    );
  }
  return (
    <div {...common}>
      <div
        className={styles.thumb}
        style={{ background: sandbox.screenshotUrl ? undefined : tileColour(sandbox) }}
      >
        {sandbox.screenshotUrl ? (
          <img src={sandbox.screenshotUrl} alt="" className={styles.screenshot} loading="lazy" />
        ) : (
          <span className={styles.tileIcon}>
            <TemplateIcon sandbox={sandbox} size={28} />
          </span>
        )}
        <span className={styles.badge}>{kind}</span>
      </div>
      <div className={styles.meta}>
        <div className={styles.titleLine}>
          {titleNode}
          {more}
        </div>
        <div className={styles.subLine}>
          <PrivacyIcon privacy={sandbox.privacy} />
          {sandbox.isFrozen && (
            <span title="Protected" className={styles.protected}>
              <ShieldIcon size={12} />
              <span className="visually-hidden">Protected</span>
            </span>
          )}
          <span className={styles.ellipsis}>
            {updated ? `${updatedLabel} ${updated}` : ""}
            {sandbox.author?.username ? ` · ${sandbox.author.username}` : ""}
          </span>
        </div>
      </div>
    </div>
  );
}

/** An inline name field: Enter or blur commits, Escape cancels. */
function InlineInput({
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
    ref.current?.focus();
    ref.current?.select();
  }, []);
  return (
    <input
      ref={ref}
      aria-label={label}
      className={styles.inlineInput}
      defaultValue={initial}
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        event.stopPropagation();
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

function NewFolderItem({
  viewMode,
  onCommit,
  onCancel,
}: {
  viewMode: ViewMode;
  onCommit: (name: string) => void;
  onCancel: () => void;
}) {
  const input = <InlineInput label="New folder name" initial="" onCommit={onCommit} onCancel={onCancel} />;
  if (viewMode === "list") {
    return (
      <div className={styles.listRow}>
        <span className={styles.rowIcon}>
          <FolderIcon size={18} />
        </span>
        <span className={styles.rowTitle}>{input}</span>
      </div>
    );
  }
  return (
    <div className={styles.card}>
      <div className={[styles.thumb, styles.folderThumb].join(" ")}>
        <FolderIcon size={40} />
      </div>
      <div className={styles.meta}>{input}</div>
    </div>
  );
}

/** Skeletons in the layout of what is loading (DESIGN.md 'Nothing jumps'). */
export function SandboxGridSkeleton({ viewMode, count = 8 }: { viewMode: ViewMode; count?: number }) {
  return (
    <div className={viewMode === "grid" ? styles.skeletonGrid : styles.skeletonList} aria-busy="true">
      <span className="visually-hidden">Loading</span>
      {Array.from({ length: count }, (_, index) =>
        viewMode === "grid" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <div key={index} className={styles.card}>
            <Skeleton height={96} radius={6} />
            <div className={styles.meta}>
              <Skeleton width="60%" height={14} />
              <Skeleton width="40%" height={12} />
            </div>
          </div>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <div key={index} className={styles.listRow}>
            <Skeleton width={20} height={20} />
            <Skeleton width="50%" height={14} />
          </div>
        ),
      )}
    </div>
  );
}
