import { and, eq, lte, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ADVISORY_LOCKS } from "../db/advisory-locks.ts";
import type { Db } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { subscriptions } from "../db/schema/index.ts";
import type { Deps } from "../deps.ts";
import { LocalPayments } from "../integrations/payments/local.adapter.ts";
import { applyBillingEvents } from "../modules/billing/billing-events.ts";
import { creditsUsed, refreshCreditFreeze, workspacesToRefresh } from "../modules/billing/credits.service.ts";
import { snapshotOf } from "../modules/billing/plan-change.service.ts";
import {
  itemsOfPhase,
  lockedSubscription,
  type PlanSettings,
  subscriptionItemsOf,
  workspacePlan,
} from "../modules/billing/workspace-plan.ts";
import { runWhileListening, startIntervalJob } from "./interval-job.ts";

/** The advisory-lock key of the billing cycle; one replica runs it at a time. */
export const BILLING_LOCK = ADVISORY_LOCKS.billingCycle;

export type BillingCycleResult = { ran: boolean; renewed: string[]; frozen: string[]; unfrozen: string[] };

/**
 * One run of the billing cycle, in one transaction under `pg_try_advisory_xact_lock(BILLING_LOCK)`
 * (another replica running it makes this one skip):
 * - local subscriptions whose cycle has ended start the next one (with the change waiting for it,
 *   invoiced with the on-demand credits the ended cycle used), or end when set to cancel;
 * - workspaces with devboxes running are frozen when they reach their credit maximum, and the ones
 *   billing froze are unfrozen when they are under it again (a new cycle, an upgrade, a raised limit).
 */
export async function runBillingCycle(
  db: Db,
  settings: PlanSettings & { publicUrl: string },
  now = new Date(),
): Promise<BillingCycleResult> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${BILLING_LOCK}) as locked`,
    );
    if (!lock?.locked) return { ran: false, renewed: [], frozen: [], unfrozen: [] };
    const local = new LocalPayments(settings.publicUrl);
    const due = await tx
      .select({ id: subscriptions.id, workspaceId: subscriptions.workspaceId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, "local"),
          eq(subscriptions.status, "ACTIVE"),
          lte(subscriptions.currentPeriodEnd, now),
        ),
      );
    const renewed: string[] = [];
    for (const { id, workspaceId } of due) {
      // Cycles missed while the server was down are caught up one by one.
      for (let cycle = 0; cycle < 60; cycle++) {
        const row = await lockedSubscription(tx, workspaceId);
        if (!row || row.id !== id || row.status !== "ACTIVE" || row.currentPeriodEnd > now) break;
        const plan = await workspacePlan(tx, settings, workspaceId, now);
        const used =
          (await creditsUsed(tx, new Map([[workspaceId, plan.period]]), now)).get(workspaceId) ?? 0;
        const onDemand = Math.max(
          0,
          Math.min(Math.ceil(used - 1e-9) - plan.limits.includedCredits, plan.limits.onDemandCreditLimit),
        );
        const items = await subscriptionItemsOf(tx, row.id);
        const upcoming =
          row.upcomingStartsAt && row.upcomingStartsAt <= row.currentPeriodEnd
            ? itemsOfPhase(items, "upcoming")
            : [];
        const events = local.renew(
          snapshotOf(row, items),
          upcoming.map((i) => ({ name: i.name, quantity: i.quantity, unitAmount: i.unitAmount })),
          onDemand,
        );
        await applyBillingEvents(tx, settings, "local", events, now);
        renewed.push(row.id);
      }
    }
    const freezes = await refreshCreditFreeze(tx, settings, await workspacesToRefresh(tx), now);
    return { ran: true, renewed, ...freezes };
  });
}

/** Runs the billing cycle every BOXYARD_BILLING_JOB_SECONDS once the app listens; stops on close. */
export function registerBillingJob(app: FastifyInstance, deps: Deps) {
  runWhileListening(app, () =>
    startIntervalJob(
      "billing cycle",
      async () => {
        const result = await runBillingCycle(deps.db, deps.config);
        if (result.renewed.length + result.frozen.length + result.unfrozen.length > 0) {
          app.log.info(
            { renewed: result.renewed.length, frozen: result.frozen, unfrozen: result.unfrozen },
            "billing cycle",
          );
        }
      },
      { intervalMs: deps.config.billingJobIntervalMs, firstRunMs: 5_000, log: app.log },
    ),
  );
}
