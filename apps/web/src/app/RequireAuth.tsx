import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useSession } from "../features/session/SessionProvider.tsx";
import { PageSpinner } from "../ui/Spinner.tsx";

export function signInPath(pathname: string, search: string): string {
  return `/signin?continue=${encodeURIComponent(`${pathname}${search}`)}`;
}

/** Signed-out visitors go to the sign-in page carrying the return path (spec 1 §2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoggedIn, isResolving } = useSession();
  const location = useLocation();
  if (isResolving) return <PageSpinner label="Signing you in" />;
  if (!isLoggedIn) return <Navigate to={signInPath(location.pathname, location.search)} replace />;
  return children;
}
