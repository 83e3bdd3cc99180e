import * as Dialog from "@radix-ui/react-dialog";
import { useRef } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../ui/Button.tsx";
import { useReturnFocus } from "../../ui/focusReturn.ts";
import { CloseIcon } from "../../ui/Icon.tsx";
import type { ModalComponentProps } from "../modals/types.ts";
import styles from "./CreateDialog.module.css";
import { type CreateKind, CreateScreen } from "./CreateScreen.tsx";

export type CreateDialogProps = {
  kind?: CreateKind;
  forkSandboxId?: string | null;
  teamId?: string | null;
  folderPath?: string | null;
};

const TITLES: Record<CreateKind, string> = {
  generic: "Create",
  sandbox: "Create a Sandbox",
  devbox: "Create a Devbox",
};

/**
 * The create modal (spec 2 §2.1: 950 px wide at most, full screen below 950 px): the create screen;
 * a created sandbox opens at /s/{id}. It opens with the focus on itself, not in the search box, so
 * the '/' its search box shows focuses the search rather than typing a '/' into it (spec 2 §2.3).
 * Esc in the search box blurs it instead of closing the dialog.
 */
export function CreateDialog({ open, props, close }: ModalComponentProps<CreateDialogProps>) {
  const navigate = useNavigate();
  const content = useRef<HTMLDivElement>(null);
  const kind = props.kind ?? "generic";
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay}>
          <Dialog.Content
            ref={content}
            className={styles.content}
            aria-describedby={undefined}
            onOpenAutoFocus={(event) => {
              // The dialog itself, not its first control (Close): '/' then focuses the search.
              event.preventDefault();
              content.current?.focus({ preventScroll: true });
            }}
            onCloseAutoFocus={returnFocus}
            onEscapeKeyDown={(event) => {
              const active = document.activeElement;
              if (active instanceof HTMLElement && active.hasAttribute("data-create-search")) {
                event.preventDefault();
                active.blur();
              }
            }}
          >
            <header className={styles.header}>
              <Dialog.Title className={styles.title}>{TITLES[kind]}</Dialog.Title>
              <Dialog.Close asChild>
                <Button variant="ghost" size="sm" iconOnly aria-label="Close">
                  <CloseIcon size={14} />
                </Button>
              </Dialog.Close>
            </header>
            <div className={styles.body}>
              <CreateScreen
                kind={kind}
                forkSandboxId={props.forkSandboxId ?? null}
                teamId={props.teamId ?? null}
                folderPath={props.folderPath ?? null}
                onLeave={() => close()}
                onCreated={(sandbox) => {
                  close(sandbox);
                  navigate(`/s/${encodeURIComponent(sandbox.id)}`);
                }}
              />
            </div>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
