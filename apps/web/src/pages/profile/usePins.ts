import { ACCOUNT_MESSAGES } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getErrorMessage } from "../../api/errors.ts";
import { updatePinsMutation } from "../../api/queries/profiles.ts";
import { toast } from "../../ui/toastStore.ts";

export { applyPinChange, type PinChange } from "../../api/queries/profiles.ts";

const FAILURE = {
  pin: ACCOUNT_MESSAGES.pinFailed,
  reorder: ACCOUNT_MESSAGES.reorderFailed,
  showcase: ACCOUNT_MESSAGES.showcaseFailed,
} as const;

/**
 * Pins, reorders and the showcase, saved to the server (spec 2 §2.6): applied at once, rolled back
 * with the failure's message when the server refuses (spec 2 §4, §8).
 */
export function usePins(username: string) {
  const queryClient = useQueryClient();
  return useMutation(
    updatePinsMutation(queryClient, username, {
      onError: (error, change) => {
        const what = change.kind === "pins" ? FAILURE[change.failure] : FAILURE.showcase;
        toast.error(`${what}: ${getErrorMessage(error)}`);
      },
    }),
  );
}
