import type { QueryClient } from "@tanstack/react-query";
import { signOutRequest } from "../../api/queries/users.ts";
import { setStoredWorkspaceId } from "./storage.ts";

/** Sign-out (spec 1 §4): ends the server session, clears the selected workspace and the user, reloads to /. */
export async function signOut(
  queryClient: QueryClient,
  reload: (path: string) => void = (path) => window.location.assign(path),
) {
  try {
    await signOutRequest();
  } catch (error) {
    console.error("Signing out on the server failed", error);
  }
  setStoredWorkspaceId(null);
  queryClient.clear();
  reload("/");
}
