import * as Dialog from "@radix-ui/react-dialog";
import { useNavigate } from "react-router";
import { Button } from "../../ui/Button.tsx";
import { useReturnFocus } from "../../ui/focusReturn.ts";
import { CloseIcon } from "../../ui/Icon.tsx";
import styles from "../create-dialog/CreateDialog.module.css";
import type { ModalComponentProps } from "../modals/types.ts";
import { ImportScreen } from "./ImportScreen.tsx";
import type { ImportDialogProps } from "./openImportDialog.ts";

/**
 * The import modal (spec 2 §2.1: 950 px wide, full screen below 950 px) around the import screen;
 * an import or fork closes it and opens the new branch.
 */
export function ImportDialog({ open, props, close }: ModalComponentProps<ImportDialogProps>) {
  const navigate = useNavigate();
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay}>
          <Dialog.Content
            className={styles.content}
            aria-describedby={undefined}
            onCloseAutoFocus={returnFocus}
          >
            <header className={styles.header}>
              <Dialog.Title className={styles.title}>Import repository</Dialog.Title>
              <Dialog.Close asChild>
                <Button variant="ghost" size="sm" iconOnly aria-label="Close">
                  <CloseIcon size={14} />
                </Button>
              </Dialog.Close>
            </header>
            <div className={styles.body}>
              <ImportScreen
                teamId={props.teamId ?? null}
                prefill={props.prefill ?? null}
                onDone={(path) => {
                  close(path);
                  navigate(path);
                }}
              />
            </div>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
