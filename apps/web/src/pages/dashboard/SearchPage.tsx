import { MESSAGES, SANDBOX_MESSAGES, searchResultsTitle } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { Navigate, useSearchParams } from "react-router";
import { workspaceSearchQuery } from "../../api/queries/search.ts";
import { folderItem, sandboxItem } from "../../features/sandbox-grid/gridItems.ts";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { SearchIcon } from "../../ui/Icon.tsx";
import { SandboxListPage } from "./SandboxListPage.tsx";

/**
 * /dashboard/search?query={q} (spec 1 §2, §5): the server's ranked matches, folders first, then
 * sandboxes and devboxes, best match first.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const query = params.get("query")?.trim() ?? "";
  const { activeWorkspace } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? "";
  const results = useQuery({
    ...workspaceSearchQuery(teamId, query),
    enabled: teamId !== "" && query !== "",
  });
  if (!query) return <Navigate to="/dashboard/recent" replace />;
  return (
    <SandboxListPage
      title={searchResultsTitle(query)}
      page="SEARCH"
      query={results}
      errorText={SANDBOX_MESSAGES.getSandboxes}
      sortable={false}
      sections={() => [
        {
          items: [
            ...(results.data?.folders ?? []).map(folderItem),
            ...(results.data?.sandboxes ?? []).map(sandboxItem),
          ],
        },
      ]}
      empty={<EmptyState icon={<SearchIcon />} title={MESSAGES.searchEmpty} />}
    />
  );
}
