import { ACCOUNT_MESSAGES, FEEDBACK_MAX_LENGTH } from "@boxyard/domain";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { getErrorMessage } from "../../api/errors.ts";
import { sendFeedbackMutation } from "../../api/queries/account.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { toast } from "../../ui/toastStore.ts";
import type { ModalComponentProps } from "../modals/types.ts";
import styles from "./FeedbackModal.module.css";

/** Feedback (spec 1 §2 user menu, spec 2 §2.1: 450 wide): a message to the instance's operators. */
export function FeedbackModal({ open, close }: ModalComponentProps) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const send = useMutation(
    sendFeedbackMutation({
      onSuccess: () => {
        toast.success(ACCOUNT_MESSAGES.feedbackSent);
        close();
      },
      onError: (cause) => setError(`${ACCOUNT_MESSAGES.feedbackFailed}: ${getErrorMessage(cause)}`),
    }),
  );
  const submit = () => {
    if (!text.trim()) return setError(ACCOUNT_MESSAGES.feedbackRequired);
    setError(null);
    send.mutate({ text: text.trim(), page: window.location.pathname });
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Feedback"
      description="What do you like, what gets in your way? The people who run this installation read every message."
      width={450}
      footer={
        <>
          <Button onClick={() => close()} disabled={send.isPending}>
            Cancel
          </Button>
          <Button variant="primary" loading={send.isPending} onClick={submit}>
            Send feedback
          </Button>
        </>
      }
    >
      <label className={styles.field}>
        <span className="visually-hidden">Your feedback</span>
        <textarea
          value={text}
          rows={6}
          maxLength={FEEDBACK_MAX_LENGTH}
          placeholder="Tell us what you think…"
          aria-invalid={Boolean(error)}
          // biome-ignore lint/a11y/noAutofocus: the modal exists to type this message.
          autoFocus
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </Modal>
  );
}
