import { devSignInErrorMessage } from "@boxyard/domain";
import { type FormEvent, useState } from "react";
import { useParams } from "react-router";
import { firstDetailError, getErrorMessage } from "../../api/errors.ts";
import { verifyAuthCode } from "../../api/queries/auth.ts";
import { Button } from "../../ui/Button.tsx";
import { LogoMark } from "../../ui/Logo.tsx";
import page from "../../ui/Page.module.css";
import { TextField } from "../../ui/TextField.tsx";
import { useDocumentTitle } from "../../ui/useDocumentTitle.ts";

/**
 * Developer sign-in (spec 2 §2.2): asks for an auth code; on success the token is posted to the
 * opener window as a signin message. /signin/:jwt opens it with the code filled in.
 */
export function DevSignInPage() {
  useDocumentTitle("Developer sign-in");
  const { jwt } = useParams();
  const [code, setCode] = useState(jwt ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<"posted" | "no-opener" | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.trim();
    if (!value) return;
    setBusy(true);
    setError(null);
    try {
      const { token } = await verifyAuthCode(value);
      if (window.opener && !window.opener.closed) {
        window.opener.postMessage({ type: "signin", token }, window.location.origin);
        setDone("posted");
        window.close();
      } else {
        setDone("no-opener");
      }
    } catch (cause) {
      setError(devSignInErrorMessage(firstDetailError(cause) ?? getErrorMessage(cause)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className={page.centered} style={{ minHeight: "100vh" }}>
      <div className={page.card}>
        <form className={page.stack} onSubmit={onSubmit}>
          <div className={page.message} style={{ maxWidth: "none" }}>
            <LogoMark size={32} />
            <h1 style={{ fontSize: 20 }}>Developer sign-in</h1>
            <p className={page.muted}>Paste the auth code you were given to sign in.</p>
          </div>
          <TextField
            label="Auth code"
            name="code"
            autoComplete="one-time-code"
            spellCheck={false}
            required
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
            style={{ fontFamily: "var(--font-mono)" }}
          />
          {error && (
            <p className={page.alert} role="alert">
              {error}
            </p>
          )}
          {done === "posted" && (
            <p className={page.success} role="status">
              You are signed in. You can close this window.
            </p>
          )}
          {done === "no-opener" && (
            <p className={page.alert} role="alert">
              The code is valid, but the window that asked for it is gone. Start the sign-in again from there.
            </p>
          )}
          <Button type="submit" variant="primary" size="lg" block loading={busy} disabled={!code.trim()}>
            Submit
          </Button>
        </form>
      </div>
    </main>
  );
}
