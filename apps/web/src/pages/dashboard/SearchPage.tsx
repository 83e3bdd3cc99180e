import { MESSAGES, searchResultsTitle } from "@boxyard/domain";
import { Navigate, useSearchParams } from "react-router";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { SearchIcon } from "../../ui/Icon.tsx";
import { DashboardPage } from "./DashboardPage.tsx";

/** /dashboard/search?query={q} (spec 1 §2). */
export function SearchPage() {
  const [params] = useSearchParams();
  const query = params.get("query")?.trim() ?? "";
  if (!query) return <Navigate to="/dashboard/recent" replace />;
  return (
    <DashboardPage title={searchResultsTitle(query)}>
      <EmptyState icon={<SearchIcon />} title={MESSAGES.searchEmpty} />
    </DashboardPage>
  );
}
