import { canEditFolders, joinFolderPath, MESSAGES, SANDBOX_MESSAGES } from "@boxyard/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { createFolder, folderFirstSandboxesQuery, sandboxesByPathQuery } from "../../api/queries/folders.ts";
import { openModal } from "../../features/modals/modalStore.ts";
import {
  folderItem,
  type GridItem,
  NEW_FOLDER_ITEM,
  sandboxItem,
} from "../../features/sandbox-grid/gridItems.ts";
import { sortSandboxes } from "../../features/sandbox-grid/viewMode.ts";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Button } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { ChevronRightIcon, FolderIcon, PlusIcon } from "../../ui/Icon.tsx";
import styles from "./DashboardPage.module.css";
import { SandboxListPage } from "./SandboxListPage.tsx";
import { dashboardPaths } from "./Sidebar.tsx";

/** /dashboard/sandboxes/{path*}: the folder browser (spec 1 §2). */
export function SandboxesPage() {
  const params = useParams();
  const { role, frozen, activeWorkspace } = useActiveWorkspace();
  const queryClient = useQueryClient();
  const parts = (params["*"] ?? "").split("/").filter(Boolean).map(decodeURIComponent);
  const editor = role !== "READ";
  const title = parts.length ? parts[parts.length - 1]! : MESSAGES.allFolders;
  const path = `/${parts.join("/")}`;
  const teamId = activeWorkspace?.id ?? "";
  const full = sandboxesByPathQuery(teamId, path);
  // A folder not loaded yet shows its first screen while all of it loads (asked first, answered first).
  const first = useQuery({
    ...folderFirstSandboxesQuery(teamId, path),
    enabled: teamId !== "" && queryClient.getQueryData(full.queryKey) === undefined,
  });
  const listing = useQuery({
    ...full,
    enabled: teamId !== "",
    placeholderData: first.data?.items.length ? first.data : undefined,
  });
  // The inline 'new folder' row belongs to the folder it was opened in.
  const [creatingIn, setCreatingIn] = useState<string | null>(null);
  const creating = creatingIn === path;
  const canEdit = canEditFolders(role, frozen);

  const heading = (
    <nav aria-label="Breadcrumb">
      <ol className={styles.crumbs}>
        <li>
          {parts.length ? (
            <Link to={dashboardPaths.sandboxes()}>{MESSAGES.allFolders}</Link>
          ) : (
            <h1 className={styles.crumbHeading}>
              <span aria-current="page">{MESSAGES.allFolders}</span>
            </h1>
          )}
        </li>
        {parts.map((part, index) => {
          const last = index === parts.length - 1;
          return (
            <li key={parts.slice(0, index + 1).join("/")}>
              <ChevronRightIcon size={16} />
              {last ? (
                // The folder being shown is the page's level-one heading.
                <h1 className={styles.crumbHeading}>
                  <span aria-current="page">{part}</span>
                </h1>
              ) : (
                <Link
                  to={dashboardPaths.sandboxes(
                    parts
                      .slice(0, index + 1)
                      .map(encodeURIComponent)
                      .join("/"),
                  )}
                >
                  {part}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );

  // An empty folder offers 'Create' to editors, disabled when the workspace is frozen.
  const create = editor ? (
    frozen ? (
      <Button variant="primary" icon={<PlusIcon size={14} />} disabled title="This workspace is frozen">
        Create
      </Button>
    ) : (
      <Button
        variant="primary"
        icon={<PlusIcon size={14} />}
        onClick={() => void openModal("create", { kind: "generic", teamId, folderPath: path })}
      >
        Create
      </Button>
    )
  ) : undefined;

  const onCreateFolder = (name: string) => {
    setCreatingIn(null);
    const newPath = joinFolderPath(path, name);
    // A blank name creates nothing (spec 1 §4 'Folder creation').
    if (newPath && teamId) void createFolder(queryClient, teamId, newPath);
  };

  return (
    <SandboxListPage
      title={title}
      heading={heading}
      page="ALL"
      query={{ status: teamId ? listing.status : "pending", refetch: listing.refetch }}
      partial={listing.isPlaceholderData}
      errorText={SANDBOX_MESSAGES.getSandboxes}
      actions={
        editor ? (
          <Button
            size="sm"
            variant="ghost"
            icon={<FolderIcon size={14} />}
            disabled={!canEdit || creating}
            onClick={() => setCreatingIn(path)}
          >
            New folder
          </Button>
        ) : undefined
      }
      sections={(order) => {
        const items: GridItem[] = [];
        if (creating) items.push(NEW_FOLDER_ITEM);
        // Subfolders sorted by name come first, then sandboxes (spec 1 §2).
        for (const folder of listing.data?.folders ?? []) items.push(folderItem(folder));
        for (const sandbox of sortSandboxes(listing.data?.items ?? [], order))
          items.push(sandboxItem(sandbox));
        return [{ items }];
      }}
      onCreateFolder={onCreateFolder}
      onCancelNewFolder={() => setCreatingIn(null)}
      empty={
        <EmptyState icon={<FolderIcon />} title="This folder is empty" actions={create}>
          Sandboxes and devboxes you create or move here show up in this folder.
        </EmptyState>
      }
    />
  );
}
