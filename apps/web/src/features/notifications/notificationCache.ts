import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { type NotificationItem, notificationKeys } from "../../api/queries/notifications.ts";

/** Changes every cached notification list at once; answers the function that puts them back. */
export function updateLists(
  queryClient: QueryClient,
  update: (items: NotificationItem[]) => NotificationItem[],
): () => void {
  const snapshot: [QueryKey, NotificationItem[] | undefined][] = queryClient.getQueriesData<
    NotificationItem[]
  >({
    queryKey: notificationKeys.lists,
  });
  for (const [key, items] of snapshot) {
    if (items) queryClient.setQueryData<NotificationItem[]>(key, update(items));
  }
  return () => {
    for (const [key, items] of snapshot) queryClient.setQueryData(key, items);
  };
}

export function markListsRead(queryClient: QueryClient) {
  return updateLists(queryClient, (items) => items.map((n) => (n.read ? n : { ...n, read: true })));
}
