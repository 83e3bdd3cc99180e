import {
  isProWorkspace,
  type PlanId,
  packageFromItems,
  subscriptionEnded,
  type WorkspaceLimits,
  workspaceLimits,
} from "@boxyard/domain";
import { and, asc, desc, eq, getTableColumns, type InferSelectModel, inArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Config } from "../../config.ts";
import type { Db, Tx } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import {
  projects,
  sandboxes,
  subscriptionItems,
  subscriptions,
  workspaceBilling,
  workspaces,
} from "../../db/schema/index.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionItemRow = typeof subscriptionItems.$inferSelect;

/** What the plan of a workspace depends on besides its subscription: an on-premise install is Pro. */
export type PlanSettings = Pick<Config, "onPremise">;

export type BillingPeriod = { start: Date; end: Date };

export type WorkspacePlan = {
  plan: PlanId;
  pro: boolean;
  limits: WorkspaceLimits;
  /** The cycle credits are counted in: the subscription's while it is Pro, else the calendar month (UTC). */
  period: BillingPeriod;
  /** The workspace's newest subscription, ended or not. */
  subscription: SubscriptionRow | null;
  /** Its items: the current phase and the upcoming one. */
  items: SubscriptionItemRow[];
  spendingLimit: number;
  frozenForCredits: boolean;
  /** What the workspace holds (only counted when asked for: `holdings`). */
  holdings: WorkspaceHoldings;
};

/**
 * What a workspace holds (Team.usage; credits aside): its sandboxes and devboxes that are not
 * deleted, split into private ones (privacy 2) and the others, and into restricted ones and the
 * others; and its imported repositories (projects), private and public on the code host.
 */
export type WorkspaceHoldings = {
  sandboxes: number;
  publicSandboxesQuantity: number;
  privateSandboxesQuantity: number;
  restrictedSandboxes: number;
  unrestrictedSandboxes: number;
  publicProjectsQuantity: number;
  privateProjectsQuantity: number;
};

const NO_HOLDINGS: WorkspaceHoldings = {
  sandboxes: 0,
  publicSandboxesQuantity: 0,
  privateSandboxesQuantity: 0,
  restrictedSandboxes: 0,
  unrestrictedSandboxes: 0,
  publicProjectsQuantity: 0,
  privateProjectsQuantity: 0,
};

/** Answers a workspace's plan inside the caller's transaction: what every limit check asks. */
export type PlanOf = (db: Db | Tx, workspaceId: string) => Promise<WorkspacePlan>;

type JsonRow = Record<string, unknown>;

