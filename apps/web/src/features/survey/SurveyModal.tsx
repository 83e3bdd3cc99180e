import { ACCOUNT_MESSAGES, SURVEY_COMMENT_MAX, SURVEY_INCOMPLETE, SURVEY_QUESTIONS } from "@boxyard/domain";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { getErrorMessage } from "../../api/errors.ts";
import { answerSurveyMutation } from "../../api/queries/account.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { toast } from "../../ui/toastStore.ts";
import type { ModalComponentProps } from "../modals/types.ts";
import { useSession } from "../session/SessionProvider.tsx";
import styles from "./Survey.module.css";

/** userSurvey (spec 2 §2.1, 850 wide): the 7 questions, kept on the server; answering marks the survey seen. */
export function SurveyModal({ open, close }: ModalComponentProps) {
  const { reloadUser } = useSession();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const send = useMutation(
    answerSurveyMutation({
      onSuccess: async () => {
        toast.success(ACCOUNT_MESSAGES.surveyThanks);
        close();
        await reloadUser();
      },
      onError: (cause) => setError(`${ACCOUNT_MESSAGES.surveyFailed}: ${getErrorMessage(cause)}`),
    }),
  );
  const submit = () => {
    const missing = SURVEY_QUESTIONS.some((q) => q.kind === "choice" && !answers[q.id]);
    if (missing) return setError(SURVEY_INCOMPLETE);
    setError(null);
    send.mutate(answers);
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={ACCOUNT_MESSAGES.surveyTitle}
      description={ACCOUNT_MESSAGES.surveyIntro}
      width={850}
      footer={
        <>
          <Button onClick={() => close()} disabled={send.isPending}>
            Later
          </Button>
          <Button variant="primary" loading={send.isPending} onClick={submit}>
            Send answers
          </Button>
        </>
      }
    >
      <ol className={styles.questions}>
        {SURVEY_QUESTIONS.map((question) => (
          <li key={question.id}>
            {question.kind === "choice" ? (
              <fieldset className={styles.question}>
                <legend>{question.label}</legend>
                <div className={styles.options}>
                  {question.options.map((option) => (
                    <label key={option} className={styles.option}>
                      <input
                        type="radio"
                        name={question.id}
                        value={option}
                        checked={answers[question.id] === option}
                        onChange={() => setAnswers((a) => ({ ...a, [question.id]: option }))}
                      />
                      {option}
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : (
              <label className={styles.question}>
                <span>
                  {question.label} <span className={styles.optional}>(optional)</span>
                </span>
                <textarea
                  rows={3}
                  maxLength={SURVEY_COMMENT_MAX}
                  value={answers[question.id] ?? ""}
                  onChange={(e) => setAnswers((a) => ({ ...a, [question.id]: e.target.value }))}
                />
              </label>
            )}
          </li>
        ))}
      </ol>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </Modal>
  );
}
