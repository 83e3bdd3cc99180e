import { useDraggable } from "@dnd-kit/core";
import type { KeyboardEvent, PointerEvent } from "react";
import { useId, useMemo } from "react";
import type { DragData, DragItem } from "../dashboard-dnd/dragTypes.ts";
import { type DraggableItem, isDraggable, itemTitle, type SelectableItem } from "./gridItems.ts";

/** What a grid item is when dragged (spec 1 §5 tells sandboxes, templates and folders apart). */
export function dragItemOf(item: DraggableItem): DragItem {
  if (item.kind === "folder") {
    return { key: item.key, kind: "folder", title: itemTitle(item), folder: item.folder.path, sandbox: null };
  }
  const { sandbox } = item;
  return {
    key: item.key,
    kind: sandbox.customTemplate ? "template" : "sandbox",
    title: itemTitle(item),
    folder: sandbox.collection?.path ?? null,
    sandbox,
  };
}

/**
 * One drag source for the whole grid: a press on an item (or Space on the focused one) drags
 * the selection. Handing the press to dnd-kit from the grid keeps the items free of drag hooks,
 * so scrolling mounts plain, memoised items.
 */
export function useGridDrag(enabled: boolean) {
  const id = useId();
  const data = useMemo<DragData>(() => ({ items: [] }), []);
  const { setNodeRef, listeners, isDragging, attributes } = useDraggable({
    id: `grid:${id}`,
    data,
    disabled: !enabled,
  });

  /** Offers a press to dnd-kit: the pointer sensor starts after a short move, the keyboard at once. */
  const start = (event: PointerEvent | KeyboardEvent, node: HTMLElement, items: SelectableItem[]) => {
    // Branches are not dragged: a selection holding one stays put.
    if (!listeners || items.length === 0 || !items.every(isDraggable)) return;
    data.items = items.filter(isDraggable).map(dragItemOf);
    setNodeRef(node);
    if (event.type === "pointerdown") listeners.onPointerDown?.(event);
    else listeners.onKeyDown?.(event);
  };

  return {
    start,
    isDragging,
    /** The screen reader instructions of the drag (dnd-kit's hidden text). */
    describedBy: enabled ? attributes["aria-describedby"] : undefined,
  };
}
