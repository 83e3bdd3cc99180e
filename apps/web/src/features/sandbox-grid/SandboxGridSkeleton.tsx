import { Skeleton } from "../../ui/Skeleton.tsx";
import styles from "./SandboxGrid.module.css";
import type { ViewMode } from "./viewMode.ts";

/** Skeletons in the layout of what is loading (DESIGN.md 'Nothing jumps'). */
export function SandboxGridSkeleton({ viewMode, count = 8 }: { viewMode: ViewMode; count?: number }) {
  return (
    <div className={viewMode === "grid" ? styles.skeletonGrid : styles.skeletonList} aria-busy="true">
      <span className="visually-hidden">Loading</span>
      {Array.from({ length: count }, (_, index) =>
        viewMode === "grid" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <div key={index} className={styles.card}>
            <Skeleton height={96} radius={6} />
            <div className={styles.meta}>
              <Skeleton width="60%" height={14} />
              <Skeleton width="40%" height={12} />
            </div>
          </div>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <div key={index} className={styles.listRow}>
            <Skeleton width={20} height={20} />
            <Skeleton width="50%" height={14} />
          </div>
        ),
      )}
    </div>
  );
}
