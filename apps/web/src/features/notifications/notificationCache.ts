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

/**
 * Puts a notification that just arrived at the top of every cached list it belongs to (all types, or
 * a filter naming its type), so the open dropdown lists and counts it in the same render.
 */
export function addToLists(queryClient: QueryClient, item: NotificationItem) {
  const lists = queryClient.getQueriesData<NotificationItem[]>({ queryKey: notificationKeys.lists });
  for (const [key, items] of lists) {
    const filter = String(key[2] ?? "");
    const types = filter ? filter.split(",") : [];
    if (!items || (types.length > 0 && !types.includes(item.type))) continue;
    if (items.some((n) => n.id === item.id)) continue;
    queryClient.setQueryData<NotificationItem[]>(key, [item, ...items]);
  }
}

/** Marks the given notifications read in every cached list; answers the function that puts them back. */
export function markRead(queryClient: QueryClient, ids: readonly string[]) {
  const marked = new Set(ids);
  return updateLists(queryClient, (items) =>
    items.map((n) => (marked.has(n.id) && !n.read ? { ...n, read: true } : n)),
  );
}
