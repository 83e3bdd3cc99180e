import { useMutation } from "@tanstack/react-query";
import { resendVerificationEmailMutation } from "../../api/queries/auth.ts";
import { Button } from "../../ui/Button.tsx";
import { toast } from "../../ui/toastStore.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { errorText } from "./errorText.ts";
import { PASSWORD_TEXTS } from "./passwordTexts.ts";
import styles from "./VerifyEmailBanner.module.css";

/**
 * Until a local account's address is verified: says a link was sent, and offers another. The
 * account works meanwhile; only invitations to the address wait. Hidden when the installation
 * sends no e-mail (nothing to follow).
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const resend = useMutation(
    resendVerificationEmailMutation({
      onSuccess: ({ email }) => toast.success(PASSWORD_TEXTS.resent(email)),
    }),
  );
  if (!user?.email || user.emailVerified !== false || !user.emailVerificationAvailable) return null;
  return (
    <div className={styles.banner} role="status" aria-label={PASSWORD_TEXTS.verifyTitle}>
      <span className={styles.text}>{PASSWORD_TEXTS.bannerText(user.email)}</span>
      {resend.error && <span className={styles.problem}>{errorText(resend.error)}</span>}
      <Button size="sm" loading={resend.isPending} onClick={() => resend.mutate()}>
        {PASSWORD_TEXTS.resend}
      </Button>
    </div>
  );
}
