import { useEffect } from "react";
import { Modal } from "../../ui/Modal.tsx";
import type { ModalComponentProps } from "../modals/types.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { SignInPanel } from "./SignInPanel.tsx";

export type SignInModalProps = {
  /** Called by 'Continue without an account'. Cleared when the modal closes. */
  onCancel?: () => void;
};

/** Sign-in modal (spec 1 §2): width 400, closes on Escape or outside click, never shown to a signed-in user. */
export function SignInModal({ open, props, close }: ModalComponentProps<SignInModalProps>) {
  const { isLoggedIn } = useSession();

  useEffect(() => {
    if (isLoggedIn && open) close(true);
  }, [isLoggedIn, open, close]);

  if (isLoggedIn) return null;

  return (
    <Modal open={open} onOpenChange={(next) => !next && close(false)} title="Sign in" hideTitle width={400}>
      <SignInPanel
        onCancel={() => {
          props.onCancel?.();
          close(false);
        }}
      />
    </Modal>
  );
}
