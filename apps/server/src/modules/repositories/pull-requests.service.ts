import { and, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { projects, pullRequests } from "../../db/schema/index.ts";
import { fromPull } from "../../integrations/codehost/github.adapter.ts";

/** The parts of GitHub's `pull_request` webhook event Boxyard keeps (api-contract §10 builds on them). */
const pullRequestEvent = z.object({
  action: z.string(),
  number: z.number().int().positive(),
  pull_request: z.object({
    number: z.number().int().positive(),
    title: z.string(),
    state: z.string(),
    merged: z.boolean().nullish(),
    merged_at: z.string().nullish(),
    updated_at: z.string().nullish(),
    additions: z.number().int().nullish(),
    deletions: z.number().int().nullish(),
    head: z.object({
      ref: z.string(),
      sha: z.string(),
      repo: z.object({ owner: z.object({ login: z.string() }) }).nullish(),
    }),
  }),
  repository: z.object({
    id: z.union([z.number(), z.string()]),
    name: z.string(),
    owner: z.object({ login: z.string() }),
  }),
});

export type PullRequestEvent = z.infer<typeof pullRequestEvent>;

export type UpsertedPullRequest = {
  projectId: string;
  workspaceId: string;
  number: number;
  state: "open" | "closed" | "merged";
  branch: string;
};

/**
 * Applies a `pull_request` webhook event to every workspace that imported the repository (found
 * by the code host's repository id, else by owner and name): the pull request is inserted or
 * updated, unless the stored one is newer (events can arrive out of order). Answers what changed,
 * for the notifications the webhook route sends; an event Boxyard cannot read is refused.
 */
export async function upsertPullRequestFromWebhook(
  db: Db | Tx,
  payload: unknown,
): Promise<UpsertedPullRequest[]> {
  const event = pullRequestEvent.parse(payload);
  const pull = fromPull({
    ...event.pull_request,
    merged: event.pull_request.merged ?? undefined,
    additions: event.pull_request.additions ?? undefined,
    deletions: event.pull_request.deletions ?? undefined,
  });
  const remoteUpdatedAt = pull.updatedAt ? new Date(pull.updatedAt) : new Date();
  const { repository } = event;
  return db.transaction(async (tx) => {
    const matching = await tx
      .select({ id: projects.id, workspaceId: projects.workspaceId })
      .from(projects)
      .where(
        and(
          eq(projects.provider, "GITHUB"),
          or(
            eq(projects.remoteId, String(repository.id)),
            and(
              sql`lower(${projects.owner}) = lower(${repository.owner.login})`,
              sql`lower(${projects.name}) = lower(${repository.name})`,
            ),
          ),
        ),
      );
    const changed: UpsertedPullRequest[] = [];
    for (const project of matching) {
      const values = {
        title: pull.title,
        state: pull.state,
        branch: pull.headRef,
        headOwner: pull.headOwner,
        headSha: pull.headSha,
        additions: pull.additions,
        deletions: pull.deletions,
        remoteUpdatedAt,
        updatedAt: new Date(),
      };
      const [row] = await tx
        .insert(pullRequests)
        .values({ projectId: project.id, number: pull.number, ...values })
        .onConflictDoUpdate({
          target: [pullRequests.projectId, pullRequests.number],
          set: values,
          setWhere: sql`${pullRequests.remoteUpdatedAt} is null or ${pullRequests.remoteUpdatedAt} <= ${remoteUpdatedAt.toISOString()}`,
        })
        .returning({ number: pullRequests.number });
      if (row) {
        changed.push({
          projectId: project.id,
          workspaceId: project.workspaceId,
          number: pull.number,
          state: pull.state,
          branch: pull.headRef,
        });
      }
    }
    return changed;
  });
}
