import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { forgotPassword } from "../../api/queries/auth.ts";
import { errorText } from "../../features/auth/errorText.ts";
import { PASSWORD_TEXTS } from "../../features/auth/passwordTexts.ts";
import styles from "../../features/auth/SignIn.module.css";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { Button } from "../../ui/Button.tsx";
import page from "../../ui/Page.module.css";
import { TextField } from "../../ui/TextField.tsx";

/** /forgot-password: asks for a reset link. The answer never tells whether the address has an account. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!event.currentTarget.reportValidity()) return;
    setBusy(true);
    setError(null);
    try {
      await forgotPassword(email.trim());
      setSentTo(email.trim());
    } catch (cause) {
      setError(errorText(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicPage title={PASSWORD_TEXTS.forgotTitle}>
      <div className={page.centered}>
        <div className={page.card}>
          <div className={styles.panel}>
            <div className={styles.header}>
              <h1>{PASSWORD_TEXTS.forgotTitle}</h1>
              {!sentTo && <p className={styles.lead}>{PASSWORD_TEXTS.forgotLead}</p>}
            </div>
            {sentTo ? (
              <p role="status">{PASSWORD_TEXTS.forgotSent(sentTo)}</p>
            ) : (
              <form className={styles.form} onSubmit={onSubmit} aria-label={PASSWORD_TEXTS.forgotTitle}>
                <TextField
                  label="E-mail"
                  type="email"
                  name="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  error={error ?? undefined}
                />
                <Button type="submit" variant="primary" size="lg" block loading={busy}>
                  Send the link
                </Button>
              </form>
            )}
            <p className={styles.switch}>
              <Link to="/signin">Back to sign in</Link>
            </p>
          </div>
        </div>
      </div>
    </PublicPage>
  );
}
