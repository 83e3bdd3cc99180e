import { MESSAGES, SANDBOX_MESSAGES } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { teamDraftsQuery } from "../../api/queries/sandboxes.ts";
import { openModal } from "../../features/modals/modalStore.ts";
import { sandboxItem } from "../../features/sandbox-grid/gridItems.ts";
import { sortSandboxes } from "../../features/sandbox-grid/viewMode.ts";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Button } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { FileIcon, PlusIcon } from "../../ui/Icon.tsx";
import { SandboxListPage } from "./SandboxListPage.tsx";

/** /dashboard/drafts, 'Drafts': only sandboxes authored by the current user (spec 1 §2). */
export function DraftsPage() {
  const { canCreate, activeWorkspace } = useActiveWorkspace();
  const { user } = useSession();
  const teamId = activeWorkspace?.id ?? "";
  const drafts = useQuery({ ...teamDraftsQuery(teamId), enabled: teamId !== "" });
  const mine = (drafts.data?.items ?? []).filter(
    (sandbox) => !sandbox.authorId || sandbox.authorId === user?.id,
  );

  return (
    <SandboxListPage
      title={MESSAGES.draftsTitle}
      page="DRAFTS"
      query={{ status: teamId ? drafts.status : "pending", refetch: drafts.refetch }}
      errorText={SANDBOX_MESSAGES.getSandboxes}
      hideControlsWhenEmpty
      sections={(order) => [{ items: sortSandboxes(mine, order).map(sandboxItem) }]}
      empty={
        <EmptyState
          icon={<FileIcon />}
          title="You have no drafts"
          actions={
            canCreate ? (
              <Button
                variant="primary"
                icon={<PlusIcon size={14} />}
                onClick={() => void openModal("create", { kind: "generic", teamId: teamId || null })}
              >
                Create
              </Button>
            ) : (
              <Button variant="primary" icon={<PlusIcon size={14} />} disabled>
                Create
              </Button>
            )
          }
        >
          Sandboxes and devboxes you create outside a folder are kept here. Only you can see your drafts.
        </EmptyState>
      }
    />
  );
}
