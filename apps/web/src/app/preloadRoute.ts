import { Children, isValidElement, type ReactNode } from "react";
import { matchRoutes, type RouteObject } from "react-router";

function preloadElement(node: ReactNode) {
  if (!isValidElement(node)) return;
  const page = node.type as { preload?: () => Promise<unknown> };
  // A failure shows when the page renders (the crash page's chunk error), not here.
  page.preload?.().catch(() => {});
  Children.forEach((node.props as { children?: ReactNode }).children, preloadElement);
}

/**
 * Starts fetching the pieces of every page the path renders (the dashboard layout and the page in
 * it) before React renders, instead of one after the other as each lazy page mounts.
 */
export function preloadRoute(routes: RouteObject[], pathname: string) {
  for (const match of matchRoutes(routes, pathname) ?? []) preloadElement(match.route.element);
}
