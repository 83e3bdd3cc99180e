import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  MeasuringStrategy,
  type Modifier,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useActiveWorkspace } from "../workspace/ActiveWorkspaceProvider.tsx";
import { announcements, DRAG_INSTRUCTIONS } from "./announcements.ts";
import { DragPreview } from "./DragPreview.tsx";
import { type DragItem, dragItemsOf, dropDataOf } from "./dragTypes.ts";
import { dropAllowed, planDrop } from "./dropRules.ts";
import { performDrop } from "./performDrop.ts";
import { type TargetKeyboardOptions, TargetKeyboardSensor } from "./targetKeyboardSensor.ts";

/** The pointer drags once it moved this far, so clicks and double-clicks stay clicks. */
const DRAG_DISTANCE = 5;

/** Under the pointer while it drags; nearest centre when the keyboard moves the preview. */
const collisionDetection: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : closestCenter(args);

/** The preview sits just below and right of the pointer, wherever the item was grabbed. */
const followPointer: Modifier = ({ activatorEvent, activeNodeRect, transform }) => {
  if (!activatorEvent || !activeNodeRect || !("clientX" in activatorEvent)) return transform;
  const { clientX, clientY } = activatorEvent as PointerEvent;
  return {
    ...transform,
    x: transform.x + clientX - activeNodeRect.left + 12,
    y: transform.y + clientY - activeNodeRect.top + 12,
  };
};

const MEASURING = { droppable: { strategy: MeasuringStrategy.Always } };
const OVERLAY_MODIFIERS = [followPointer];

/**
 * Drag and drop on the dashboard (spec 1 §5): the grid's selection onto its folders and onto
 * the sidebar's folders, Drafts, Templates and Recently deleted, by pointer or keyboard. A drop
 * runs as an optimistic change that rolls back with the spec's toast when the server refuses.
 */
export function DashboardDndProvider({ children }: { children: ReactNode }) {
  const { role, activeWorkspace } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? null;
  const queryClient = useQueryClient();
  const [dragging, setDragging] = useState<DragItem[] | null>(null);
  const [refused, setRefused] = useState(false);
  const roleRef = useRef(role);
  roleRef.current = role;
  const itemsRef = useRef<DragItem[] | null>(null);

  const keyboardOptions = useMemo<TargetKeyboardOptions>(
    () => ({
      accepts: (container) => {
        const target = dropDataOf(container.data.current);
        const items = itemsRef.current;
        return target !== null && items !== null && dropAllowed(items, target.target, roleRef.current);
      },
    }),
    [],
  );
  const pointerOptions = useMemo(() => ({ activationConstraint: { distance: DRAG_DISTANCE } }), []);
  const sensors = useSensors(
    useSensor(PointerSensor, pointerOptions),
    useSensor(TargetKeyboardSensor, keyboardOptions),
  );
  const accessibility = useMemo(
    () => ({
      announcements: announcements(() => roleRef.current),
      screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS },
    }),
    [],
  );

  // While dragging, the whole page shows the grabbing cursor.
  useEffect(() => {
    if (!dragging) return;
    document.body.dataset.dragging = "true";
    return () => {
      delete document.body.dataset.dragging;
    };
  }, [dragging]);

  const reset = () => {
    itemsRef.current = null;
    setDragging(null);
    setRefused(false);
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const items = dragItemsOf(active.data.current);
    itemsRef.current = items;
    setDragging(items);
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    const items = dragItemsOf(active.data.current);
    const target = over ? dropDataOf(over.data.current) : null;
    setRefused(Boolean(items && target && !dropAllowed(items, target.target, role)));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const items = dragItemsOf(active.data.current);
    const target = over ? dropDataOf(over.data.current) : null;
    reset();
    if (!items || !target || !teamId) return;
    const plan = planDrop(items, target.target, role, target.label);
    if (plan) void performDrop(queryClient, teamId, plan);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      measuring={MEASURING}
      accessibility={accessibility}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={reset}
    >
      {children}
      <DragOverlay dropAnimation={null} modifiers={OVERLAY_MODIFIERS} zIndex={1000}>
        {dragging && <DragPreview items={dragging} refused={refused} />}
      </DragOverlay>
    </DndContext>
  );
}
