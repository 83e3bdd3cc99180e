import { ACCOUNT_MESSAGES, needsTermsNotice } from "@boxyard/domain";
import { useState } from "react";
import { markSurveySeen } from "../../api/queries/account.ts";
import { Button } from "../../ui/Button.tsx";
import { openModal } from "../modals/modalStore.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { readStorage, writeStorage } from "../session/storage.ts";
import styles from "./Survey.module.css";

export const termsNoticeKey = (userId: string) => `boxyard:terms-notice-seen:${userId}`;

/**
 * While the account's deletion is requested, a reminder with the undo. Otherwise notices shown once
 * to a signed-in user (spec 1 §9): the terms-updated notice to users registered
 * before 2024-03-10 (remembered in this browser), then the survey prompt to users the server sends
 * it to (sendSurvey; answering or dismissing it marks it seen on the server).
 */
export function AccountNotices() {
  const { user, reloadUser } = useSession();
  const [termsSeen, setTermsSeen] = useState(() =>
    user ? readStorage(termsNoticeKey(user.id)) !== null : true,
  );
  const [surveyDismissed, setSurveyDismissed] = useState(false);
  if (!user) return null;

  // Signed in again while the account is being deleted: say so, with the undo (spec 2 §4).
  if (user.deletionRequested) {
    return (
      <aside className={styles.prompt} aria-label={ACCOUNT_MESSAGES.undoDeletionTitle}>
        <strong>{ACCOUNT_MESSAGES.undoDeletionTitle}</strong>
        <p>{ACCOUNT_MESSAGES.deletionRequested}</p>
        <div className={styles.promptActions}>
          <Button variant="primary" size="sm" onClick={() => void openModal("undoAccountClosing")}>
            {ACCOUNT_MESSAGES.undoDeletion}
          </Button>
        </div>
      </aside>
    );
  }

  if (!termsSeen && needsTermsNotice(user.insertedAt)) {
    return (
      <aside className={styles.prompt} aria-label={ACCOUNT_MESSAGES.termsUpdatedTitle}>
        <strong>{ACCOUNT_MESSAGES.termsUpdatedTitle}</strong>
        <p>{ACCOUNT_MESSAGES.termsUpdatedText}</p>
        <div className={styles.promptActions}>
          <Button
            variant="primary"
            size="sm"
            onClick={() => {
              writeStorage(termsNoticeKey(user.id), new Date().toISOString());
              setTermsSeen(true);
            }}
          >
            Got it
          </Button>
        </div>
      </aside>
    );
  }

  if (!user.sendSurvey || surveyDismissed) return null;
  const dismiss = async () => {
    setSurveyDismissed(true);
    await markSurveySeen().catch((error: unknown) => console.warn("Could not mark the survey seen", error));
    await reloadUser().catch(() => undefined);
  };
  return (
    <aside className={styles.prompt} aria-label={ACCOUNT_MESSAGES.surveyTitle}>
      <strong>{ACCOUNT_MESSAGES.surveyTitle}</strong>
      <p>{ACCOUNT_MESSAGES.surveyIntro}</p>
      <div className={styles.promptActions}>
        <Button size="sm" onClick={() => void dismiss()}>
          No thanks
        </Button>
        <Button
          variant="primary"
          size="sm"
          onClick={() => {
            setSurveyDismissed(true);
            void openModal("userSurvey");
          }}
        >
          Take the survey
        </Button>
      </div>
    </aside>
  );
}
