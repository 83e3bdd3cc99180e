import {
  NOTIFICATION_LIST_MAX_HEIGHT,
  NOTIFICATION_MARK_READ_DELAY_MS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  newMessagesLabel,
  notificationTarget,
  notificationText,
  shortDistance,
} from "@boxyard/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  archiveAllNotifications,
  archiveNotification,
  markAllNotificationsAsRead,
  type NotificationItem,
  recentNotificationsQuery,
  updateNotificationReadStatus,
} from "../../api/queries/notifications.ts";
import { Avatar } from "../../ui/Avatar.tsx";
import { Button } from "../../ui/Button.tsx";
import { ArchiveIcon, BellIcon, CheckAllIcon, CloseIcon } from "../../ui/Icon.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { toast } from "../../ui/toastStore.ts";
import { useSession } from "../session/SessionProvider.tsx";
import styles from "./Notifications.module.css";
import { markListsRead, markRead, updateLists } from "./notificationCache.ts";

const AVATAR_KEYS = ["inviterAvatar", "requesterAvatar", "reviewerAvatar", "userAvatar"] as const;

function avatarOf(item: NotificationItem): string | null {
  for (const key of AVATAR_KEYS) {
    const value = item.data[key];
    if (typeof value === "string" && value) return value;
  }
  return null;
}

