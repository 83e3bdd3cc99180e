import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { AuthFlowProvider } from "../features/auth/AuthFlowProvider.tsx";
import { CookieConsentBanner } from "../features/cookie-consent/CookieConsent.tsx";
import { useOptionalSession } from "../features/session/SessionProvider.tsx";
import { PageSpinner } from "../ui/Spinner.tsx";
import { CrashPage } from "./CrashPage.tsx";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { ModalHost } from "./ModalHost.tsx";
import { SkipLink } from "./SkipLink.tsx";

/** Wraps every route: sign-in flow, crash boundary, lazy pages, modals, cookie banner. */
export function RootLayout() {
  const location = useLocation();
  const session = useOptionalSession();
  return (
    <AuthFlowProvider>
      <SkipLink />
      <ErrorBoundary
        resetKey={location.pathname}
        fallback={(error) => (
          <CrashPage error={error} signedIn={session?.isLoggedIn ?? false} route={location.pathname} />
        )}
      >
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <ModalHost />
      <CookieConsentBanner />
    </AuthFlowProvider>
  );
}
