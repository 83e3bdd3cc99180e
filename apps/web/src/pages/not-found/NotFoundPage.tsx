import { MESSAGES } from "@boxyard/domain";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { ButtonLink } from "../../ui/Button.tsx";
import page from "../../ui/Page.module.css";

/** Not-found page (spec 1 §2). */
export function NotFoundPage() {
  const { isLoggedIn } = useSession();
  return (
    <PublicPage title="Page not found">
      <div className={page.centered}>
        <div className={page.message}>
          <span className={page.code404} aria-hidden="true">
            404
          </span>
          <h1>{MESSAGES.notFoundTitle}</h1>
          <p className={page.muted}>{MESSAGES.notFoundText}</p>
          <ButtonLink to={isLoggedIn ? "/dashboard" : "/"} variant="primary">
            {isLoggedIn ? MESSAGES.goToDashboard : MESSAGES.goToHomepage}
          </ButtonLink>
        </div>
      </div>
    </PublicPage>
  );
}
