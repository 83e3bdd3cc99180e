import { readStored, SELECTED_WORKSPACE, type StoredValue, writeStored } from "./storage.ts";

export type ViewMode = "grid" | "list";

/** A value stored as JSON, kept only when it has the expected shape. */
function json<T>(key: string, fallback: T, isValue: (value: unknown) => value is T): StoredValue<T> {
  return {
    key,
    fallback,
    parse: (raw) => {
      try {
        const value: unknown = JSON.parse(raw);
        return isValue(value) ? value : undefined;
      } catch {
        return undefined;
      }
    },
    serialize: (value) => JSON.stringify(value),
  };
}

const VIEW_MODE: StoredValue<ViewMode> = {
  key: "boxyard:dashboard-view-mode",
  fallback: "grid",
  parse: (raw) => (raw === "grid" || raw === "list" ? raw : undefined),
  serialize: (mode) => mode,
};

const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/**
 * What the dashboard keeps in local storage (spec 1 §3 'Locally stored state'): the view mode, the
 * selected workspace, whether the dashboard was visited before, the dismissed banners and the
 * number of visits.
 */
export const DASHBOARD_STATE = {
  viewMode: VIEW_MODE,
  selectedWorkspaceId: SELECTED_WORKSPACE,
  hasVisited: json("boxyard:has-visited", false, isBoolean),
  dismissedBanners: json<string[]>("boxyard:dismissed-banners", [], isStringList),
  dashboardVisits: json("boxyard:dashboard-visits", 0, isCount),
};

/**
 * The banners whose dismissal is remembered (spec 1 §4 'Banners'): per workspace, except the
 * repository-permissions strip, which is dismissed for every workspace at once.
 */
export type DismissibleBanner =
  | "usage-billing-welcome"
  | "legacy-pro-conversion"
  | "pro-upsell"
  | "low-credits"
  | "close-to-limit"
  | "repository-permissions";
const DISMISSED_EVERYWHERE: ReadonlySet<DismissibleBanner> = new Set(["repository-permissions"]);

function bannerKey(banner: DismissibleBanner, workspaceId: string | null): string {
  return DISMISSED_EVERYWHERE.has(banner) || workspaceId === null ? banner : `${banner}:${workspaceId}`;
}

export function isBannerDismissed(banner: DismissibleBanner, workspaceId: string | null): boolean {
  return readStored(DASHBOARD_STATE.dismissedBanners).includes(bannerKey(banner, workspaceId));
}

export function dismissBanner(banner: DismissibleBanner, workspaceId: string | null) {
  const dismissed = readStored(DASHBOARD_STATE.dismissedBanners);
  const key = bannerKey(banner, workspaceId);
  if (!dismissed.includes(key)) writeStored(DASHBOARD_STATE.dismissedBanners, [...dismissed, key]);
}

export type DashboardVisit = { visitedBefore: boolean; visits: number };
let thisVisit: DashboardVisit | null = null;

/**
 * Counts this page load's visit to the dashboard, once however often it is called (moving between
 * the dashboard's pages is one visit). Answers whether the dashboard had been visited before this
 * load, and the number of visits now.
 */
export function visitDashboard(): DashboardVisit {
  if (thisVisit) return thisVisit;
  thisVisit = {
    visitedBefore: readStored(DASHBOARD_STATE.hasVisited),
    visits: readStored(DASHBOARD_STATE.dashboardVisits) + 1,
  };
  writeStored(DASHBOARD_STATE.hasVisited, true);
  writeStored(DASHBOARD_STATE.dashboardVisits, thisVisit.visits);
  return thisVisit;
}

/** Test helper: the next call to visitDashboard counts a new page load. */
export function resetDashboardVisit() {
  thisVisit = null;
}
