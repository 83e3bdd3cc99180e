import { memo, type ReactNode } from "react";
import { InlineInput } from "../../ui/InlineInput.tsx";
import { folderLabel } from "../dashboard-dnd/dropRules.ts";
import { dropStateClass, useDropTarget } from "../dashboard-dnd/useDropTarget.ts";
import { BranchCard, BranchRow } from "./BranchItem.tsx";
import { itemDomId, itemTitle, type SelectableItem } from "./gridItems.ts";
import { FolderCard, SandboxCard } from "./ItemCard.tsx";
import { MoreButton } from "./ItemParts.tsx";
import { FolderRow, SandboxRow } from "./ItemRow.tsx";
import styles from "./SandboxGrid.module.css";
import type { ViewMode } from "./viewMode.ts";

export type ItemViewProps = {
  item: SelectableItem;
  index: number;
  viewMode: ViewMode;
  selected: boolean;
  focused: boolean;
  renaming: boolean;
  showMore: boolean;
  /** Folders accept drops (on the sandboxes page, for editors). */
  droppable: boolean;
  onRename: (item: SelectableItem, value: string) => void;
  onCancelRename: () => void;
};

/**
 * One item of the grid or list. Memoised: a selection change re-renders only the items whose
 * `selected` or `focused` changed. Clicks, the context menu and drags are handled by the grid
 * (it finds the item by `data-index`), so the item holds no handlers of its own.
 */
export const ItemView = memo(function ItemView(props: ItemViewProps) {
  return props.item.kind === "folder" ? <FolderItem {...props} /> : <Item {...props} />;
});

function FolderItem(props: ItemViewProps) {
  const path = props.item.kind === "folder" ? props.item.folder.path : "/";
  const drop = useDropTarget({
    id: `grid-folder:${path}`,
    target: { folder: path },
    label: folderLabel(path),
    region: "grid",
    disabled: !props.droppable,
  });
  return (
    <Item
      {...props}
      nodeRef={drop.setNodeRef}
      dropClass={dropStateClass(drop, { over: styles.dropOver ?? "", refused: "" })}
    />
  );
}

function Item({
  item,
  index,
  viewMode,
  selected,
  focused,
  renaming,
  showMore,
  onRename,
  onCancelRename,
  nodeRef,
  dropClass = "",
}: ItemViewProps & { nodeRef?: (element: HTMLElement | null) => void; dropClass?: string }) {
  const title = itemTitle(item);
  const titleNode: ReactNode = renaming ? (
    <InlineInput
      label={item.kind === "folder" ? "Folder name" : "Sandbox name"}
      initial={title}
      onCommit={(value) => onRename(item, value)}
      onCancel={onCancelRename}
    />
  ) : (
    <span className={styles.title} title={title}>
      {title}
    </span>
  );
  const more = showMore ? <MoreButton title={title} /> : null;
  const grid = viewMode === "grid";
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: the listbox holds the focus and points at its options with aria-activedescendant.
    <div
      ref={nodeRef}
      id={itemDomId(item.key)}
      role="option"
      aria-selected={selected}
      aria-label={title}
      data-index={index}
      className={[
        grid ? styles.card : styles.listRow,
        selected ? styles.selected : "",
        focused ? styles.focused : "",
        dropClass,
      ].join(" ")}
    >
      {item.kind === "folder" ? (
        grid ? (
          <FolderCard folder={item.folder} title={titleNode} more={more} />
        ) : (
          <FolderRow folder={item.folder} title={titleNode} more={more} />
        )
      ) : item.kind === "branch" ? (
        grid ? (
          <BranchCard branch={item.branch} title={titleNode} more={more} />
        ) : (
          <BranchRow branch={item.branch} title={titleNode} more={more} />
        )
      ) : grid ? (
        <SandboxCard sandbox={item.sandbox} date={item.date} title={titleNode} more={more} />
      ) : (
        <SandboxRow sandbox={item.sandbox} date={item.date} title={titleNode} more={more} />
      )}
    </div>
  );
}

/**
 * An item's placeholder while the list scrolls fast: its card or row, without content. It keeps
 * the option's role, name, id and index, so the list's keyboard, selection and screen readers
 * work on it as on the item.
 */
export const ItemPlaceholder = memo(function ItemPlaceholder({
  item,
  index,
  viewMode,
  selected,
}: Pick<ItemViewProps, "item" | "index" | "viewMode" | "selected">) {
  const grid = viewMode === "grid";
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: as for the item, the listbox holds the focus and points at its options with aria-activedescendant.
    <div
      id={itemDomId(item.key)}
      role="option"
      aria-selected={selected}
      aria-label={itemTitle(item)}
      data-index={index}
      data-placeholder=""
      className={[grid ? styles.card : styles.listRow, selected ? styles.selected : ""].join(" ")}
    >
      <div className={grid ? styles.placeholderThumb : styles.placeholderLine} />
    </div>
  );
});
