import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import type { ConfirmOptions } from "./confirm.ts";
import type { ModalComponentProps } from "./types.ts";

/** Generic confirm dialog (spec 1 §2): title, message, confirm and cancel labels. */
export function ConfirmModal({ open, props, close }: ModalComponentProps<ConfirmOptions, boolean>) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close(false)}
      title={props.title}
      width={400}
      showClose={false}
      footer={
        <>
          <Button onClick={() => close(false)}>{props.cancelLabel ?? "Cancel"}</Button>
          <Button variant={props.danger ? "danger" : "primary"} onClick={() => close(true)} autoFocus>
            {props.confirmLabel ?? "Confirm"}
          </Button>
        </>
      }
    >
      <p style={{ color: "var(--color-text-secondary)" }}>{props.message}</p>
    </Modal>
  );
}

// The editor imports confirm from here.
export { type ConfirmOptions, confirm, useConfirm } from "./confirm.ts";
