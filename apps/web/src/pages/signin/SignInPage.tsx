import { useEffect } from "react";
import { Navigate, useParams, useSearchParams } from "react-router";
import { useAuthFlow } from "../../features/auth/AuthFlowProvider.tsx";
import { SignInPanel } from "../../features/auth/SignInPanel.tsx";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { useSession } from "../../features/session/SessionProvider.tsx";
import page from "../../ui/Page.module.css";
import { PageSpinner } from "../../ui/Spinner.tsx";

function SignInScreen({ title = "Sign in" }: { title?: string }) {
  const { isLoggedIn, isResolving, pendingUserId } = useSession();
  const { continuePath } = useAuthFlow();
  if (isResolving) return <PageSpinner label="Signing you in" />;
  // Signed-in visitors go on to where they were headed (spec 1 §2).
  if (isLoggedIn && !pendingUserId) return <Navigate to={continuePath ?? "/dashboard"} replace />;
  return (
    <PublicPage title={title}>
      <div className={page.centered}>
        <div className={`${page.card} ${pendingUserId ? page.wide : ""}`}>
          <SignInPanel />
        </div>
      </div>
    </PublicPage>
  );
}

/** /signin */
export function SignInPage() {
  return <SignInScreen />;
}

/** /signin/duplicate?provider=github: the duplicate-account view. */
export function DuplicatePage() {
  const [params] = useSearchParams();
  const { setDuplicateAccountStatus } = useSession();
  const provider = params.get("provider");
  useEffect(() => {
    if (provider) setDuplicateAccountStatus({ provider });
  }, [provider, setDuplicateAccountStatus]);
  return <SignInScreen />;
}

/** /signup/:userId: onboarding of a pending user. */
export function SignUpPage() {
  const { userId } = useParams();
  const { setPendingUserId, pendingUserId } = useSession();
  useEffect(() => {
    if (userId) setPendingUserId(userId);
  }, [userId, setPendingUserId]);
  if (userId && pendingUserId !== userId) return <PageSpinner />;
  return <SignInScreen title="Create your account" />;
}
