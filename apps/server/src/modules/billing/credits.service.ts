import {
  CREATE_MESSAGES,
  creditState,
  creditStateFreezes,
  highestVmTier,
  isUnlimited,
  SANDBOX_MESSAGES,
  vmTier as vmTierOf,
} from "@boxyard/domain";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { devboxRuns, sandboxes, workspaceBilling, workspaces } from "../../db/schema/index.ts";
import { forbidden, invalid, notFound } from "../../http/errors.ts";
import { openCommand } from "../../service/command.ts";
import { WORKSPACE_FROZEN } from "../workspaces/workspace.policy.ts";
import { setWorkspaceFrozen } from "../workspaces/workspace-billing-flags.service.ts";
import { devboxStartedInput, devboxStoppedInput } from "./billing.schema.ts";
import {
  type BillingPeriod,
  type PlanSettings,
  type WorkspacePlan,
  workspacePlans,
} from "./workspace-plan.ts";

export type DevboxRunRow = typeof devboxRuns.$inferSelect;

/**
 * The credits each workspace's devboxes used in its billing period: every run overlapping the
 * period, counted in whole minutes (a started minute counts) at its tier's credit basis per hour;
 * a run still going counts up to `now`. One query for all the workspaces. Exact (not rounded).
 */
export async function creditsUsed(
  db: Db | Tx,
  periods: ReadonlyMap<string, BillingPeriod>,
  now = new Date(),
): Promise<Map<string, number>> {
  const used = new Map<string, number>();
  if (periods.size === 0) return used;
  const values = sql.join(
    [...periods].map(
      ([id, p]) =>
        sql`(${id}::uuid, ${p.start.toISOString()}::timestamptz, ${p.end.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const at = now.toISOString();
  const rows = await rowsOf<{ workspace_id: string; credit_minutes: string | number | null }>(
    db,
    sql`select r.workspace_id,
          sum(ceil(extract(epoch from (least(coalesce(r.stopped_at, ${at}::timestamptz), p.period_end)
                                       - greatest(r.started_at, p.period_start))) / 60) * r.credit_basis)
            as credit_minutes
        from ${devboxRuns} r
        join (values ${values}) as p(workspace_id, period_start, period_end) on p.workspace_id = r.workspace_id
        where r.started_at < p.period_end
          and coalesce(r.stopped_at, ${at}::timestamptz) > p.period_start
          and r.started_at < ${at}::timestamptz
        group by r.workspace_id`,
  );
  for (const row of rows) used.set(row.workspace_id, Number(row.credit_minutes ?? 0) / 60);
  return used;
}

/** Credits as Team.usage shows them: whole credits, a started one counting. */
export function displayedCredits(exact: number): number {
  return Math.ceil(exact - 1e-9);
}

function stateOf(plan: WorkspacePlan, used: number) {
  return creditState({
    pro: plan.pro,
    used,
    includedCredits: plan.limits.includedCredits,
    onDemandCreditLimit: plan.limits.onDemandCreditLimit,
  });
}

/** Whether a workspace's use of credits should freeze it now (never when its credits are not metered). */
export function freezesNow(plan: WorkspacePlan, used: number): boolean {
  return !isUnlimited(plan.limits.includedCredits) && creditStateFreezes(stateOf(plan, used));
}

/**
 * Freezes the workspaces that reached their credit maximum (out of credits on Free, at the spending
 * limit on Pro) and unfreezes the ones billing froze that are under it again: after an upgrade, a
 * raised limit, or in a new cycle (spec 2 §4). Only billing's own freezes are lifted.
 */
export async function refreshCreditFreeze(
  tx: Tx,
  settings: PlanSettings,
  workspaceIds: readonly string[],
  now = new Date(),
): Promise<{ frozen: string[]; unfrozen: string[] }> {
  const result = { frozen: [] as string[], unfrozen: [] as string[] };
  const ids = [...new Set(workspaceIds)];
  if (ids.length === 0) return result;
  const existing = await tx.select({ id: workspaces.id }).from(workspaces).where(inArray(workspaces.id, ids));
  const plans = await workspacePlans(
    tx,
    settings,
    existing.map((w) => w.id),
    now,
  );
  const used = await creditsUsed(tx, new Map([...plans].map(([id, p]) => [id, p.period])), now);
  for (const [id, plan] of plans) {
    const freeze = freezesNow(plan, used.get(id) ?? 0);
    if (freeze === plan.frozenForCredits) continue;
    await tx
      .insert(workspaceBilling)
      .values({ workspaceId: id, frozenForCredits: freeze })
      .onConflictDoUpdate({
        target: workspaceBilling.workspaceId,
        set: { frozenForCredits: freeze, updatedAt: now },
      });
    await setWorkspaceFrozen(tx, id, freeze, now);
    (freeze ? result.frozen : result.unfrozen).push(id);
  }
  return result;
}

/** The workspaces the billing job looks at: devboxes running, or frozen by billing. */
export async function workspacesToRefresh(db: Db | Tx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: workspaces.id })
    .from(workspaces)
    .leftJoin(workspaceBilling, eq(workspaceBilling.workspaceId, workspaces.id))
    .leftJoin(devboxRuns, and(eq(devboxRuns.workspaceId, workspaces.id), isNull(devboxRuns.stoppedAt)))
    .where(or(eq(workspaceBilling.frozenForCredits, true), sql`${devboxRuns.id} is not null`));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// The entry point of the devbox runtime: a devbox started, a devbox stopped

/** The moment the runtime reported, never later than now (its clock may run ahead). */
function reportedAt(value: string | undefined, now: Date): Date {
  const at = value ? new Date(value) : undefined;
  return at && at < now ? at : now;
}

/**
 * Records that a devbox started on a VM of its tier (or the tier given), from `at` (now by
 * default). Refused in a frozen workspace, and when the workspace has used all its credits (which
 * freezes it): 'You have run our of credits.'. A tier above the plan's is refused. A devbox already
 * running keeps its run (the runtime may report a start twice).
 */
export const devboxStarted = openCommand(devboxStartedInput, async (ctx, input): Promise<DevboxRunRow> => {
  const { db: tx } = ctx;
  const settings = ctx.deps.config;
  const now = new Date();
  const at = reportedAt(input.startedAt, now);
  const [sandbox] = await tx.select().from(sandboxes).where(eq(sandboxes.id, input.sandboxId)).for("update");
  if (!sandbox || sandbox.removedAt) throw notFound("Devbox not found.");
  if (!sandbox.isV2) throw invalid(SANDBOX_MESSAGES.vmTierDevboxOnly, "sandboxId");
  const [running] = await tx
    .select()
    .from(devboxRuns)
    .where(and(eq(devboxRuns.sandboxId, sandbox.id), isNull(devboxRuns.stoppedAt)));
  if (running) return running;
  const plan = (await workspacePlans(tx, settings, [sandbox.workspaceId], now)).get(sandbox.workspaceId)!;
  const [workspace] = await tx
    .select({ frozen: workspaces.frozen })
    .from(workspaces)
    .where(eq(workspaces.id, sandbox.workspaceId));
  if (plan.frozenForCredits) throw forbidden(CREATE_MESSAGES.outOfCredits);
  if (workspace?.frozen) throw forbidden(WORKSPACE_FROZEN);
  const used = (await creditsUsed(tx, new Map([[sandbox.workspaceId, plan.period]]), now)).get(
    sandbox.workspaceId,
  );
  if (freezesNow(plan, used ?? 0)) {
    await refreshCreditFreeze(tx, settings, [sandbox.workspaceId], now);
    throw forbidden(CREATE_MESSAGES.outOfCredits);
  }
  const tier = input.vmTier ?? sandbox.vmTier;
  const spec = vmTierOf(tier);
  if (!spec) throw invalid(SANDBOX_MESSAGES.vmTierInvalid, "vmTier");
  const max = highestVmTier(plan.limits.includedVmTier, plan.plan);
  if (tier > max) throw invalid(SANDBOX_MESSAGES.vmTierAbovePlan(max), "vmTier");
  const [run] = await tx
    .insert(devboxRuns)
    .values({
      workspaceId: sandbox.workspaceId,
      sandboxId: sandbox.id,
      vmTier: tier,
      creditBasis: spec.creditBasis,
      startedAt: at,
    })
    .returning();
  return run!;
});

/**
 * Records that a devbox stopped at `at` (now by default); a devbox that is not running is left as
 * it is (null). The credits it used may freeze its workspace.
 */
export const devboxStopped = openCommand(
  devboxStoppedInput,
  async (ctx, input): Promise<DevboxRunRow | null> => {
    const { db: tx } = ctx;
    const settings = ctx.deps.config;
    const now = new Date();
    const [running] = await tx
      .select()
      .from(devboxRuns)
      .where(and(eq(devboxRuns.sandboxId, input.sandboxId), isNull(devboxRuns.stoppedAt)))
      .for("update");
    if (!running) {
      const [exists] = await tx
        .select({ id: sandboxes.id })
        .from(sandboxes)
        .where(eq(sandboxes.id, input.sandboxId));
      if (!exists) throw notFound("Devbox not found.");
      return null;
    }
    const at = reportedAt(input.stoppedAt, now);
    const stoppedAt = new Date(Math.max(at.getTime(), running.startedAt.getTime()));
    const [run] = await tx
      .update(devboxRuns)
      .set({ stoppedAt })
      .where(eq(devboxRuns.id, running.id))
      .returning();
    await refreshCreditFreeze(tx, settings, [running.workspaceId], now);
    return run!;
  },
);
