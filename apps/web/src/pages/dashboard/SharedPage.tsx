import { MESSAGES, SANDBOX_MESSAGES } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { sharedWithMeQuery } from "../../api/queries/sandboxes.ts";
import { sandboxItem } from "../../features/sandbox-grid/gridItems.ts";
import { sortSandboxes } from "../../features/sandbox-grid/viewMode.ts";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { UsersIcon } from "../../ui/Icon.tsx";
import { SandboxListPage } from "./SandboxListPage.tsx";

/** /dashboard/shared, 'Sandboxes shared with me' (spec 1 §2). */
export function SharedPage() {
  const shared = useQuery(sharedWithMeQuery());
  return (
    <SandboxListPage
      title={MESSAGES.sharedTitle}
      page="SHARED"
      query={shared}
      errorText={SANDBOX_MESSAGES.getSandboxes}
      sections={(order) => [{ items: sortSandboxes(shared.data?.items ?? [], order).map(sandboxItem) }]}
      empty={
        <EmptyState icon={<UsersIcon />} title={MESSAGES.sharedEmpty}>
          When someone invites you to a sandbox, it shows up here.
        </EmptyState>
      }
    />
  );
}
