import { ACCOUNT_MESSAGES } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getErrorMessage } from "../../api/errors.ts";
import { deleteProfileSandboxMutation } from "../../api/queries/profiles.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { toast } from "../../ui/toastStore.ts";
import type { ModalComponentProps } from "../modals/types.ts";

export type DeleteProfileSandboxProps = { id: string; title: string };

/** deleteProfileSandbox (spec 2 §2.1, 400 wide): the owner deletes a sandbox from their profile. Resolves true. */
export function DeleteProfileSandboxModal({
  open,
  props,
  close,
}: ModalComponentProps<DeleteProfileSandboxProps, boolean>) {
  const queryClient = useQueryClient();
  const remove = useMutation(
    deleteProfileSandboxMutation(queryClient, props.id, {
      onSuccess: () => close(true),
      onError: (error) => toast.error(`${ACCOUNT_MESSAGES.deleteSandboxFailed}: ${getErrorMessage(error)}`),
    }),
  );
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close(false)}
      title={ACCOUNT_MESSAGES.deleteSandboxTitle}
      width={400}
      footer={
        <>
          <Button onClick={() => close(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
            Delete
          </Button>
        </>
      }
    >
      <p style={{ color: "var(--color-text-secondary)" }}>
        <strong style={{ color: "var(--color-text)" }}>{props.title}</strong>:{" "}
        {ACCOUNT_MESSAGES.deleteSandboxMessage}
      </p>
    </Modal>
  );
}
