import { FolderIcon } from "../../ui/Icon.tsx";
import { TemplateIcon } from "../sandbox-grid/ItemParts.tsx";
import { sandboxColour } from "../sandbox-grid/sandboxColour.ts";
import styles from "./DragPreview.module.css";
import type { DragItem } from "./dragTypes.ts";

/** The preview shows up to 4 items stacked (spec 1 §9). */
export const PREVIEW_STACK = 4;

/**
 * What follows the pointer while dragging: the first items of the selection stacked, with the
 * number of items when there are several; dimmed over a target that refuses them.
 */
export function DragPreview({ items, refused }: { items: readonly DragItem[]; refused: boolean }) {
  const stack = items.slice(0, PREVIEW_STACK);
  return (
    <div className={styles.preview} data-refused={refused || undefined} aria-hidden="true">
      {stack
        .map((item, index) => (
          <div
            key={item.key}
            className={styles.card}
            data-testid="drag-preview-card"
            style={{ transform: `translate(${index * 6}px, ${index * 6}px)`, zIndex: PREVIEW_STACK - index }}
          >
            <span
              className={styles.icon}
              style={item.sandbox ? { background: sandboxColour(item.sandbox), color: "#fff" } : undefined}
            >
              {item.sandbox ? <TemplateIcon sandbox={item.sandbox} size={16} /> : <FolderIcon size={16} />}
            </span>
            <span className={styles.title}>{index === 0 ? item.title : ""}</span>
          </div>
        ))
        .reverse()}
      {items.length > 1 && (
        <span className={styles.count} data-testid="drag-preview-count">
          {items.length}
        </span>
      )}
    </div>
  );
}
