import { Navigate, useLocation } from "react-router";
import { useSession } from "../features/session/SessionProvider.tsx";
import { PageSpinner } from "../ui/Spinner.tsx";

/** Keeps the query string across a redirect. */
export function RedirectKeepingQuery({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

export type CreateKind = "sandbox" | "devbox" | "generic";

const CREATE_TARGETS: Record<CreateKind, string> = {
  sandbox: "/dashboard/recent?create_sandbox=true",
  devbox: "/dashboard/recent?create_devbox=true",
  generic: "/dashboard/recent?create=true",
};

/** Where /s, /d and /new lead (spec 1 §2): signed-out visitors to /s or /new see the public templates. */
export function createRedirectTarget(kind: CreateKind, signedIn: boolean): string {
  if (!signedIn && kind !== "devbox") return "/templates";
  return CREATE_TARGETS[kind];
}

export function CreateRedirect({ kind }: { kind: CreateKind }) {
  const { isLoggedIn, isResolving } = useSession();
  if (isResolving) return <PageSpinner />;
  return <Navigate to={createRedirectTarget(kind, isLoggedIn)} replace />;
}

/** /pro: /dashboard on on-premise installs, otherwise /upgrade (spec 1 §2). */
export function ProRedirect() {
  const { features, featuresStatus } = useSession();
  if (featuresStatus === "pending") return <PageSpinner />;
  return <Navigate to={features?.onPremise ? "/dashboard" : "/upgrade"} replace />;
}
