import { NOTIFICATION_DROPDOWN_WIDTH } from "@boxyard/domain";
import * as Popover from "@radix-ui/react-popover";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { clearNotificationCountMutation, unreadCountQuery } from "../../api/queries/notifications.ts";
import { Button } from "../../ui/Button.tsx";
import { BellIcon } from "../../ui/Icon.tsx";
import { useSession } from "../session/SessionProvider.tsx";
import { NotificationPanel } from "./NotificationPanel.tsx";
import styles from "./Notifications.module.css";
import { useNotificationsLive } from "./useNotificationsLive.ts";

/**
 * The top bar's notifications (spec 1 §2): a bell with the unread badge and the dropdown (321 px).
 * Opening clears the count; the dropdown marks everything read 500 ms after it shows the list
 * (spec 1 §4, §9).
 */
export function NotificationBell() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  useNotificationsLive(user?.id);
  const unread = useQuery({ ...unreadCountQuery(), enabled: Boolean(user) });
  const count = unread.data ?? 0;
  const [open, setOpen] = useState(false);
  const clear = useMutation(
    clearNotificationCountMutation(queryClient, {
      onError: (error) => console.warn("Clearing the notification count failed", error),
    }),
  );

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) clear.mutate();
  };

  const label = count > 0 ? `Notifications, ${count} unread` : "Notifications";
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <Button variant="ghost" iconOnly aria-label={label} className={styles.bell}>
          <BellIcon size={18} />
          {count > 0 && (
            <span className={styles.badge} aria-hidden="true">
              {count > 99 ? "99+" : count}
            </span>
          )}
        </Button>
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
          <NotificationPanel onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