/** A row read as JSON (`to_jsonb`, keyed by column names) as Drizzle would have answered it. */
function fromJson<T extends PgTable>(table: T, json: JsonRow): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/** The calendar month (UTC) holding `now`: a Free workspace's billing cycle. */
export function calendarMonth(now: Date): BillingPeriod {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/**
 * The plans of several workspaces in one or two queries (Team.limits and Team.usage of a whole list ask
 * through here): Pro when the newest subscription is ACTIVE or the install is on-premise (spec 1
 * §6), the plan of that subscription (flex or builder; flex for an on-premise install without one),
 * its add-on credits, and the spending limit, which buys on-demand credits on Pro. An on-premise
 * install runs devboxes on its own machines: its credits are not metered.
 */
export async function workspacePlans(
  db: Db | Tx,
  settings: PlanSettings,
  workspaceIds: readonly string[],
  now = new Date(),
  options: { holdings?: boolean } = {},
): Promise<Map<string, WorkspacePlan>> {
  const plans = new Map<string, WorkspacePlan>();
  const ids = [...new Set(workspaceIds)];
  if (ids.length === 0) return plans;
  // One query: each workspace, its billing settings and its newest subscription. Written as SQL:
  // Drizzle takes longer to build this select than the database takes to answer it.
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // With `holdings`, the same query counts the workspace's sandboxes (Team.usage): a list of
  // workspaces costs one query for its limits, subscriptions and usage together.
  const holdings = options.holdings ? sql`, to_jsonb(h) as holdings, to_jsonb(p) as projects` : sql``;
  const holdingsJoin = options.holdings
    ? sql`left join lateral (select count(*)::int as sandboxes,
              (count(*) filter (where x.privacy = 2))::int as private,
              (count(*) filter (where x.restricted))::int as restricted
            from ${sandboxes} x where x.workspace_id = w.id and x.removed_at is null) h on true
          left join lateral (select count(*)::int as total, (count(*) filter (where x.private))::int as private
            from ${projects} x where x.workspace_id = w.id) p on true`
    : sql``;
  const raw = await rowsOf<{
    workspace_id: string;
    billing: JsonRow | null;
    subscription: JsonRow | null;
    holdings?: { sandboxes: number; private: number; restricted: number };
    projects?: { total: number; private: number };
  }>(
    db,
    sql`select w.id as workspace_id, to_jsonb(b) as billing, to_jsonb(s) as subscription ${holdings}
        from ${workspaces} w
        left join ${workspaceBilling} b on b.workspace_id = w.id
        left join lateral (select * from ${subscriptions} x where x.workspace_id = w.id
                           order by x.inserted_at desc, x.id desc limit 1) s on true
        ${holdingsJoin}
        where w.id in (${list})`,
  );
  const holdingsByWorkspace = new Map(
    raw.map((r) => {
      const h = r.holdings ?? { sandboxes: 0, private: 0, restricted: 0 };
      const p = r.projects ?? { total: 0, private: 0 };
      const held: WorkspaceHoldings = {
        sandboxes: h.sandboxes,
        privateSandboxesQuantity: h.private,
        publicSandboxesQuantity: h.sandboxes - h.private,
        restrictedSandboxes: h.restricted,
        unrestrictedSandboxes: h.sandboxes - h.restricted,
        publicProjectsQuantity: p.total - p.private,
        privateProjectsQuantity: p.private,
      };
      return [r.workspace_id, held] as const;
    }),
  );
  const rows = raw.map((r) => ({
    workspaceId: r.workspace_id,
    billing: r.billing ? fromJson(workspaceBilling, r.billing) : null,
    subscription: r.subscription ? fromJson(subscriptions, r.subscription) : null,
  }));
  const subs = rows.flatMap((r) => (r.subscription ? [r.subscription] : []));
  const items =
    subs.length === 0
      ? []
      : await db
          .select()
          .from(subscriptionItems)
          .where(
            inArray(
              subscriptionItems.subscriptionId,
              subs.map((s) => s.id),
            ),
          )
          .orderBy(asc(subscriptionItems.position));
  const subByWorkspace = new Map(subs.map((s) => [s.workspaceId, s]));
  const billingByWorkspace = new Map(
    rows.flatMap((r) => (r.billing ? [[r.workspaceId, r.billing] as const] : [])),
  );
  for (const id of ids) {
    const subscription = subByWorkspace.get(id) ?? null;
    const ownItems = subscription ? items.filter((i) => i.subscriptionId === subscription.id) : [];
    const settingsRow = billingByWorkspace.get(id);
    const spendingLimit = settingsRow?.spendingLimit ?? 0;
    const subscribedPro = subscription?.status === "ACTIVE";
    const pro = isProWorkspace(subscription?.status, settings.onPremise);
    const current = ownItems.filter((i) => i.phase === "current");
    const pkg = subscribedPro && subscription.usageBased ? packageFromItems(current) : null;
    const plan: PlanId = subscribedPro ? subscription.plan : pro ? "flex" : "free";
    const addonCredits = pkg ? pkg.totalCredits - pkg.basePlan.credits : 0;
    plans.set(id, {
      plan,
      pro,
      limits: workspaceLimits({
        plan,
        pro,
        addonCredits,
        spendingLimit,
        unmeteredCredits: settings.onPremise,
      }),
      period: subscribedPro
        ? { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd }
        : calendarMonth(now),
      subscription,
      items: ownItems,
      spendingLimit,
      frozenForCredits: settingsRow?.frozenForCredits ?? false,
      holdings: holdingsByWorkspace.get(id) ?? NO_HOLDINGS,
    });
  }
  return plans;
}

export async function workspacePlan(
  db: Db | Tx,
  settings: PlanSettings,
  workspaceId: string,
  now = new Date(),
): Promise<WorkspacePlan> {
  return (await workspacePlans(db, settings, [workspaceId], now)).get(workspaceId)!;
}

/** The one plan resolver of the server, bound to its settings: `deps.plans(tx, workspaceId)`. */
export function planResolver(settings: PlanSettings): PlanOf {
  return (db, workspaceId) => workspacePlan(db, settings, workspaceId);
}

/** The newest subscription of a workspace, locked for an update in the caller's transaction. */
export async function lockedSubscription(tx: Tx, workspaceId: string): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId))
    .orderBy(desc(subscriptions.insertedAt), desc(subscriptions.id))
    .limit(1)
    .for("update");
  return row ?? null;
}

/** Whether the workspace's newest subscription is still running (not cancelled or expired). */
export async function subscriptionRunning(db: Db | Tx, workspaceId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId))
    .orderBy(desc(subscriptions.insertedAt), desc(subscriptions.id))
    .limit(1);
  return Boolean(row && !subscriptionEnded(row.status));
}

export function itemsOfPhase(items: readonly SubscriptionItemRow[], phase: "current" | "upcoming") {
  return items.filter((i) => i.phase === phase);
}

export async function subscriptionItemsOf(db: Db | Tx, subscriptionId: string) {
  return db
    .select()
    .from(subscriptionItems)
    .where(and(eq(subscriptionItems.subscriptionId, subscriptionId)))
    .orderBy(asc(subscriptionItems.position));
}
