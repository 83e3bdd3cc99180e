import {
  emailPreferenceOf,
  inAppPreferenceOf,
  type LiveNotification,
  type NotificationData,
  type NotificationType,
  notificationTopic,
} from "@boxyard/domain";
import { inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notifications, users } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import type { MailMessage } from "../../integrations/mail/mailer.ts";
import type { LiveEvent } from "../../live/event-bus.ts";
import { sandboxInvitationMail, teamInviteMail } from "./mails.ts";
import { type NotificationRow, unreadCounts } from "./notifications.service.ts";
import { preferencesOfUsers } from "./preferences.service.ts";

export type NotifyDeps = Pick<Deps, "db" | "live" | "mailer" | "config" | "log">;

/** One notification to make: to whom, of which type, with the data of that type (API contract §10). */
export type NotificationFor<T extends NotificationType = NotificationType> = {
  [K in T]: { userId: string; type: K; data: NotificationData<K> };
}[T];

/**
 * What a transaction leaves to do once it has committed: live events, and mails. Notifications are
 * stored in the transaction of what caused them (both happen, or neither); they are announced on
 * their recipients' sockets and mailed only after the commit.
 */
export class Effects {
  readonly notifications: NotificationRow[] = [];
  readonly mails: MailMessage[] = [];
  readonly events: { channel: string; event: LiveEvent }[] = [];

  constructor(private readonly publicUrl: string) {}

  /**
   * Stores the notifications their recipients' in-app preferences let through, and queues the
   * mails their e-mail preferences let through. Answers the stored ones.
   */
  async notify(tx: Tx, items: readonly NotificationFor[]): Promise<NotificationRow[]> {
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
    this.notifications.push(...stored);

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
        const message = to ? this.mailFor(item, to) : null;
        if (message) this.mails.push(message);
      }
    }
    return stored;
  }

  /** A mail to someone without an account (an e-mail invitation): no preferences to ask. */
  mail(message: MailMessage) {
    this.mails.push(message);
  }

  /** A live event on a channel (a workspace's lists changed, say). */
  publish(channel: string, event: LiveEvent) {
    this.events.push({ channel, event });
  }

  private mailFor(item: NotificationFor, to: string): MailMessage | null {
    if (item.type === "team_invite") {
      return teamInviteMail({ to, publicUrl: this.publicUrl, ...item.data });
    }
    if (item.type === "sandbox_invitation") {
      return sandboxInvitationMail({
        to,
        publicUrl: this.publicUrl,
        sandboxId: item.data.sandboxId,
        sandboxTitle: item.data.sandboxTitle ?? item.data.sandboxAlias ?? item.data.sandboxId,
        inviterName: item.data.inviterName,
        authorization: item.data.authorization,
      });
    }
    return null;
  }
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

/** After the commit: each recipient's sockets hear of their new notifications, mails go out. */
export async function deliver(deps: NotifyDeps, effects: Effects): Promise<void> {
  try {
    await announce(deps, effects);
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

async function announce(deps: NotifyDeps, effects: Effects) {
  const unread = await unreadCounts(
    deps.db,
    effects.notifications.map((n) => n.userId),
  );
  const publishing: Promise<void>[] = effects.events.map(({ channel, event }) =>
    deps.live.publish(channel, event),
  );
  for (const row of effects.notifications) {
    const { archived: _archived, ...shown } = presentNotification(row);
    const payload: LiveNotification = { ...shown, unread: unread.get(row.userId)! };
    publishing.push(deps.live.publish(notificationTopic(row.userId), { event: "new-notification", payload }));
  }
  await Promise.all(publishing);
}

/**
 * Runs `fn` in one transaction with an Effects to fill, and carries the effects out once it has
 * committed (nothing is announced for a transaction that rolls back).
 */
export async function inTransaction<T>(
  deps: NotifyDeps,
  fn: (tx: Tx, effects: Effects) => Promise<T>,
): Promise<T> {
  const effects = new Effects(deps.config.publicUrl);
  const result = await deps.db.transaction((tx) => fn(tx, effects));
  await deliver(deps, effects);
  return result;
}

/**
 * The entry point for producers outside any other transaction, such as the code host's webhooks
 * (pull-request review requested and received): stores what the in-app preferences let through
 * and announces it. Answers the stored notifications.
 */
export function notify(deps: NotifyDeps, items: readonly NotificationFor[]): Promise<NotificationRow[]> {
  return inTransaction(deps, (tx, effects) => effects.notify(tx, items));
}
