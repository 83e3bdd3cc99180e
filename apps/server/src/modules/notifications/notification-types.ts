import type { NotificationData, NotificationType } from "@boxyard/domain";

/** One notification to make: to whom, of which type, with the data of that type (API contract §10). */
export type NotificationFor<T extends NotificationType = NotificationType> = {
  [K in T]: { userId: string; type: K; data: NotificationData<K> };
}[T];
