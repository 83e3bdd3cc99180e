import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { localSignIn, localSignUp } from "../../api/queries/auth.ts";
import { Button } from "../../ui/Button.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { useAuthFlow } from "./AuthFlowProvider.tsx";
import { fieldErrorOf } from "./errorText.ts";
import { PASSWORD_TEXTS } from "./passwordTexts.ts";
import styles from "./SignIn.module.css";

export type LocalAccountMode = "signin" | "signup";

/**
 * E-mail and password accounts, when the installation enables them (loginWithPassword). Creating
 * an account shows the password rule up front; a refusal shows by the field it is about.
 * `onModeChange` lets the screen retitle itself.
 */
export function LocalAccountForm({ onModeChange }: { onModeChange?: (mode: LocalAccountMode) => void }) {
  const { handleAuthMessage } = useAuthFlow();
  const [mode, setModeState] = useState<LocalAccountMode>("signin");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setErrorState] = useState<{ field: string | null; text: string } | null>(null);
  const setError = (text: string | null) => setErrorState(text === null ? null : { field: null, text });
  const setMode = (next: LocalAccountMode) => {
    setModeState(next);
    onModeChange?.(next);
  };
  /** Sign-up waits for the link mailed to this address (when the installation sends e-mail). */
  const [sent, setSent] = useState<{ email: string; again: boolean } | null>(null);

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      const credentials = { email: email.trim(), password };
      const answer = mode === "signin" ? await localSignIn(credentials) : await localSignUp(credentials);
      if (answer.type === "verify-email") setSent({ email: answer.email, again: sent !== null });
      else if (answer.type === "error") setError(answer.message || "Could not authenticate");
      else await handleAuthMessage(answer, "local");
    } catch (cause) {
      setErrorState(fieldErrorOf(cause));
    } finally {
      setBusy(false);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!event.currentTarget.reportValidity()) return;
    await submit();
  }

  if (sent) {
    return (
      <section className={styles.form} aria-label="Check your e-mail">
        <p role="status">
          {sent.again ? PASSWORD_TEXTS.signupResent(sent.email) : PASSWORD_TEXTS.signupSent(sent.email)}
        </p>
        {error && (
          <p className={styles.note} role="alert">
            {error.text}
          </p>
        )}
        <Button
          type="button"
          variant="secondary"
          size="lg"
          block
          loading={busy}
          onClick={() => void submit()}
        >
          {PASSWORD_TEXTS.signupResend}
        </Button>
        <p className={styles.switch}>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => {
              setSent(null);
              setError(null);
            }}
          >
            {PASSWORD_TEXTS.signupOtherAddress}
          </button>
        </p>
      </section>
    );
  }

  const signingIn = mode === "signin";
  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      aria-label={signingIn ? "Sign in with e-mail" : "Create account"}
    >
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error?.field === "email" ? error.text : undefined}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete={signingIn ? "current-password" : "new-password"}
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={signingIn ? undefined : PASSWORD_TEXTS.rule}
        error={error && error.field !== "email" ? error.text : undefined}
      />
      {signingIn ? (
        <Link className={styles.forgot} to="/forgot-password">
          {PASSWORD_TEXTS.forgotLink}
        </Link>
      ) : (
        <p className={styles.note}>{PASSWORD_TEXTS.signupNote}</p>
      )}
      <Button type="submit" variant={signingIn ? "secondary" : "primary"} size="lg" block loading={busy}>
        {signingIn ? "Sign in" : "Create account"}
      </Button>
      <p className={styles.switch}>
        {signingIn ? "New here? " : "Already have an account? "}
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            setMode(signingIn ? "signup" : "signin");
            setError(null);
          }}
        >
          {signingIn ? "Create account" : "Sign in"}
        </button>
      </p>
    </form>
  );
}
