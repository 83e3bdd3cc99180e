import { MESSAGES, movedMessage } from "@boxyard/domain";
import { type ToastAction, toast } from "../../ui/toastStore.ts";

/** An Undo toast stays long enough to reach its button (spec 2 §9: seconds times 1000 ms). */
export const UNDO_TOAST_SECONDS = 8;

/** "1 sandbox", "3 sandboxes". */
export const sandboxCount = (n: number) => `${n} ${n === 1 ? "sandbox" : "sandboxes"}`;

const undoAction = (undo: () => void): ToastAction => ({ label: "Undo", onClick: undo });

/**
 * The success toast of a move ('Successfully moved to {destination}', spec 1 §8), with Undo when
 * it can be undone; the moves of one drop (sandboxes, folders) share it.
 */
export function toastMoved(destination: string, undo?: () => void) {
  toast.success(movedMessage(destination), {
    id: `moved:${destination}`,
    ...(undo ? { action: undoAction(undo), seconds: UNDO_TOAST_SECONDS } : {}),
  });
}

export function trashedMessage(count: number) {
  return `${sandboxCount(count)} moved to ${MESSAGES.deletedTitle}`;
}

/** Sandboxes moved to trash, with Undo (which puts them back where they were). */
export function toastTrashed(count: number, undo: () => void) {
  toast.success(trashedMessage(count), { action: undoAction(undo), seconds: UNDO_TOAST_SECONDS });
}

/** A success toast with Undo (a fork, say). */
export function toastUndoable(message: string, undo: () => void) {
  toast.success(message, { action: undoAction(undo), seconds: UNDO_TOAST_SECONDS });
}
