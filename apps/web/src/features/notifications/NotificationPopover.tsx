import { NOTIFICATION_DROPDOWN_WIDTH } from "@boxyard/domain";
import * as Popover from "@radix-ui/react-popover";
import type { ReactElement } from "react";
import { NotificationPanel } from "./NotificationPanel.tsx";
import styles from "./Notifications.module.css";

/** The dropdown of the bell (321 px), with its list; loaded when the bell is first approached. */
export function NotificationPopover({
  open,
  onOpenChange,
  trigger,
  focusTrigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactElement;
  /** The bell had the keyboard focus when this replaced it. */
  focusTrigger: boolean;
}) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild ref={(node) => void (focusTrigger && !open && node?.focus())}>
        {trigger}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={styles.dropdown}
          style={{ width: NOTIFICATION_DROPDOWN_WIDTH }}
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Notifications"
          tabIndex={-1}
          // The dropdown itself takes the focus (not its first control): keys then reach its list.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
        >
          <NotificationPanel onNavigate={() => onOpenChange(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
