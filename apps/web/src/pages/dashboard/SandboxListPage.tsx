import { DEFAULT_SORT, type SortOrder } from "@boxyard/domain";
import type { ReactNode } from "react";
import type { ListPage } from "../../features/sandbox-actions/actions.ts";
import { GridControls } from "../../features/sandbox-grid/GridControlsBar.tsx";
import type { GridSection } from "../../features/sandbox-grid/gridItems.ts";
import { SandboxGrid } from "../../features/sandbox-grid/SandboxGrid.tsx";
import { SandboxGridSkeleton } from "../../features/sandbox-grid/SandboxGridSkeleton.tsx";
import { useSortOrder, useViewMode, type ViewMode } from "../../features/sandbox-grid/viewMode.ts";
import { Button } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { AlertIcon } from "../../ui/Icon.tsx";
import { DashboardPage } from "./DashboardPage.tsx";

type QueryState = { status: "pending" | "error" | "success"; refetch: () => unknown };

/**
 * A dashboard page that lists sandboxes (spec 1 §2, §4 'Page data'): skeletons while loading,
 * an error with retry, the empty state, or the virtualised grid or list with sort and view.
 */
export function SandboxListPage({
  title,
  heading,
  page,
  query,
  partial = false,
  errorText,
  sections,
  empty,
  forcedView,
  hideControlsWhenEmpty = false,
  sortable = true,
  actions,
  onCreateFolder,
  onCancelNewFolder,
  before,
}: {
  title: string;
  heading?: ReactNode;
  page: ListPage;
  query: QueryState;
  /** The items are the first ones in the default order, the rest loading: another order waits for them. */
  partial?: boolean;
  errorText: string;
  /** Builds the sections from the current sort order. */
  sections: (order: SortOrder) => GridSection[];
  empty: ReactNode;
  forcedView?: ViewMode;
  hideControlsWhenEmpty?: boolean;
  /** False where the order is the page's own (Recent: newest first): no sort menu. */
  sortable?: boolean;
  actions?: ReactNode;
  onCreateFolder?: (name: string) => void;
  onCancelNewFolder?: () => void;
  /** Shown above the list whatever its state (Recent's 'Create a new branch' carousel). */
  before?: ReactNode;
}) {
  const [viewMode, setViewMode] = useViewMode(forcedView);
  const [order, setOrder] = useSortOrder();
  const waiting = partial && (order.field !== DEFAULT_SORT.field || order.order !== DEFAULT_SORT.order);
  const status = waiting ? "pending" : query.status;
  const built = status === "success" ? sections(order) : [];
  const isEmpty = status === "success" && built.every((section) => section.items.length === 0);
  const showControls = sortable && !(hideControlsWhenEmpty && isEmpty);

  return (
    <DashboardPage
      title={title}
      heading={heading}
      actions={
        <>
          {actions}
          {showControls && (
            <GridControls
              order={order}
              onOrderChange={setOrder}
              viewMode={viewMode}
              onViewModeChange={forcedView ? undefined : setViewMode}
            />
          )}
        </>
      }
    >
      {before}
      {status === "pending" ? (
        <SandboxGridSkeleton viewMode={viewMode} />
      ) : status === "error" ? (
        <EmptyState
          icon={<AlertIcon />}
          title={errorText}
          actions={<Button onClick={() => void query.refetch()}>Try again</Button>}
        />
      ) : isEmpty ? (
        empty
      ) : (
        <SandboxGrid
          sections={built}
          viewMode={viewMode}
          page={page}
          label={title}
          onCreateFolder={onCreateFolder}
          onCancelNewFolder={onCancelNewFolder}
        />
      )}
    </DashboardPage>
  );
}
