import {
  emailPreferenceOf,
  inAppPreferenceOf,
  type LiveNotification,
  notificationTopic,
} from "@boxyard/domain";
import { inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notifications, users } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import type { MailMessage } from "../../integrations/mail/mailer.ts";
import { Effects } from "../../service/effects.ts";
import { sandboxInvitationMail, teamInviteMail } from "./mails.ts";
import type { NotificationFor } from "./notification-types.ts";
import { preferencesOfUsers } from "./preferences.ts";
import { type NotificationRow, unreadCounts } from "./unread-counts.ts";

export type NotifyDeps = Pick<Deps, "db" | "live" | "mailer" | "config" | "log">;

/**
 * Stores, in the command's transaction, the notifications their recipients' in-app preferences let
 * through, and queues the mails their e-mail preferences let through. Answers the stored ones.
 */
export async function storeNotifications(
  tx: Tx,
  publicUrl: string,
  effects: Effects,
): Promise<NotificationRow[]> {
  const items = effects.notifications;
  if (items.length === 0) return [];
  const preferences = await preferencesOfUsers(
    tx,
    items.map((i) => i.userId),
  );
  const wanted = items.filter((item) => {
    const key = inAppPreferenceOf(item.type);
    return key === null || preferences.get(item.userId)![key];
  });
  const stored =
    wanted.length === 0
      ? []
      : await tx
          .insert(notifications)
          .values(wanted.map((item) => ({ userId: item.userId, type: item.type, data: item.data })))
          .returning();

  const mailed = items.filter((item) => {
    const key = emailPreferenceOf(item.type);
    return key !== null && preferences.get(item.userId)![key];
  });
  if (mailed.length > 0) {
    const addresses = new Map(
      (
        await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(
            inArray(
              users.id,
              mailed.map((m) => m.userId),
            ),
          )
      ).map((u) => [u.id, u.email]),
    );
    for (const item of mailed) {
      const to = addresses.get(item.userId);
      const message = to ? mailFor(item, to, publicUrl) : null;
      if (message) effects.mail(message);
    }
  }
  return stored;
}

function mailFor(item: NotificationFor, to: string, publicUrl: string): MailMessage | null {
  if (item.type === "team_invite") {
    return teamInviteMail({ to, publicUrl, ...item.data });
  }
  if (item.type === "sandbox_invitation") {
    return sandboxInvitationMail({
      to,
      publicUrl,
      sandboxId: item.data.sandboxId,
      sandboxTitle: item.data.sandboxTitle ?? item.data.sandboxAlias ?? item.data.sandboxId,
      inviterName: item.data.inviterName,
      authorization: item.data.authorization,
    });
  }
  return null;
}

/** The API shape of a notification: `data` is a JSON string (spec 1 §3). */
export function presentNotification(row: NotificationRow) {
  return {
    id: row.id,
    type: row.type,
    data: JSON.stringify(row.data),
    read: row.read,
    archived: row.archived,
    insertedAt: row.insertedAt.toISOString(),
  };
}

/** After the commit: live events go out (each new notification to its recipient's sockets), then mails. */
export async function deliver(
  deps: NotifyDeps,
  effects: Effects,
  stored: readonly NotificationRow[],
): Promise<void> {
  try {
    await announce(deps, effects, stored);
  } catch (error) {
    // Committed already: what could not be announced is read by the clients when they refetch.
    deps.log.error({ err: error }, "live events not published");
  }
  const mailer = deps.mailer;
  if (!mailer) return;
  // Mail goes out in the background: a slow SMTP server does not hold up the answer.
  for (const message of effects.mails) {
    mailer.send(message).catch((error) => deps.log.error({ err: error, to: message.to }, "mail not sent"));
  }
}

async function announce(deps: NotifyDeps, effects: Effects, stored: readonly NotificationRow[]) {
  const unread = await unreadCounts(
    deps.db,
    stored.map((n) => n.userId),
  );
  const publishing: Promise<void>[] = effects
    .liveEvents()
    .map(({ channel, event }) => deps.live.publish(channel, event));
  for (const row of stored) {
    const { archived: _archived, ...shown } = presentNotification(row);
    const payload: LiveNotification = { ...shown, unread: unread.get(row.userId)! };
    publishing.push(deps.live.publish(notificationTopic(row.userId), { event: "new-notification", payload }));
  }
  await Promise.all(publishing);
}

/**
 * The entry point of producers outside any command, such as the code host's webhooks: stores what
 * the in-app preferences let through and announces it. Answers the stored notifications.
 */
export async function notify(
  deps: NotifyDeps,
  items: readonly NotificationFor[],
): Promise<NotificationRow[]> {
  const effects = new Effects();
  effects.notify(items);
  const stored = await deps.db.transaction((tx) => storeNotifications(tx, deps.config.publicUrl, effects));
  await deliver(deps, effects, stored);
  return stored;
}
