import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { continueSignUp } from "../../api/queries/auth.ts";
import { useAuthFlow } from "../../features/auth/AuthFlowProvider.tsx";
import { errorText } from "../../features/auth/errorText.ts";
import { PASSWORD_TEXTS } from "../../features/auth/passwordTexts.ts";
import styles from "../../features/auth/SignIn.module.css";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { ButtonLink } from "../../ui/Button.tsx";
import page from "../../ui/Page.module.css";
import { PageSpinner } from "../../ui/Spinner.tsx";

/**
 * /signup/continue?token=…: the page the sign-up link opens. It spends the token once; the
 * sign-up then goes on to onboarding in this browser, with the address proven.
 */
export function SignUpContinuePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { handleAuthMessage } = useAuthFlow();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    continueSignUp(token)
      .then((answer) => handleAuthMessage(answer, "local"))
      .catch((cause) => setFailure(errorText(cause)));
  }, [token, handleAuthMessage]);

  if (failure === null) return <PageSpinner label={PASSWORD_TEXTS.signupContinuing} />;
  return (
    <PublicPage title={PASSWORD_TEXTS.signupContinueTitle}>
      <div className={page.centered}>
        <div className={page.card}>
          <div className={styles.panel}>
            <div className={styles.header}>
              <h1>{PASSWORD_TEXTS.signupContinueTitle}</h1>
            </div>
            <p className={page.alert} role="alert">
              {failure}
            </p>
            <ButtonLink to="/signin" variant="primary" size="lg" block>
              Sign in
            </ButtonLink>
          </div>
        </div>
      </div>
    </PublicPage>
  );
}
