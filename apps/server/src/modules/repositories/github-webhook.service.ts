import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { ReviewState } from "@boxyard/domain";
import { and, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { identities, projects, users, webhookDeliveries, workspaceMembers } from "../../db/schema/index.ts";
import { openCommand } from "../../service/command.ts";
import type { Effects } from "../../service/effects.ts";
import type { NotificationFor } from "../notifications/notification-types.ts";
import { upsertPullRequestFromWebhook } from "./pull-requests.service.ts";
import { webhookDeliveryInput } from "./repositories.schema.ts";

/** GitHub's `X-Hub-Signature-256`: `sha256=` and the HMAC of the raw body with the webhook secret. */
export function validSignature(secret: string, body: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(body).digest("hex"));
  const given = Buffer.from(header.slice("sha256=".length));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What a delivery is known by besides its id: the SHA-256 of the signed body. */
export function payloadDigest(body: Buffer): string {
  return createHash("sha256").update(body).digest("hex");
}

const account = z.object({
  id: z.union([z.number(), z.string()]),
  login: z.string(),
  avatar_url: z.string().nullish(),
});
const repository = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  owner: z.object({ login: z.string() }),
});
const pull = z.object({
  number: z.number().int().positive(),
  user: account.nullish(),
  head: z.object({ ref: z.string() }),
});

const reviewRequested = z.object({
  action: z.literal("review_requested"),
  requested_reviewer: account.nullish(),
  sender: account,
  pull_request: pull,
  repository,
});

const reviewSubmitted = z.object({
  action: z.literal("submitted"),
  review: z.object({ id: z.union([z.number(), z.string()]), state: z.string(), user: account }),
  pull_request: pull,
  repository,
});

type Repository = z.infer<typeof repository>;
type Account = z.infer<typeof account>;

export type WebhookOutcome = "handled" | "duplicate" | "ignored";

/**
 * Handles one verified delivery in one transaction: a redelivery (same delivery id) changes
 * nothing, nor does the same signed body sent again under another delivery id (only the body is
 * signed: the id and the event name are headers anyone who caught a delivery can change); `pull_request` events update the imported repositories' pull requests, and a review
 * request notifies the requested reviewer; a submitted `pull_request_review` notifies the pull
 * request's author. Only people with a Boxyard account linked to that GitHub account, who are
 * members of a workspace that imported the repository, are notified (their in-app preferences
 * decide the rest).
 */
export const handleGithubWebhook = openCommand(
  webhookDeliveryInput,
  async ({ db: tx, effects }, delivery): Promise<WebhookOutcome> => {
    const [fresh] = await tx
      .insert(webhookDeliveries)
      .values({
        provider: "GITHUB",
        deliveryId: delivery.id,
        event: delivery.event,
        payloadSha256: delivery.payloadSha256,
      })
      // Either key already known (the delivery id, or the body's digest): a duplicate.
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.deliveryId });
    if (!fresh) return "duplicate";
    // Deliveries are remembered a month: GitHub redelivers within days.
    await tx
      .delete(webhookDeliveries)
      .where(sql`${webhookDeliveries.receivedAt} < now() - interval '30 days'`);
    if (delivery.event === "pull_request") {
      await upsertPullRequestFromWebhook(tx, delivery.payload);
      const requested = reviewRequested.safeParse(delivery.payload);
      if (requested.success && requested.data.requested_reviewer) {
        const { pull_request: pr, sender, repository: repo } = requested.data;
        await notifyGithubUser(tx, effects, requested.data.requested_reviewer, repo, (teamId) => ({
          type: "pull_request_review_requested",
          data: {
            teamId,
            owner: repo.owner.login,
            repo: repo.name,
            branch: pr.head.ref,
            pullRequestNumber: pr.number,
            requesterName: sender.login,
            requesterAvatar: sender.avatar_url ?? null,
          },
        }));
      }
      return "handled";
    }
    if (delivery.event === "pull_request_review") {
      const submitted = reviewSubmitted.safeParse(delivery.payload);
      if (!submitted.success) return "ignored";
      const { review, pull_request: pr, repository: repo } = submitted.data;
      const state = review.state.toLowerCase() as ReviewState;
      // Reviewing one's own pull request tells its author nothing new.
      if (!pr.user || String(pr.user.id) === String(review.user.id)) return "handled";
      await notifyGithubUser(tx, effects, pr.user, repo, (teamId) => ({
        type: "pull_request_review_received",
        data: {
          teamId,
          owner: repo.owner.login,
          repo: repo.name,
          branch: pr.head.ref,
          pullRequestNumber: pr.number,
          reviewId: review.id,
          reviewState: state,
          reviewerName: review.user.login,
          reviewerAvatar: review.user.avatar_url ?? null,
        },
      }));
      return "handled";
    }
    return "ignored";
  },
);

/**
 * Notifies the Boxyard user linked to a GitHub account, once, in the workspace that imported the
 * repository: their primary workspace when it did, else the oldest membership that did.
 */
async function notifyGithubUser(
  tx: Tx,
  effects: Effects,
  githubAccount: Account,
  repo: Repository,
  make: (teamId: string) => Omit<NotificationFor, "userId">,
) {
  const [target] = await tx
    .select({ userId: identities.userId, workspaceId: projects.workspaceId })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .innerJoin(workspaceMembers, eq(workspaceMembers.userId, identities.userId))
    .innerJoin(projects, eq(projects.workspaceId, workspaceMembers.workspaceId))
    .where(
      and(
        eq(identities.provider, "github"),
        eq(identities.providerUserId, String(githubAccount.id)),
        eq(projects.provider, "GITHUB"),
        or(
          eq(projects.remoteId, String(repo.id)),
          and(
            sql`lower(${projects.owner}) = lower(${repo.owner.login})`,
            sql`lower(${projects.name}) = lower(${repo.name})`,
          ),
        ),
      ),
    )
    .orderBy(sql`${projects.workspaceId} = ${users.primaryWorkspaceId} desc`, workspaceMembers.insertedAt)
    .limit(1);
  if (!target) return;
  await effects.notify([{ userId: target.userId, ...make(target.workspaceId) } as NotificationFor]);
}
