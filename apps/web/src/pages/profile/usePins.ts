import { ACCOUNT_MESSAGES } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getErrorMessage } from "../../api/errors.ts";
import { profileKeys, updatePins } from "../../api/queries/profiles.ts";
import type { Profile, ProfileSandbox } from "../../api/rest-types.ts";
import { toast } from "../../ui/toastStore.ts";

export type PinChange =
  | { kind: "pins"; sandboxes: ProfileSandbox[]; failure: "pin" | "reorder" }
  | { kind: "showcase"; sandbox: ProfileSandbox | null };

const FAILURE = {
  pin: ACCOUNT_MESSAGES.pinFailed,
  reorder: ACCOUNT_MESSAGES.reorderFailed,
  showcase: ACCOUNT_MESSAGES.showcaseFailed,
} as const;

/** The profile as it looks after a change, before the server answers. */
export function applyPinChange(profile: Profile, change: PinChange): Profile {
  if (change.kind === "pins") {
    return {
      ...profile,
      featuredSandboxes: change.sandboxes.map((s) => s.id),
      pinnedSandboxes: change.sandboxes,
    };
  }
  return {
    ...profile,
    showcasedSandboxShortid: change.sandbox?.id ?? null,
    showcasedSandbox: change.sandbox,
  };
}

/**
 * Pins, reorders and the showcase, saved to the server (spec 2 §2.6): applied at once, rolled back
 * with the failure's message when the server refuses (spec 2 §4, §8).
 */
export function usePins(username: string) {
  const queryClient = useQueryClient();
  const key = profileKeys.profile(username);
  return useMutation({
    mutationFn: (change: PinChange) =>
      updatePins(
        username,
        change.kind === "pins"
          ? { featuredSandboxes: change.sandboxes.map((s) => s.id) }
          : { showcasedSandboxShortid: change.sandbox?.id ?? null },
      ),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Profile>(key);
      if (before) queryClient.setQueryData(key, applyPinChange(before, change));
      return { before };
    },
    onError: (error, change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      const what = change.kind === "pins" ? FAILURE[change.failure] : FAILURE.showcase;
      toast.error(`${what}: ${getErrorMessage(error)}`);
    },
    onSuccess: (profile) => queryClient.setQueryData(key, profile),
  });
}
