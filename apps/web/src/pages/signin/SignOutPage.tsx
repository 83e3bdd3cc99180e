import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { signOut } from "../../features/session/signOut.ts";
import { PageSpinner } from "../../ui/Spinner.tsx";

/** /signout: ends the session, clears the stored workspace and reloads to / (spec 1 §4). */
export function SignOutPage() {
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut(queryClient);
  }, [queryClient]);
  return <PageSpinner label="Signing out" />;
}
