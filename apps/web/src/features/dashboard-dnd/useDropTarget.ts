import type { DropTarget } from "@boxyard/domain";
import { useDroppable } from "@dnd-kit/core";
import { useActiveWorkspace } from "../workspace/ActiveWorkspaceProvider.tsx";
import { type DropData, dragItemsOf } from "./dragTypes.ts";
import { dropAllowed } from "./dropRules.ts";

export type DropTargetState = {
  setNodeRef: (element: HTMLElement | null) => void;
  /** Something is being dragged. */
  dragging: boolean;
  /** The pointer (or the keyboard) is over this target. */
  isOver: boolean;
  /** What is being dragged may be dropped here (spec 1 §5). */
  allowed: boolean;
};

/** Makes an element a drop target: a folder, Drafts, Templates, Recently deleted or Recent. */
export function useDropTarget({
  id,
  target,
  label,
  region = "sidebar",
  disabled = false,
}: {
  id: string;
  target: DropTarget;
  label: string;
  region?: DropData["region"];
  disabled?: boolean;
}): DropTargetState {
  const { role } = useActiveWorkspace();
  const data: DropData = { target, label, region };
  const { setNodeRef, isOver, active } = useDroppable({ id, data, disabled });
  const items = dragItemsOf(active?.data.current);
  return {
    setNodeRef,
    dragging: items !== null,
    isOver,
    allowed: items !== null && dropAllowed(items, target, role),
  };
}

/** The class names of a target's drop states (DESIGN.md: the accent marks where a drop lands). */
export function dropStateClass(
  state: Pick<DropTargetState, "isOver" | "allowed">,
  classes: { over: string; refused: string },
): string {
  if (!state.isOver) return "";
  return state.allowed ? classes.over : classes.refused;
}
