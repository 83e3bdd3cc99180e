import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PREFERENCE_GROUPS,
  type NotificationPreferenceKey,
  type NotificationPreferences as Preferences,
} from "@boxyard/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  emailPreferencesQuery,
  notificationKeys,
  updateNotificationPreferences,
} from "../../api/queries/notifications.ts";
import { Button } from "../../ui/Button.tsx";
import { toast } from "../../ui/toastStore.ts";
import styles from "./NotificationPreferences.module.css";

/**
 * The preferences' Notifications tab (spec 2 §2.5): the eight switches. A switch flips at once and
 * flips back, with the spec's message, when the server refuses the change (spec 2 §4).
 */
export function NotificationPreferences() {
  const queryClient = useQueryClient();
  const preferences = useQuery(emailPreferencesQuery());

  const change = async (key: NotificationPreferenceKey, value: boolean) => {
    await queryClient.cancelQueries({ queryKey: notificationKeys.preferences });
    const before = queryClient.getQueryData<Preferences>(notificationKeys.preferences);
    if (before)
      queryClient.setQueryData<Preferences>(notificationKeys.preferences, { ...before, [key]: value });
    try {
      const { updateNotificationPreferences: saved } = await updateNotificationPreferences({ [key]: value });
      queryClient.setQueryData(notificationKeys.preferences, saved);
    } catch (error) {
      console.warn("Updating the notification preferences failed", error);
      queryClient.setQueryData(notificationKeys.preferences, (current: Preferences | undefined) =>
        current ? { ...current, [key]: !value } : current,
      );
      toast.error(NOTIFICATION_MESSAGES.preferencesUpdateFailed);
    }
  };

  if (preferences.isPending) {
    return (
      <p className={styles.muted} role="status">
        {NOTIFICATION_MESSAGES.loadingEmailSettings}
      </p>
    );
  }
  if (preferences.isError) {
    return (
      <div className={styles.error} role="alert">
        <p>{NOTIFICATION_MESSAGES.preferencesLoadFailed}</p>
        <Button size="sm" onClick={() => void preferences.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.groups}>
      {NOTIFICATION_PREFERENCE_GROUPS.map((group) => (
        <fieldset key={group.title} className={styles.group}>
          <legend className={styles.legend}>{group.title}</legend>
          {group.items.map((item) => (
            <label key={item.key} className={styles.row}>
              <span className={styles.label}>
                <span>{item.label}</span>
                <span className={styles.muted}>{item.description}</span>
              </span>
              <input
                type="checkbox"
                role="switch"
                className={styles.switch}
                checked={preferences.data[item.key]}
                aria-checked={preferences.data[item.key]}
                onChange={(event) => void change(item.key, event.target.checked)}
              />
            </label>
          ))}
        </fieldset>
      ))}
    </div>
  );
}
