import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { Button } from "./Button.tsx";
import { useReturnFocus } from "./focusReturn.ts";
import { CloseIcon } from "./Icon.tsx";
import styles from "./Modal.module.css";

/** Default modal width (spec 1 §9). */
export const MODAL_DEFAULT_WIDTH = 400;
/** Modal close animation (spec 1 §9). */
export const MODAL_CLOSE_MS = 300;

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Keeps the title for screen readers only. */
  hideTitle?: boolean;
  description?: ReactNode;
  width?: number | string;
  children?: ReactNode;
  footer?: ReactNode;
  /** No padding around the children. */
  bare?: boolean;
  showClose?: boolean;
};

/** A centred dialog: closes on Escape and outside click, traps focus, returns it on close. */
export function Modal({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  width = MODAL_DEFAULT_WIDTH,
  children,
  footer,
  bare,
  showClose = true,
}: ModalProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay}>
          <Dialog.Content
            className={styles.content}
            style={{ width }}
            onCloseAutoFocus={returnFocus}
            {...(description ? {} : { "aria-describedby": undefined })}
          >
            <div className={hideTitle ? "visually-hidden" : styles.header}>
              <div>
                <Dialog.Title className={styles.title}>{title}</Dialog.Title>
                {description && (
                  <Dialog.Description className={styles.description}>{description}</Dialog.Description>
                )}
              </div>
            </div>
            <div className={bare ? styles.bare : styles.body}>{children}</div>
            {footer && <div className={styles.footer}>{footer}</div>}
            {showClose && (
              <Dialog.Close asChild>
                <Button variant="ghost" size="sm" iconOnly className={styles.close} aria-label="Close">
                  <CloseIcon size={14} />
                </Button>
              </Dialog.Close>
            )}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
