import { NOTIFICATION_DROPDOWN_WIDTH, NOTIFICATION_MARK_READ_DELAY_MS } from "@boxyard/domain";
import * as Popover from "@radix-ui/react-popover";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import {
  clearNotificationCount,
  markAllNotificationsAsRead,
  notificationKeys,
  unreadCountQuery,
} from "../../api/queries/notifications.ts";
import { Button } from "../../ui/Button.tsx";
import { BellIcon } from "../../ui/Icon.tsx";
import { useSession } from "../session/SessionProvider.tsx";
import { NotificationPanel } from "./NotificationPanel.tsx";
import styles from "./Notifications.module.css";
import { markListsRead } from "./notificationCache.ts";
import { useNotificationsLive } from "./useNotificationsLive.ts";

/**
 * The top bar's notifications (spec 1 §2): a bell with the unread badge and the dropdown (321 px).
 * Opening clears the count, and marks everything read 500 ms later (spec 1 §4, §9).
 */
export function NotificationBell() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  useNotificationsLive(user?.id);
  const unread = useQuery({ ...unreadCountQuery(), enabled: Boolean(user) });
  const count = unread.data ?? 0;
  const [open, setOpen] = useState(false);
  const markTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (markTimer.current) clearTimeout(markTimer.current);
    },
    [],
  );

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    queryClient.setQueryData(notificationKeys.unread, 0);
    clearNotificationCount().catch((error) => {
      console.warn("Clearing the notification count failed", error);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
    });
    if (markTimer.current) clearTimeout(markTimer.current);
    markTimer.current = setTimeout(() => {
      markTimer.current = null;
      const restore = markListsRead(queryClient);
      markAllNotificationsAsRead().catch((error) => {
        console.warn("Marking the notifications read failed", error);
        restore();
      });
    }, NOTIFICATION_MARK_READ_DELAY_MS);
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
        >
          <NotificationPanel onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
