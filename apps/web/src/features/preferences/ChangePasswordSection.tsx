import { type FormEvent, useState } from "react";
import { changePassword } from "../../api/queries/auth.ts";
import { Button } from "../../ui/Button.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { toast } from "../../ui/toastStore.ts";
import { errorText } from "../auth/errorText.ts";
import { PASSWORD_TEXTS } from "../auth/passwordTexts.ts";
import styles from "./PreferencesModal.module.css";

/** Preferences › Account: a new password, given the current one; the other sessions end. */
export function ChangePasswordSection() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: "current" | "next"; message: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (next.length < 8) return setError({ field: "next", message: PASSWORD_TEXTS.tooShort });
    setBusy(true);
    setError(null);
    try {
      await changePassword({ currentPassword: current, newPassword: next });
      setCurrent("");
      setNext("");
      toast.success(PASSWORD_TEXTS.changed);
    } catch (cause) {
      const message = errorText(cause);
      setError({ field: /current/i.test(message) ? "current" : "next", message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label="Change password">
      <h3>{PASSWORD_TEXTS.changeTitle}</h3>
      <TextField
        label="Current password"
        type="password"
        name="current-password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={error?.field === "current" ? error.message : undefined}
      />
      <TextField
        label="New password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        value={next}
        onChange={(event) => setNext(event.target.value)}
        error={error?.field === "next" ? error.message : undefined}
      />
      <div>
        <Button type="submit" loading={busy}>
          Change password
        </Button>
      </div>
    </form>
  );
}
