import type { ReactNode } from "react";
import { ChevronRightIcon } from "../../../ui/Icon.tsx";
import { useMediaQuery } from "../../../ui/useMediaQuery.ts";
import { Splitter } from "./Splitter.tsx";
import styles from "./Workbench.module.css";
import { PANE_LIMITS, type Pane, type PaneState, type WorkbenchLayout } from "./workbenchLayout.ts";

/** A pane's content with the name of its tab on narrow screens. */
export type PaneContent = { label: string; content: ReactNode };

export type NarrowTab = "side" | "main" | "aside" | "bottom";

/**
 * One screen, no page scroll (DESIGN.md): an activity rail, the side pane (files, search,
 * settings), the editor, the right pane and, when there is something to show, the bottom pane.
 * Panes resize by their edges and close to the rail; below 950 px they become tabs.
 */
export function Workbench({
  layout,
  setPane,
  narrowTab,
  onNarrowTab,
  rail,
  side,
  main,
  aside,
  bottom,
}: {
  layout: WorkbenchLayout;
  setPane: (pane: Pane, state: Partial<PaneState>) => void;
  /** The pane shown below 950 px. */
  narrowTab: NarrowTab;
  onNarrowTab: (tab: NarrowTab) => void;
  rail: ReactNode;
  side: PaneContent;
  main: PaneContent;
  aside: PaneContent | null;
  /** The console and terminals (issues 16 and 17): no pane until there is something to show. */
  bottom: PaneContent | null;
}) {
  const narrow = useMediaQuery("(max-width: 949px)");

  if (narrow) {
    const tabs = (
      [
        ["side", side],
        ["main", main],
        ["aside", aside],
        ["bottom", bottom],
      ] as const
    ).filter((entry): entry is [NarrowTab, PaneContent] => entry[1] !== null);
    const current = tabs.find(([id]) => id === narrowTab) ?? tabs[1]!;
    return (
      <div className={styles.narrow}>
        <div role="tablist" aria-label="Panels" className={styles.narrowTabs}>
          {tabs.map(([id, pane]) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`workbench-tab-${id}`}
              aria-controls={`workbench-panel-${id}`}
              aria-selected={id === current[0]}
              className={styles.narrowTab}
              onClick={() => onNarrowTab(id)}
            >
              {pane.label}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={`workbench-panel-${current[0]}`}
          aria-labelledby={`workbench-tab-${current[0]}`}
          className={styles.narrowPanel}
        >
          {/* The side pane's views (files, search, dependencies, settings) are chosen from the rail, on top here. */}
          {current[0] === "side" && rail && <div className={styles.narrowRail}>{rail}</div>}
          {current[1].content}
        </div>
      </div>
    );
  }

  const resize = (pane: Pane) => (size: number) => setPane(pane, { size });
  const close = (pane: Pane) => () => setPane(pane, { open: false });

  return (
    <div className={styles.workbench}>
      {rail}
      {layout.side.open && (
        <>
          <div id="workbench-side" className={styles.side} style={{ width: layout.side.size }}>
            {side.content}
          </div>
          <Splitter
            label={`Resize ${side.label.toLowerCase()}`}
            orientation="vertical"
            controls="workbench-side"
            size={layout.side.size}
            {...PANE_LIMITS.side}
            direction={1}
            onResize={resize("side")}
            onCollapse={close("side")}
          />
        </>
      )}
      <div className={styles.center}>
        <div className={styles.main}>{main.content}</div>
        {bottom && layout.bottom.open && (
          <>
            <Splitter
              label={`Resize ${bottom.label.toLowerCase()}`}
              orientation="horizontal"
              controls="workbench-bottom"
              size={layout.bottom.size}
              {...PANE_LIMITS.bottom}
              direction={-1}
              onResize={resize("bottom")}
              onCollapse={close("bottom")}
            />
            <div id="workbench-bottom" className={styles.bottom} style={{ height: layout.bottom.size }}>
              {bottom.content}
            </div>
          </>
        )}
      </div>
      {aside && layout.aside.open && (
        <>
          <Splitter
            label={`Resize ${aside.label.toLowerCase()}`}
            orientation="vertical"
            controls="workbench-aside"
            size={layout.aside.size}
            {...PANE_LIMITS.aside}
            direction={-1}
            onResize={resize("aside")}
            onCollapse={close("aside")}
          />
          <div id="workbench-aside" className={styles.aside} style={{ width: layout.aside.size }}>
            {aside.content}
          </div>
        </>
      )}
      {aside && !layout.aside.open && (
        <div className={styles.asideRail}>
          <button
            type="button"
            className={styles.railButton}
            aria-label={`Show ${aside.label.toLowerCase()}`}
            title={`Show ${aside.label.toLowerCase()}`}
            aria-expanded={false}
            aria-controls="workbench-aside"
            onClick={() => setPane("aside", { open: true })}
          >
            <ChevronRightIcon size={14} style={{ transform: "rotate(180deg)" }} />
          </button>
        </div>
      )}
    </div>
  );
}
