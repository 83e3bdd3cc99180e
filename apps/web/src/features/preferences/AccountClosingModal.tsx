import { ACCOUNT_MESSAGES } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cancelAccountDeletionMutation, requestAccountDeletionMutation } from "../../api/queries/account.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { toast } from "../../ui/toastStore.ts";
import type { ModalComponentProps } from "../modals/types.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { signOut } from "../session/signOut.ts";

/**
 * accountClosing (spec 2 §2.1, 450 wide; §4): confirms the deletion request, which is processed
 * within 3 working days, then signs the user out. A failure asks to e-mail support (spec 2 §8).
 */
export function AccountClosingModal({ open, close }: ModalComponentProps) {
  const queryClient = useQueryClient();
  const request = useMutation(
    requestAccountDeletionMutation({
      onSuccess: async () => {
        close();
        await signOut(queryClient);
      },
      onError: () => toast.error(ACCOUNT_MESSAGES.deletionFailed),
    }),
  );
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={ACCOUNT_MESSAGES.deletionTitle}
      width={450}
      footer={
        <>
          <Button onClick={() => close()} disabled={request.isPending}>
            Cancel
          </Button>
          <Button variant="danger" loading={request.isPending} onClick={() => request.mutate()}>
            {ACCOUNT_MESSAGES.requestDeletion}
          </Button>
        </>
      }
    >
      <p style={{ color: "var(--color-text-secondary)" }}>{ACCOUNT_MESSAGES.deletionConfirm}</p>
    </Modal>
  );
}

/** undoAccountClosing (spec 2 §2.1, 450 wide): keeps the account while deletion is requested. */
export function UndoAccountClosingModal({ open, close }: ModalComponentProps) {
  const { reloadUser } = useSession();
  const undo = useMutation(
    cancelAccountDeletionMutation({
      onSuccess: async () => {
        await reloadUser();
        toast.success(ACCOUNT_MESSAGES.deletionUndone);
        close();
      },
      onError: () => toast.error(ACCOUNT_MESSAGES.undoFailed),
    }),
  );
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={ACCOUNT_MESSAGES.undoDeletionTitle}
      width={450}
      footer={
        <>
          <Button onClick={() => close()} disabled={undo.isPending}>
            Cancel
          </Button>
          <Button variant="primary" loading={undo.isPending} onClick={() => undo.mutate()}>
            {ACCOUNT_MESSAGES.undoDeletion}
          </Button>
        </>
      }
    >
      <p style={{ color: "var(--color-text-secondary)" }}>{ACCOUNT_MESSAGES.deletionRequested}</p>
    </Modal>
  );
}
