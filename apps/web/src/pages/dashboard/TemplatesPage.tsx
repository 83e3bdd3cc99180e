import { SANDBOX_MESSAGES } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { teamTemplatesQuery } from "../../api/queries/sandboxes.ts";
import { sandboxItem } from "../../features/sandbox-grid/gridItems.ts";
import { sortSandboxes } from "../../features/sandbox-grid/viewMode.ts";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { BoxIcon } from "../../ui/Icon.tsx";
import { SandboxListPage } from "./SandboxListPage.tsx";

export const TEMPLATES_TITLE = "Templates";

/** /dashboard/templates, 'Templates': the workspace's templates, sortable and viewable (spec 1 §2). */
export function TemplatesPage() {
  const { activeWorkspace } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? "";
  const templates = useQuery({ ...teamTemplatesQuery(teamId), enabled: teamId !== "" });
  return (
    <SandboxListPage
      title={TEMPLATES_TITLE}
      page="TEMPLATES"
      query={{ status: teamId ? templates.status : "pending", refetch: templates.refetch }}
      errorText={SANDBOX_MESSAGES.getTemplates}
      sections={(order) => [{ items: sortSandboxes(templates.data?.items ?? [], order).map(sandboxItem) }]}
      empty={
        <EmptyState icon={<BoxIcon />} title="This workspace has no templates yet">
          Use 'Make template' on a sandbox or devbox to share it as a starting point.
        </EmptyState>
      }
    />
  );
}
