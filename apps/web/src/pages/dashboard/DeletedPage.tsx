import { groupDeleted, MESSAGES, SANDBOX_MESSAGES } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { deletedSandboxesQuery } from "../../api/queries/sandboxes.ts";
import { sandboxItem } from "../../features/sandbox-grid/gridItems.ts";
import { sortSandboxes } from "../../features/sandbox-grid/viewMode.ts";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { TrashIcon } from "../../ui/Icon.tsx";
import { SandboxListPage } from "./SandboxListPage.tsx";

export const DELETED_EMPTY_TEXT =
  "Drag sandboxes or templates here to delete them. Deleted items are permanently removed after 30 days.";

/** /dashboard/deleted, 'Recently deleted': 'Deleted this week' and 'Deleted earlier', always a list (spec 1 §2). */
export function DeletedPage() {
  const { activeWorkspace } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? "";
  const deleted = useQuery({ ...deletedSandboxesQuery(teamId), enabled: teamId !== "" });

  return (
    <SandboxListPage
      title={MESSAGES.deletedTitle}
      page="DELETED"
      forcedView="list"
      query={{ status: teamId ? deleted.status : "pending", refetch: deleted.refetch }}
      errorText={SANDBOX_MESSAGES.getDeleted}
      sections={(order) => {
        const items = sortSandboxes(deleted.data?.items ?? [], order);
        const { thisWeek, earlier } = groupDeleted(items);
        return [
          { title: "Deleted this week", items: thisWeek.map(sandboxItem) },
          { title: "Deleted earlier", items: earlier.map(sandboxItem) },
        ];
      }}
      empty={
        <EmptyState icon={<TrashIcon />} title="Nothing here">
          {DELETED_EMPTY_TEXT}
        </EmptyState>
      }
    />
  );
}
