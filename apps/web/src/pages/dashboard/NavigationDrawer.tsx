import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { Button } from "../../ui/Button.tsx";
import { CloseIcon } from "../../ui/Icon.tsx";
import { Logo } from "../../ui/Logo.tsx";
import styles from "./DashboardLayout.module.css";

/** The sidebar as a drawer on narrow screens; its code loads when it first opens. */
export function NavigationDrawer({
  open,
  onOpenChange,
  onCloseAutoFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.drawerOverlay} />
        <Dialog.Content
          className={styles.drawer}
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <div className={styles.drawerHeader}>
            <Logo />
            <Dialog.Title className="visually-hidden">Navigation</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" iconOnly aria-label="Close navigation">
                <CloseIcon size={14} />
              </Button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
