import { MESSAGES } from "@boxyard/domain";
import { buttonClass } from "../ui/Button.tsx";
import { AlertIcon } from "../ui/Icon.tsx";
import styles from "./CrashPage.module.css";
import { config } from "./config.ts";
import { crashReportUrl, errorCode } from "./crashReport.ts";

/** The crash page (spec 1 §2): 'Oh no! Something broke!'. */
export function CrashPage({ error, signedIn, route }: { error: unknown; signedIn: boolean; route: string }) {
  const message = error instanceof Error ? error.message : String(error);

  function report() {
    const url = crashReportUrl({
      issueUrl: config.issueUrl,
      error,
      route,
      userAgent: navigator.userAgent,
      appVersion: config.appVersion,
    });
    window.open(url, "_blank", "noopener,noreferrer");
  }

  return (
    <main className={styles.page}>
      <div className={styles.card} role="alert">
        <div className={styles.icon}>
          <AlertIcon size={22} />
        </div>
        <h1>{MESSAGES.crashTitle}</h1>
        <p className={styles.lead}>
          The page ran into an error it could not recover from. Going back usually helps; reporting the crash
          helps us fix it.
        </p>
        <code className={styles.code}>
          {errorCode(error)}: {message}
        </code>
        <div className={styles.actions}>
          {/* A full page load: the crashed tree is not reused. */}
          <a href={signedIn ? "/dashboard" : "/"} className={buttonClass({ variant: "primary" })}>
            {signedIn ? MESSAGES.goToDashboard : MESSAGES.backToHome}
          </a>
          <button type="button" className={buttonClass({ variant: "secondary" })} onClick={report}>
            {MESSAGES.reportCrash}
          </button>
        </div>
      </div>
    </main>
  );
}
