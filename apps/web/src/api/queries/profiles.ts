import type { ProfileSortField } from "@boxyard/domain";
import type { QueryClient } from "@tanstack/react-query";
import { queryOptions } from "@tanstack/react-query";
import { invalidatingMutation, type UiCallbacks } from "../mutation-options.ts";
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
