import type { ProfileSortField } from "@boxyard/domain";
import type { QueryClient } from "@tanstack/react-query";
import { queryOptions } from "@tanstack/react-query";
import { cacheMutation, invalidatingMutation, type UiCallbacks } from "../mutation-options.ts";
import { rest } from "../rest.ts";
import type { Profile, ProfileSandbox, UserSummary } from "../rest-types.ts";

export const profileKeys = {
  all: ["profiles"] as const,
  profile: (username: string) => ["profiles", username.toLowerCase()] as const,
  sandboxes: (username: string, sortBy: string, direction: string, page: number | "all") =>
    ["profiles", username.toLowerCase(), "sandboxes", sortBy, direction, page] as const,
  liked: (username: string, page: number) => ["profiles", username.toLowerCase(), "liked", page] as const,
  search: (prefix: string) => ["users", "search", prefix.toLowerCase()] as const,
};

const path = (username: string) => `/api/v1/users/${encodeURIComponent(username)}`;

export const profileQuery = (username: string) =>
  queryOptions({
    queryKey: profileKeys.profile(username),
    queryFn: ({ signal }) => rest.get<Profile>(path(username), { signal }),
    retry: false,
  });

/** The answer is `{"<page>": [Sandbox]}`. */
export const profileSandboxesQuery = (
  username: string,
  options: { sortBy: ProfileSortField; direction: "asc" | "desc"; page: number | "all" },
) =>
  queryOptions({
    queryKey: profileKeys.sandboxes(username, options.sortBy, options.direction, options.page),
    queryFn: async ({ signal }) => {
      const answer = await rest.get<Record<string, ProfileSandbox[]>>(`${path(username)}/sandboxes`, {
        query: { sortBy: options.sortBy, direction: options.direction, page: options.page },
        signal,
      });
      return answer[String(options.page)] ?? [];
    },
    placeholderData: (previous) => previous,
  });

export const likedSandboxesQuery = (username: string, page: number) =>
  queryOptions({
    queryKey: profileKeys.liked(username, page),
    queryFn: async ({ signal }) => {
      const answer = await rest.get<Record<string, ProfileSandbox[]>>(`${path(username)}/sandboxes/liked`, {
        query: { page },
        signal,
      });
      return answer[String(page)] ?? [];
    },
    placeholderData: (previous) => previous,
  });

/** `PATCH /api/v1/users/:username` with `{user: {featured_sandboxes}}` or `{user: {showcased_sandbox_shortid}}`. */
export function updatePins(
  username: string,
  user: { featuredSandboxes: string[] } | { showcasedSandboxShortid: string | null },
) {
  return rest.patch<Profile>(path(username), { user });
}

export function searchUsers(prefix: string, signal?: AbortSignal) {
  return rest.get<UserSummary[]>("/api/v1/users/search", { query: { username: prefix }, signal });
}

export type LikeState = { sandboxId: string; liked: boolean; likeCount: number };

/** `POST` (like) or `DELETE` (unlike) `/api/v1/sandboxes/:id/like`. */
export function setLike(sandboxId: string, liked: boolean) {
  const url = `/api/v1/sandboxes/${encodeURIComponent(sandboxId)}/like`;
  return liked ? rest.post<LikeState>(url, {}) : rest.delete<LikeState>(url);
}

/** Deletes a sandbox from its owner's profile; the profile pages read again. */
export const deleteProfileSandboxMutation = (
  queryClient: QueryClient,
  id: string,
  ui?: UiCallbacks<void, void>,
) =>
  invalidatingMutation(
    queryClient,
    () => rest.delete<void>(`/api/v1/sandboxes/${encodeURIComponent(id)}`, { body: { id } }),
    { keys: () => [profileKeys.all], wait: false },
    ui,
  );

/** A change to a profile's pins (their order too) or its showcased sandbox. */
export type PinChange =
  | { kind: "pins"; sandboxes: ProfileSandbox[]; failure: "pin" | "reorder" }
  | { kind: "showcase"; sandbox: ProfileSandbox | null };

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

/** Pins and the showcase: shown at once, rolled back if refused; the answer is the profile. */
export const updatePinsMutation = (
  queryClient: QueryClient,
  username: string,
  ui?: UiCallbacks<Profile, PinChange>,
) => {
  const key = profileKeys.profile(username);
  return cacheMutation(
    queryClient,
    (change: PinChange) =>
      updatePins(
        username,
        change.kind === "pins"
          ? { featuredSandboxes: change.sandboxes.map((s) => s.id) }
          : { showcasedSandboxShortid: change.sandbox?.id ?? null },
      ),
    {
      optimistic: async (change) => {
        await queryClient.cancelQueries({ queryKey: key });
        const before = queryClient.getQueryData<Profile>(key);
        if (before) queryClient.setQueryData(key, applyPinChange(before, change));
        return before && (() => queryClient.setQueryData(key, before));
      },
      update: (profile) => queryClient.setQueryData(key, profile),
    },
    ui,
  );
};
