import "@fontsource-variable/inter";
import "./ui/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { preloadRoute } from "./app/preloadRoute.ts";
import { createQueryClient } from "./app/queryClient.ts";
import { routes } from "./app/routes.tsx";
import { registerServiceWorker, trackOnlineStatus } from "./app/serviceWorker.ts";
import { silenceCanceledRejections } from "./app/unhandledRejections.ts";
import { hasLoginMarker } from "./features/session/loginMarker.ts";

silenceCanceledRejections();
trackOnlineStatus();
if (import.meta.env.PROD) registerServiceWorker();

const queryClient = createQueryClient();
// The first page's pieces start now, alongside the session request, not as each page mounts;
// on the dashboard, so do the requests for the workspaces and the page's first screen.
preloadRoute(routes, window.location.pathname);
if (hasLoginMarker()) {
  void import("./app/prefetchFirstScreen.ts").then(({ prefetchFirstScreen }) =>
    prefetchFirstScreen(queryClient, window.location),
  );
}

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
