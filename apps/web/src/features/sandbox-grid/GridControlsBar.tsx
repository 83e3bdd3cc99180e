import type { SortOrder } from "@boxyard/domain";
import { SortMenu, ViewToggle } from "./GridControls.tsx";
import type { ViewMode } from "./viewMode.ts";

/** Sort menu and grid/list toggle of the page header (the toggle is hidden where a view is forced). */
export function GridControls({
  order,
  onOrderChange,
  viewMode,
  onViewModeChange,
}: {
  order: SortOrder;
  onOrderChange: (order: SortOrder) => void;
  viewMode: ViewMode;
  onViewModeChange?: (mode: ViewMode) => void;
}) {
  return (
    <>
      <SortMenu value={order} onChange={onOrderChange} />
      {onViewModeChange && <ViewToggle value={viewMode} onChange={onViewModeChange} />}
    </>
  );
}
