import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { confirmEmail } from "../../api/queries/auth.ts";
import { errorText } from "../../features/auth/errorText.ts";
import { PASSWORD_TEXTS } from "../../features/auth/passwordTexts.ts";
import styles from "../../features/auth/SignIn.module.css";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { ButtonLink } from "../../ui/Button.tsx";
import page from "../../ui/Page.module.css";
import { PageSpinner } from "../../ui/Spinner.tsx";

type State = { kind: "working" } | { kind: "verified"; email: string } | { kind: "failed"; message: string };

/** /verify-email?token=…: the page the verification link opens; it spends the token once. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { isLoggedIn, reloadUser } = useSession();
  const [state, setState] = useState<State>({ kind: "working" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirmEmail(token)
      .then(async ({ email }) => {
        setState({ kind: "verified", email });
        await reloadUser().catch(() => null);
      })
      .catch((cause) => setState({ kind: "failed", message: errorText(cause) }));
  }, [token, reloadUser]);

  if (state.kind === "working") return <PageSpinner label={PASSWORD_TEXTS.verifying} />;
  return (
    <PublicPage title={PASSWORD_TEXTS.verifyTitle}>
      <div className={page.centered}>
        <div className={page.card}>
          <div className={styles.panel}>
            <div className={styles.header}>
              <h1>{PASSWORD_TEXTS.verifyTitle}</h1>
            </div>
            {state.kind === "verified" ? (
              <p role="status">{PASSWORD_TEXTS.verified(state.email)}</p>
            ) : (
              <p className={page.alert} role="alert">
                {state.message}
              </p>
            )}
            <ButtonLink to={isLoggedIn ? "/dashboard" : "/signin"} variant="primary" size="lg" block>
              {isLoggedIn ? "Go to the dashboard" : "Sign in"}
            </ButtonLink>
          </div>
        </div>
      </div>
    </PublicPage>
  );
}
