import { movedMessage } from "@boxyard/domain";
import { toast } from "../../ui/toastStore.ts";

/** The success toast of a move; the moves of one drop (sandboxes, folders) share it. */
export function toastMoved(destination: string) {
  toast.success(movedMessage(destination), { id: `moved:${destination}` });
}
