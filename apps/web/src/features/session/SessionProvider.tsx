import { MESSAGES } from "@boxyard/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { revokeToken } from "../../api/queries/auth.ts";
import { featuresQuery } from "../../api/queries/meta.ts";
import { currentUserQuery, fetchCurrentUser, signOutRequest, userKeys } from "../../api/queries/users.ts";
import type { CurrentUser, Features } from "../../api/rest-types.ts";
import { toast } from "../../ui/toastStore.ts";
import { openModal } from "../modals/modalStore.ts";
import { hasLoginMarker } from "./loginMarker.ts";
import { readStorage, STORAGE_KEYS, setStoredWorkspaceId, writeStorage } from "./storage.ts";

export type DuplicateAccountStatus = { provider: string };

export type Session = {
  features: Features | undefined;
  featuresStatus: "pending" | "error" | "success";
  refetchFeatures: () => void;
  user: CurrentUser | null;
  /** Logged in = the login marker exists and a user is loaded (spec 1 §4). */
  isLoggedIn: boolean;
  /** True until the app knows whether someone is signed in. */
  isResolving: boolean;
  duplicateAccountStatus: DuplicateAccountStatus | null;
  setDuplicateAccountStatus: (status: DuplicateAccountStatus | null) => void;
  pendingUserId: string | null;
  setPendingUserId: (id: string | null) => void;
  /** Loads the user after a sign-in; resolves with null when the server has no session. */
  reloadUser: () => Promise<CurrentUser | null>;
  /** Forgets the user in this tab (no reload). */
  signOutLocally: () => void;
};

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [legacyPending, setLegacyPending] = useState(() => readStorage(STORAGE_KEYS.legacyToken) !== null);
  const [duplicateAccountStatus, setDuplicateAccountStatus] = useState<DuplicateAccountStatus | null>(null);
  const [pendingUserId, setPendingUserId] = useState<string | null>(null);

  const features = useQuery(featuresQuery());
  const marker = hasLoginMarker();
  const userQuery = useQuery({ ...currentUserQuery(), enabled: marker && !legacyPending });

  const signOutLocally = useCallback(() => {
    setStoredWorkspaceId(null);
    queryClient.setQueryData(userKeys.current, null);
  }, [queryClient]);

  // A token stored by an old version: revoke it, sign out, and say so (spec 1 §4, §8).
  const legacyHandled = useRef(false);
  useEffect(() => {
    if (!legacyPending || legacyHandled.current) return;
    legacyHandled.current = true;
    const token = readStorage(STORAGE_KEYS.legacyToken);
    void (async () => {
      if (token)
        await revokeToken(token).catch((error) => console.warn("Could not revoke the stored token", error));
      writeStorage(STORAGE_KEYS.legacyToken, null);
      await signOutRequest().catch(() => undefined);
      signOutLocally();
      setLegacyPending(false);
      toast.info(MESSAGES.legacySignOut, {
        sticky: true,
        id: "legacy-sign-out",
        action: { label: "Sign in", onClick: () => void openModal("signin") },
      });
    })();
  }, [legacyPending, signOutLocally]);

  // A start-up failure other than 401 (spec 1 §8).
  const reportedError = useRef(false);
  useEffect(() => {
    if (userQuery.isError && !reportedError.current) {
      reportedError.current = true;
      console.error("Loading the current user failed", userQuery.error);
      toast.error(MESSAGES.signInStartFailed, { id: "sign-in-start-failed" });
    }
  }, [userQuery.isError, userQuery.error]);

  const reloadUser = useCallback(async () => {
    const user = await fetchCurrentUser();
    queryClient.setQueryData(userKeys.current, user);
    return user;
  }, [queryClient]);

  const user = userQuery.data ?? null;
  const isLoggedIn = Boolean(user) && marker;
  const isResolving = legacyPending || (marker && userQuery.isPending && userQuery.fetchStatus !== "idle");

  const value = useMemo<Session>(
    () => ({
      features: features.data,
      featuresStatus: features.status,
      refetchFeatures: () => void features.refetch(),
      user: isLoggedIn ? user : null,
      isLoggedIn,
      isResolving,
      duplicateAccountStatus,
      setDuplicateAccountStatus,
      pendingUserId,
      setPendingUserId,
      reloadUser,
      signOutLocally,
    }),
    [
      features.data,
      features.status,
      features.refetch,
      user,
      isLoggedIn,
      isResolving,
      duplicateAccountStatus,
      pendingUserId,
      reloadUser,
      signOutLocally,
    ],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error("useSession needs a SessionProvider");
  return session;
}

/** For the crash page, which may render outside the providers. */
export function useOptionalSession(): Session | null {
  return use(SessionContext);
}
