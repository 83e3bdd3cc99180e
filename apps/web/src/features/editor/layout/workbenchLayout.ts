import { useCallback, useState } from "react";

/**
 * The editor's panes (DESIGN.md): files on the left, the editor in the middle, a panel on the
 * right (the preview's place) and one at the bottom (console, terminals). Their sizes and whether
 * they are open are remembered per person in this browser.
 */
export type Pane = "side" | "aside" | "bottom";
export type PaneState = { size: number; open: boolean };
export type SideView = "files" | "search" | "settings" | "dependencies";
export type WorkbenchLayout = Record<Pane, PaneState> & { sideView: SideView };

export const PANE_LIMITS: Record<Pane, { min: number; max: number }> = {
  side: { min: 180, max: 560 },
  aside: { min: 240, max: 800 },
  bottom: { min: 120, max: 640 },
};

export const DEFAULT_LAYOUT: WorkbenchLayout = {
  side: { size: 240, open: true },
  aside: { size: 320, open: true },
  bottom: { size: 220, open: true },
  sideView: "files",
};

/** The right pane starts closed on screens where the editor would be left too narrow. */
function defaultLayout(): WorkbenchLayout {
  const wide = typeof window === "undefined" || window.innerWidth >= 1280;
  return { ...DEFAULT_LAYOUT, aside: { ...DEFAULT_LAYOUT.aside, open: wide } };
}

const storageKey = (userId: string | null) => `boxyard:editor-layout:${userId ?? "guest"}`;

export const clampSize = (pane: Pane, size: number) =>
  Math.round(Math.min(PANE_LIMITS[pane].max, Math.max(PANE_LIMITS[pane].min, size)));

function readPane(pane: Pane, value: unknown, defaults: WorkbenchLayout): PaneState {
  const fallback = defaults[pane];
  if (typeof value !== "object" || value === null) return fallback;
  const { size, open } = value as Record<string, unknown>;
  return {
    size: typeof size === "number" && Number.isFinite(size) ? clampSize(pane, size) : fallback.size,
    open: typeof open === "boolean" ? open : fallback.open,
  };
}

/** The stored layout; anything missing or unreadable takes its default. */
export function readLayout(userId: string | null): WorkbenchLayout {
  const defaults = defaultLayout();
  try {
    const raw = window.localStorage.getItem(storageKey(userId));
    if (!raw) return defaults;
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const sideView = parsed.sideView;
    return {
      side: readPane("side", parsed.side, defaults),
      aside: readPane("aside", parsed.aside, defaults),
      bottom: readPane("bottom", parsed.bottom, defaults),
      sideView:
        sideView === "search" || sideView === "settings" || sideView === "dependencies" ? sideView : "files",
    };
  } catch {
    return defaults;
  }
}

function writeLayout(userId: string | null, layout: WorkbenchLayout) {
  try {
    window.localStorage.setItem(storageKey(userId), JSON.stringify(layout));
  } catch (error) {
    console.warn("Could not remember the editor's layout", error);
  }
}

export function useWorkbenchLayout(userId: string | null) {
  const [layout, setLayout] = useState(() => readLayout(userId));
  const update = useCallback(
    (change: (layout: WorkbenchLayout) => WorkbenchLayout) =>
      setLayout((previous) => {
        const next = change(previous);
        if (next !== previous) writeLayout(userId, next);
        return next;
      }),
    [userId],
  );
  const setPane = useCallback(
    (pane: Pane, state: Partial<PaneState>) =>
      update((previous) => ({
        ...previous,
        [pane]: {
          ...previous[pane],
          ...state,
          ...(state.size === undefined ? {} : { size: clampSize(pane, state.size) }),
        },
      })),
    [update],
  );
  /** Shows a view of the side pane; the view already shown closes the pane (as in other editors). */
  const showSideView = useCallback(
    (view: SideView, toggle = true) =>
      update((previous) => {
        if (previous.sideView === view && previous.side.open && toggle) {
          return { ...previous, side: { ...previous.side, open: false } };
        }
        return { ...previous, sideView: view, side: { ...previous.side, open: true } };
      }),
    [update],
  );
  return { layout, setPane, showSideView };
}
