import { movePinned } from "@boxyard/domain";
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import type { ProfileSandbox } from "../../api/rest-types.ts";
import { ProfileSandboxCard } from "../../features/profile/ProfileSandboxCard.tsx";
import { Button } from "../../ui/Button.tsx";
import styles from "./ProfilePage.module.css";

/**
 * The pinned sandboxes, in the owner's order. The owner drags a card onto another to move it there
 * (mouse, touch or keyboard: space to lift, arrows, space to drop) and unpins with a button.
 */
export function PinnedSandboxes({
  pinned,
  owner,
  onReorder,
  onUnpin,
}: {
  pinned: ProfileSandbox[];
  owner: boolean;
  onReorder: (next: ProfileSandbox[]) => void;
  onUnpin: (sandbox: ProfileSandbox) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const order = movePinned(
      pinned.map((s) => s.id),
      String(active.id),
      String(over.id),
    );
    onReorder(order.map((id) => pinned.find((s) => s.id === id)!));
  };
  if (!owner) {
    return (
      <ul className={styles.grid} aria-label="Pinned sandboxes">
        {pinned.map((sandbox) => (
          <li key={sandbox.id}>
            <ProfileSandboxCard sandbox={sandbox} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <ul className={styles.grid} aria-label="Pinned sandboxes">
        {pinned.map((sandbox) => (
          <PinnedCard key={sandbox.id} sandbox={sandbox} onUnpin={() => onUnpin(sandbox)} />
        ))}
      </ul>
    </DndContext>
  );
}

function PinnedCard({ sandbox, onUnpin }: { sandbox: ProfileSandbox; onUnpin: () => void }) {
  const drag = useDraggable({ id: sandbox.id });
  const drop = useDroppable({ id: sandbox.id });
  const style = drag.transform
    ? {
        transform: `translate3d(${drag.transform.x}px, ${drag.transform.y}px, 0)`,
        zIndex: 2,
        position: "relative" as const,
      }
    : undefined;
  return (
    <li
      ref={(node) => {
        drag.setNodeRef(node);
        drop.setNodeRef(node);
      }}
      style={style}
      className={[styles.pinned, drop.isOver && !drag.isDragging ? styles.dropTarget : ""].join(" ")}
      data-pinned-id={sandbox.id}
    >
      <ProfileSandboxCard
        sandbox={sandbox}
        actions={
          <>
            <button
              type="button"
              className={styles.handle}
              aria-label={`Move ${sandbox.title || sandbox.id}`}
              {...drag.listeners}
              {...drag.attributes}
            >
              ⠿ Drag to reorder
            </button>
            <Button size="sm" variant="ghost" onClick={onUnpin}>
              Unpin
            </Button>
          </>
        }
      />
    </li>
  );
}
