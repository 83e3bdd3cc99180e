import { Navigate, useLocation } from "react-router";
import { dashboardRedirect } from "./dashboardRedirect.ts";

export function DashboardRedirect() {
  const { pathname, search } = useLocation();
  return <Navigate to={dashboardRedirect(pathname, search)} replace />;
}
