import { MESSAGES } from "@boxyard/domain";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { ButtonLink } from "../../ui/Button.tsx";
import { AlertIcon } from "../../ui/Icon.tsx";
import page from "../../ui/Page.module.css";

/**
 * /phew (spec 1 §2 names the route; its content is not shown): where a visitor lands instead of a
 * page that was reported as phishing, with what to do next.
 */
export function PhewPage() {
  const { isLoggedIn } = useSession();
  return (
    <PublicPage title="Phew">
      <div className={page.centered}>
        <div className={page.message}>
          <AlertIcon size={40} aria-hidden="true" />
          <h1>Phew, that was close</h1>
          <p className={page.muted}>
            The page you were about to open was reported as phishing, so we stopped it before it could ask you
            for anything. Never enter a password or payment details on a page a sandbox sent you to.
          </p>
          <ButtonLink to={isLoggedIn ? "/dashboard" : "/"} variant="primary">
            {isLoggedIn ? MESSAGES.goToDashboard : MESSAGES.backToHome}
          </ButtonLink>
        </div>
      </div>
    </PublicPage>
  );
}
