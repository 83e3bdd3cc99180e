import { type WorkspaceChange, workspaceTopic } from "@boxyard/domain";
import type { MailMessage } from "../integrations/mail/mailer.ts";
import type { LiveEvent } from "../live/event-bus.ts";
import type { NotificationFor } from "../modules/notifications/notification-types.ts";

/**
 * What a command leaves to do besides its writes: notifications to store (in the command's own
 * transaction, just before it commits), then live events and mails once it has committed. Nothing
 * of a command that fails is stored, announced or sent.
 */
export class Effects {
  readonly notifications: NotificationFor[] = [];
  readonly mails: MailMessage[] = [];
  readonly events: { channel: string; event: LiveEvent }[] = [];
  private readonly changes = new Map<string, WorkspaceChange>();

  /** Notifications for their recipients, as their preferences allow (in-app, by e-mail). */
  notify(items: readonly NotificationFor[]) {
    this.notifications.push(...items);
  }

  /** A mail to someone without an account (an e-mail invitation): no preferences to ask. */
  mail(message: MailMessage) {
    this.mails.push(message);
  }

  /** A live event on a channel. */
  publish(channel: string, event: LiveEvent) {
    this.events.push({ channel, event });
  }

  /**
   * Tells the members' dashboards that a workspace's lists changed. Changes to one workspace within
   * a command are merged into one event; the event names what changed, never how (clients read it
   * again through the API, with its authorization).
   */
  workspaceChanged(workspaceIds: Iterable<string>, change: WorkspaceChange) {
    for (const id of workspaceIds) {
      const known = this.changes.get(id);
      this.changes.set(
        id,
        known
          ? {
              sandboxes: known.sandboxes || change.sandboxes,
              folders: known.folders || change.folders,
              repositories: Boolean(known.repositories || change.repositories),
              sandboxIds: [...new Set([...known.sandboxIds, ...change.sandboxIds])],
              actorId: change.actorId,
            }
          : { ...change, sandboxIds: [...new Set(change.sandboxIds)] },
      );
    }
  }

  /** The live events to publish after the commit, workspace changes included. */
  liveEvents(): { channel: string; event: LiveEvent }[] {
    return [
      ...this.events,
      ...[...this.changes].map(([id, payload]) => ({
        channel: workspaceTopic(id),
        event: { event: "workspace-changed", payload },
      })),
    ];
  }
}