/** The dropdown's content: header with the count and actions, the type filter, the list. */
export function NotificationPanel({ onNavigate }: { onNavigate: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const [type, setType] = useState<string>("");
  const types = type ? [type] : [];
  const list = useQuery(recentNotificationsQuery(types));
  const items = list.data ?? [];
  // The header counts exactly the unread items the list shows.
  const unread = items.filter((n) => !n.read).length;

  // Once the opened list shows what the server answers (not a stale copy being refetched),
  // everything in it is marked read half a second later (spec 1 §4); so is what arrives while it
  // stays open. An item the user has seen and marked unread again stays unread.
  const seen = useRef(new Set<string>());
  const markedAll = useRef(false);
  const settled = list.isSuccess && !list.isFetching;
  const fresh = settled ? items.filter((n) => !n.read && !seen.current.has(n.id)).map((n) => n.id) : [];
  const freshKey = fresh.join(",");
  const listed = useRef(items);
  listed.current = items;
  useEffect(() => {
    if (!settled) return;
    for (const n of listed.current) if (n.read) seen.current.add(n.id);
    if (markedAll.current && freshKey === "") return;
    const timer = setTimeout(() => {
      for (const n of listed.current) seen.current.add(n.id);
      if (!markedAll.current) {
        markedAll.current = true;
        const restore = markListsRead(queryClient);
        markAllNotificationsAsRead().catch((error) => {
          console.warn("Marking the notifications read failed", error);
          restore();
        });
        return;
      }
      const ids = freshKey.split(",");
      const restore = markRead(queryClient, ids);
      Promise.all(ids.map((id) => updateNotificationReadStatus(id, true))).catch((error) => {
        console.warn("Marking the notifications read failed", error);
        restore();
      });
    }, NOTIFICATION_MARK_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [settled, freshKey, queryClient]);

  /** Applies a change at once; puts the lists back and says so when the server refuses it. */
  const optimistic = async (
    update: (items: NotificationItem[]) => NotificationItem[],
    request: () => Promise<unknown>,
    failure: string,
  ) => {
    const restore = updateLists(queryClient, update);
    try {
      await request();
      return true;
    } catch (error) {
      console.warn(failure, error);
      restore();
      toast.error(failure);
      return false;
    }
  };

  const open = async (item: NotificationItem) => {
    if (!item.read) {
      await optimistic(
        (all) => all.map((n) => (n.id === item.id ? { ...n, read: true } : n)),
        () => updateNotificationReadStatus(item.id, true),
        NOTIFICATION_MESSAGES.markReadFailed,
      );
    }
    const target = notificationTarget(item.type, item.data, user?.email ?? null);
    onNavigate();
    if (target) navigate(target);
  };

  const toggleRead = (item: NotificationItem) =>
    optimistic(
      (all) => all.map((n) => (n.id === item.id ? { ...n, read: !item.read } : n)),
      () => updateNotificationReadStatus(item.id, !item.read),
      NOTIFICATION_MESSAGES.markReadFailed,
    );

  const archive = (item: NotificationItem) =>
    optimistic(
      (all) => all.filter((n) => n.id !== item.id),
      () => archiveNotification(item.id),
      NOTIFICATION_MESSAGES.archiveFailed,
    );

  const archiveAll = () => optimistic(() => [], archiveAllNotifications, NOTIFICATION_MESSAGES.archiveFailed);

  const markAllRead = async () => {
    const restore = markListsRead(queryClient);
    try {
      await markAllNotificationsAsRead();
    } catch (error) {
      console.warn("Marking the notifications read failed", error);
      restore();
      toast.error(NOTIFICATION_MESSAGES.markReadFailed);
    }
  };

  return (
    <div className={styles.panel}>
      <header className={styles.header}>
        <div>
          <h2 className={styles.title}>Notifications</h2>
          <p className={styles.count} aria-live="polite">
            {newMessagesLabel(unread)}
          </p>
        </div>
        <div className={styles.actions}>
          <Button
            variant="ghost"
            size="sm"
            iconOnly
            aria-label="Mark all read"
            title="Mark all read"
            disabled={unread === 0}
            onClick={markAllRead}
          >
            <CheckAllIcon size={15} />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            iconOnly
            aria-label="Archive all"
            title="Archive all"
            disabled={items.length === 0}
            onClick={archiveAll}
          >
            <ArchiveIcon size={15} />
          </Button>
        </div>
      </header>
      <div className={styles.filter}>
        <label htmlFor="notification-type-filter" className="visually-hidden">
          Filter by type
        </label>
        <select
          id="notification-type-filter"
          className={styles.select}
          value={type}
          onChange={(event) => setType(event.target.value)}
        >
          <option value="">All notifications</option>
          {NOTIFICATION_TYPES.map((t) => (
            <option key={t} value={t}>
              {NOTIFICATION_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.scroll} style={{ maxHeight: NOTIFICATION_LIST_MAX_HEIGHT }}>
        {list.isPending ? (
          <ul className={styles.list} aria-busy="true" aria-label="Loading notifications">
            {[0, 1, 2].map((i) => (
              <li key={i} className={styles.skeletonRow}>
                <Skeleton width={28} height={28} radius={14} />
                <Skeleton width={200} height={14} />
              </li>
            ))}
          </ul>
        ) : list.isError ? (
          <div className={styles.empty} role="alert">
            <p>{NOTIFICATION_MESSAGES.loadFailed}</p>
            <Button size="sm" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className={styles.empty}>
            <BellIcon size={20} />
            <p>{type ? NOTIFICATION_MESSAGES.emptyFiltered : NOTIFICATION_MESSAGES.empty}</p>
          </div>
        ) : (
          <ul className={styles.list} aria-label="Notification list">
            {items.map((item) => {
              const { actor, text } = notificationText(item.type, item.data);
              return (
                <li key={item.id} className={item.read ? styles.item : `${styles.item} ${styles.unread}`}>
                  <button type="button" className={styles.open} onClick={() => void open(item)}>
                    <Avatar name={actor || "?"} src={avatarOf(item)} size={28} />
                    <span className={styles.text}>
                      <strong>{actor}</strong> {text}
                    </span>
                    <time
                      className={styles.time}
                      dateTime={item.insertedAt}
                      title={new Date(item.insertedAt).toLocaleString()}
                    >
                      {shortDistance(item.insertedAt)}
                    </time>
                  </button>
                  <div className={styles.itemActions}>
                    <button
                      type="button"
                      className={styles.dot}
                      aria-label={item.read ? "Mark as unread" : "Mark as read"}
                      aria-pressed={!item.read}
                      title={item.read ? "Mark as unread" : "Mark as read"}
                      onClick={() => void toggleRead(item)}
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      iconOnly
                      aria-label="Archive notification"
                      title="Archive"
                      onClick={() => void archive(item)}
                    >
                      <CloseIcon size={12} />
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
