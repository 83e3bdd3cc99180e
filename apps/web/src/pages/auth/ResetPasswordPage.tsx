import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { resetPassword } from "../../api/queries/auth.ts";
import { errorText } from "../../features/auth/errorText.ts";
import { PASSWORD_TEXTS } from "../../features/auth/passwordTexts.ts";
import styles from "../../features/auth/SignIn.module.css";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import page from "../../ui/Page.module.css";
import { TextField } from "../../ui/TextField.tsx";

/** /reset-password?token=…: the page a reset link opens, to choose a new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { reloadUser } = useSession();
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : PASSWORD_TEXTS.resetNoToken);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!event.currentTarget.reportValidity()) return;
    if (password.length < 8) return setError(PASSWORD_TEXTS.tooShort);
    if (password !== again) return setError(PASSWORD_TEXTS.mismatch);
    setBusy(true);
    setError(null);
    try {
      await resetPassword({ token, password });
      setDone(true);
      // Every session ended, this browser's too: it is signed out here as well.
      await reloadUser().catch(() => null);
    } catch (cause) {
      setError(errorText(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicPage title={PASSWORD_TEXTS.resetTitle}>
      <div className={page.centered}>
        <div className={page.card}>
          <div className={styles.panel}>
            <div className={styles.header}>
              <h1>{PASSWORD_TEXTS.resetTitle}</h1>
            </div>
            {done ? (
              <>
                <p role="status">{PASSWORD_TEXTS.resetDone}</p>
                <ButtonLink to="/signin" variant="primary" size="lg" block>
                  Sign in
                </ButtonLink>
              </>
            ) : (
              <form className={styles.form} onSubmit={onSubmit} aria-label={PASSWORD_TEXTS.resetTitle}>
                <TextField
                  label="New password"
                  type="password"
                  name="password"
                  autoComplete="new-password"
                  required
                  minLength={8}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <TextField
                  label="New password again"
                  type="password"
                  name="password-again"
                  autoComplete="new-password"
                  required
                  value={again}
                  onChange={(event) => setAgain(event.target.value)}
                  error={error ?? undefined}
                />
                <Button type="submit" variant="primary" size="lg" block loading={busy} disabled={!token}>
                  Set the new password
                </Button>
                <p className={styles.switch}>
                  <Link to="/forgot-password">Ask for a new link</Link>
                </p>
              </form>
            )}
          </div>
        </div>
      </div>
    </PublicPage>
  );
}
