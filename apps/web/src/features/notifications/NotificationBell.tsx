import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useRef, useState } from "react";
import { clearNotificationCountMutation, unreadCountQuery } from "../../api/queries/notifications.ts";
import { Button } from "../../ui/Button.tsx";
import { BellIcon } from "../../ui/Icon.tsx";
import { useSession } from "../session/SessionProvider.tsx";
import styles from "./Notifications.module.css";
import { useNotificationsLive } from "./useNotificationsLive.ts";

const loadPopover = () => import("./NotificationPopover.tsx");
const NotificationPopover = lazy(async () => ({ default: (await loadPopover()).NotificationPopover }));

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
  // The dropdown's code (Radix Popover and the list) is fetched when a pointer comes over the bell
  // or it is pressed, not with the page.
  const [wanted, setWanted] = useState(false);
  const focused = useRef(false);
  const bell = (
    <Button
      variant="ghost"
      iconOnly
      aria-label={label}
      className={styles.bell}
      aria-haspopup="dialog"
      aria-expanded={open}
      onPointerEnter={() => void loadPopover()}
      onFocus={() => {
        focused.current = true;
      }}
      onBlur={() => {
        focused.current = false;
      }}
      onClick={() => {
        // Once the dropdown is there, its trigger opens and closes it.
        if (wanted) return;
        setWanted(true);
        onOpenChange(true);
      }}
    >
      <BellIcon size={18} />
      {count > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Button>
  );
  if (!wanted) return bell;
  return (
    <Suspense fallback={bell}>
      <NotificationPopover
        open={open}
        onOpenChange={onOpenChange}
        trigger={bell}
        focusTrigger={focused.current}
      />
    </Suspense>
  );
}
