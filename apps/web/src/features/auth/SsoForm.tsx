import { type FormEvent, useState } from "react";
import { Button } from "../../ui/Button.tsx";
import { KeyIcon } from "../../ui/Icon.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { useAuthFlow } from "./AuthFlowProvider.tsx";
import styles from "./SignIn.module.css";

/** The SSO form states (spec 1 §4). */
export type SsoState = "IDLE" | "VALIDATING" | "VALID" | "INVALID";

export function SsoForm({ onBack }: { onBack?: () => void }) {
  const { startSso, loadingProvider, error: flowError, clearError } = useAuthFlow();
  const [email, setEmail] = useState("");
  const [ownState, setState] = useState<SsoState>("IDLE");
  const [ownError, setError] = useState<string | null>(null);
  // A failure the popup reports after the provider's page was opened (e.g. the person declined, or
  // the provider's answer was refused) arrives through the sign-in flow, not from startSso.
  const popupError = ownState === "VALIDATING" || flowError?.provider !== "sso" ? null : flowError.message;
  const state: SsoState = popupError ? "INVALID" : ownState;
  const error = ownState === "INVALID" ? ownError : popupError;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!event.currentTarget.reportValidity()) return;
    setState("VALIDATING");
    setError(null);
    try {
      await startSso(email.trim());
      setState("VALID");
    } catch (cause) {
      setState("INVALID");
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate={false} data-state={state}>
      <TextField
        label="Work e-mail"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@company.com"
        required
        autoFocus
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          if (state === "INVALID") setState("IDLE");
          if (flowError?.provider === "sso") clearError();
        }}
        error={state === "INVALID" ? error : undefined}
        hint="We'll send you to your organisation's sign-in page."
      />
      <Button
        type="submit"
        variant="primary"
        size="lg"
        block
        icon={<KeyIcon />}
        loading={state === "VALIDATING" || loadingProvider === "sso"}
      >
        Continue with SSO
      </Button>
      {onBack && (
        <p className={styles.switch}>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => {
              if (flowError?.provider === "sso") clearError();
              onBack();
            }}
          >
            Sign in another way
          </button>
        </p>
      )}
    </form>
  );
}
