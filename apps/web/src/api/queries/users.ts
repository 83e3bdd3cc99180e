import { queryOptions } from "@tanstack/react-query";
import { isUnauthorized } from "../errors.ts";
import { rest } from "../rest.ts";
import type { CurrentUser, PendingUser } from "../rest-types.ts";

export const userKeys = {
  all: ["users"] as const,
  current: ["users", "current"] as const,
  pending: (id: string) => ["users", "pending", id] as const,
  available: (username: string) => ["users", "available", username] as const,
  authToken: ["users", "auth-token"] as const,
};

/** The signed-in user, or null when the session is not (or no longer) valid (401). */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return await rest.get<CurrentUser>("/api/v1/users/current", { signal });
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export const currentUserQuery = () =>
  queryOptions({
    queryKey: userKeys.current,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

export const pendingUserQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.pending(id),
    queryFn: ({ signal }) =>
      rest.get<PendingUser>(`/api/v1/users/pending/${encodeURIComponent(id)}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const usernameAvailableQuery = (username: string) =>
  queryOptions({
    queryKey: userKeys.available(username),
    queryFn: async ({ signal }) => {
      const answer = await rest.get<{ available: boolean }>(
        `/api/v1/users/available/${encodeURIComponent(username)}`,
        { signal },
      );
      return answer.available;
    },
    staleTime: 30 * 1000,
    retry: false,
  });

export type FinalizeInput = {
  id: string;
  username: string;
  name: string;
  role: string;
  usage: string;
  companyName: string | null;
  companySize: string | null;
};

/** POST /api/v1/users/finalize (keys go out as snake_case). */
export function finalizeSignUp(input: FinalizeInput) {
  return rest.post<{ primaryTeamId: string }>("/api/v1/users/finalize", input);
}

export function signOutRequest() {
  return rest.delete<void>("/api/v1/users/signout");
}

/** A token for the command line, mobile and editor clients. */
export const authTokenQuery = () =>
  queryOptions({
    queryKey: userKeys.authToken,
    queryFn: ({ signal }) => rest.get<{ token: string }>("/api/v1/auth/auth-token", { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
