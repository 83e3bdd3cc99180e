import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter, useLocation, useRoutes } from "react-router";
import { SessionProvider, useOptionalSession } from "../features/session/SessionProvider.tsx";
import { CrashPage } from "./CrashPage.tsx";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { routes } from "./routes.tsx";
import { ToastHost } from "./ToastHost.tsx";

/**
 * The routes in React Router's declarative mode: the app loads no route data through the router,
 * and its data router (loaders, actions, fetchers) would be half the router's code on the first load.
 */
function AppRoutes() {
  const element = useRoutes(routes);
  const location = useLocation();
  const session = useOptionalSession();
  // Last resort when the root layout itself fails (the pages have their own boundary in it).
  return (
    <ErrorBoundary
      resetKey={location.pathname}
      fallback={(error) => (
        <CrashPage error={error} signedIn={session?.isLoggedIn ?? false} route={location.pathname} />
      )}
    >
      {element}
    </ErrorBoundary>
  );
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <ToastHost />
      </SessionProvider>
    </QueryClientProvider>
  );
}
