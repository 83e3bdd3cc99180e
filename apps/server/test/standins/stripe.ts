/**
 * A local stand-in for the parts of Stripe's API Boxyard calls, on a real HTTP server (127.0.0.1,
 * a random port). Boxyard's Stripe adapter talks to it through the official SDK (its host, port and
 * protocol settings), so requests arrive as Stripe's SDK sends them: form-encoded bodies with
 * bracketed keys, `Authorization: Bearer <secret key>`. It keeps its objects in memory:
 *
 * - `POST /v1/customers`, `POST /v1/checkout/sessions`, `POST /v1/billing_portal/sessions`;
 * - `GET|POST /v1/subscriptions/:id` (an update replaces items, `billing_cycle_anchor[type]=now`
 *   starts a new cycle);
 * - `POST /v1/invoices/create_preview` (the next cycle's items less the unused part of the current
 *   cycle when prorating at once);
 * - `POST /v1/subscription_schedules` (`from_subscription`), `GET|POST /v1/subscription_schedules/:id`
 *   and `POST .../release`.
 *
 * What Stripe does on its own pages (paying a checkout) the test does with `completeCheckout`, and
 * Stripe's webhooks are built with `event(...)` and signed with the SDK's `generateTestHeaderString`.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ADDON_IDS, addonCost, PAID_PLAN_IDS, planCost } from "@boxyard/domain";
import Stripe from "stripe";
import {
  STRIPE_PRICE_KEYS,
  type StripePriceKey,
  stripePriceVariable,
} from "../../src/integrations/payments/price-keys.ts";

type Json = Record<string, unknown>;
export type StandInPrice = { id: string; unit_amount: number; recurring: { interval: "month" | "year" } };
export type StandInItem = {
  id: string;
  object: "subscription_item";
  price: StandInPrice;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
};
export type StandInSubscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  currency: string;
  metadata: Record<string, string>;
  items: { object: "list"; data: StandInItem[] };
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  trial_start: number | null;
  trial_end: number | null;
  start_date: number;
  schedule: string | null;
  default_payment_method: string | null;
  default_source: null;
};

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`;
const seconds = (date = new Date()) => Math.floor(date.getTime() / 1000);

/** `a[b][0][c]=1` form fields into nested objects and arrays, as Stripe reads them. */
export function parseForm(body: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const key: string | number = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[key] = value;
        return;
      }
      if (container[key] === undefined) container[key] = /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = container[key] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

function addPeriod(start: number, interval: "month" | "year"): number {
  const date = new Date(start * 1000);
  date.setUTCMonth(date.getUTCMonth() + (interval === "year" ? 12 : 1));
  return seconds(date);
}

export type StripeStandIn = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Settings for `testApp(env)` that make Boxyard use Stripe, here. */
  env: Record<string, string>;
  prices: Record<StripePriceKey, StandInPrice>;
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, StandInSubscription>;
  schedules: Map<string, Json>;
  /** Every request, for assertions: method, path and parsed body. */
  requests: { method: string; path: string; body: Json }[];
  /** Pays a checkout as Stripe's page would: its subscription starts, active. */
  completeCheckout(sessionId: string, status?: string): { session: Json; subscription: StandInSubscription };
  /** A Stripe event, and its body and `stripe-signature` header signed with the webhook secret. */
  event(type: string, object: unknown): { id: string; payload: string; signature: string };
  /** Answers the next request with a server error (the SDK retries once, so both fail). */
  failNext(count?: number): void;
  close(): Promise<void>;
};

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  const prices = {} as Record<StripePriceKey, StandInPrice>;
  for (const key of STRIPE_PRICE_KEYS) {
    const yearly = key.endsWith("_yearly");
    const catalogueId = key.replace(/_(monthly|yearly)$/, "");
    let cost = { costMonth: 1200, costYear: 10800 };
    if ((PAID_PLAN_IDS as readonly string[]).includes(catalogueId)) cost = planCost(catalogueId as "flex");
    if ((ADDON_IDS as readonly string[]).includes(catalogueId))
      cost = addonCost(catalogueId as "credits_500");
    prices[key] = {
      id: `price_${key}`,
      unit_amount: yearly ? cost.costYear : cost.costMonth,
      recurring: { interval: yearly ? "year" : "month" },
    };
  }
  const priceById = new Map(Object.values(prices).map((p) => [p.id, p]));
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, StandInSubscription>();
  const schedules = new Map<string, Json>();
  const requests: StripeStandIn["requests"] = [];
  let failures = 0;

  const itemsOf = (lines: { price: string; quantity?: string | number }[], start: number) =>
    lines.map((line) => {
      const price = priceById.get(line.price);
      if (!price) throw Object.assign(new Error(`No such price: '${line.price}'`), { status: 400 });
      return {
        id: id("si"),
        object: "subscription_item" as const,
        price,
        quantity: Number(line.quantity ?? 1),
        current_period_start: start,
        current_period_end: addPeriod(start, price.recurring.interval),
      };
    });
  const cycleTotal = (items: StandInItem[]) =>
    items.reduce((sum, i) => sum + i.price.unit_amount * i.quantity, 0);

  /** The items a `items[]` parameter leaves: deleted ones out, new prices in. */
  const applyItems = (sub: StandInSubscription, params: Json[] | undefined, start: number) => {
    if (!params) return sub.items.data;
    const deleted = new Set(params.filter((p) => p.deleted === "true").map((p) => p.id as string));
    const kept = sub.items.data.filter((i) => !deleted.has(i.id));
    const added = itemsOf(params.filter((p) => p.price) as { price: string; quantity?: string }[], start);
    return [...kept, ...added];
  };

  const routes: { method: string; pattern: RegExp; handle: (match: string[], body: Json) => unknown }[] = [
    {
      method: "POST",
      pattern: /^\/v1\/customers$/,
      handle: (_m, body) => {
        const customer = {
          id: id("cus"),
          object: "customer",
          name: body.name,
          email: body.email,
          metadata: body.metadata ?? {},
        };
        customers.set(customer.id, customer);
        return customer;
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/checkout\/sessions$/,
      handle: (_m, body) => {
        const sessionId = id("cs_test");
        itemsOf(body.line_items as { price: string }[], seconds());
        const session = {
          id: sessionId,
          object: "checkout.session",
          mode: body.mode,
          customer: body.customer,
          client_reference_id: body.client_reference_id ?? null,
          metadata: body.metadata ?? {},
          subscription_data: body.subscription_data ?? {},
          line_items: body.line_items,
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          status: "open",
          subscription: null,
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          expires_at: seconds() + 24 * 3600,
        };
        sessions.set(sessionId, session);
        return session;
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/billing_portal\/sessions$/,
      handle: (_m, body) => {
        const sessionId = id("bps");
        return {
          id: sessionId,
          object: "billing_portal.session",
          customer: body.customer,
          return_url: body.return_url,
          url: `https://billing.stripe.test/p/session/${sessionId}`,
        };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: ([subId]) => subscriptions.get(subId!) ?? null,
    },
    {
      method: "POST",
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: ([subId], body) => {
        const sub = subscriptions.get(subId!);
        if (!sub) return null;
        const anchor = (body.billing_cycle_anchor as Json | undefined)?.type === "now";
        const start = anchor ? seconds() : sub.items.data[0]!.current_period_start;
        sub.items.data = applyItems(sub, body.items as Json[] | undefined, start).map((i) =>
          anchor
            ? {
                ...i,
                current_period_start: start,
                current_period_end: addPeriod(start, i.price.recurring.interval),
              }
            : i,
        );
        if (body.metadata) sub.metadata = { ...sub.metadata, ...(body.metadata as Record<string, string>) };
        if (body.cancel_at_period_end !== undefined)
          sub.cancel_at_period_end = body.cancel_at_period_end === "true";
        return sub;
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/invoices\/create_preview$/,
      handle: (_m, body) => {
        const sub = subscriptions.get(body.subscription as string);
        if (!sub) return null;
        const details = (body.subscription_details ?? {}) as Json;
        const now = seconds();
        const next = applyItems(sub, details.items as Json[] | undefined, now);
        let total = cycleTotal(next);
        if (details.proration_behavior === "always_invoice") {
          const start = sub.items.data[0]!.current_period_start;
          const end = sub.items.data[0]!.current_period_end;
          const remaining = Math.max(0, Math.min(1, (end - now) / Math.max(1, end - start)));
          total = Math.max(0, total - Math.round(cycleTotal(sub.items.data) * remaining));
        }
        return {
          id: null,
          object: "invoice",
          total,
          total_excluding_tax: total,
          currency: "usd",
          lines: { data: [] },
        };
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/subscription_schedules$/,
      handle: (_m, body) => {
        const sub = subscriptions.get(body.from_subscription as string);
        if (!sub) return null;
        const first = sub.items.data[0]!;
        const schedule = {
          id: id("sub_sched"),
          object: "subscription_schedule",
          subscription: sub.id,
          status: "active",
          end_behavior: "release",
          phases: [
            {
              start_date: first.current_period_start,
              end_date: first.current_period_end,
              items: sub.items.data.map((i) => ({ price: i.price.id, quantity: i.quantity })),
            },
          ],
        };
        schedules.set(schedule.id, schedule);
        sub.schedule = schedule.id;
        return schedule;
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/subscription_schedules\/([^/]+)$/,
      handle: ([scheduleId]) => schedules.get(scheduleId!) ?? null,
    },
    {
      method: "POST",
      pattern: /^\/v1\/subscription_schedules\/([^/]+)$/,
      handle: ([scheduleId], body) => {
        const schedule = schedules.get(scheduleId!);
        if (!schedule) return null;
        const phases = (body.phases as Json[]) ?? [];
        let start = Number(phases[0]?.start_date ?? seconds());
        schedule.phases = phases.map((phase) => {
          const end = phase.end_date
            ? Number(phase.end_date)
            : addPeriod(start, ((phase.duration as Json)?.interval as "month" | "year") ?? "month");
          const out = { start_date: start, end_date: end, items: phase.items };
          start = end;
          return out;
        });
        if (body.end_behavior) schedule.end_behavior = body.end_behavior;
        return schedule;
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/subscription_schedules\/([^/]+)\/release$/,
      handle: ([scheduleId]) => {
        const schedule = schedules.get(scheduleId!);
        if (!schedule) return null;
        schedule.status = "released";
        const sub = subscriptions.get(schedule.subscription as string);
        if (sub) sub.schedule = null;
        schedule.released_subscription = schedule.subscription;
        schedule.subscription = null;
        return schedule;
      },
    },
  ];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://localhost");
    const body = parseForm(Buffer.concat(chunks).toString("utf8"));
    requests.push({ method: req.method ?? "GET", path: url.pathname, body });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, {
        error: { type: "invalid_request_error", message: "Invalid API Key provided." },
      });
    }
    if (failures > 0) {
      failures--;
      return send(res, 500, {
        error: { type: "api_error", message: "Something went wrong on Stripe's end." },
      });
    }
    for (const route of routes) {
      const match = route.method === req.method ? route.pattern.exec(url.pathname) : null;
      if (!match) continue;
      try {
        const result = route.handle(match.slice(1), body);
        if (result === null) {
          return send(res, 404, { error: { type: "invalid_request_error", message: "No such object." } });
        }
        return send(res, 200, result);
      } catch (error) {
        const status = (error as { status?: number }).status ?? 500;
        return send(res, status, {
          error: { type: "invalid_request_error", message: (error as Error).message },
        });
      }
    }
    send(res, 404, {
      error: {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const signer = new Stripe(secretKey);

  return {
    url,
    secretKey,
    webhookSecret,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: url,
      ...Object.fromEntries(STRIPE_PRICE_KEYS.map((key) => [stripePriceVariable(key), prices[key].id])),
    },
    prices,
    customers,
    sessions,
    subscriptions,
    schedules,
    requests,
    completeCheckout(sessionId, status = "active") {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      const start = seconds();
      const subscription: StandInSubscription = {
        id: id("sub"),
        object: "subscription",
        customer: session.customer as string,
        status,
        currency: "usd",
        metadata: ((session.subscription_data as Json).metadata ?? {}) as Record<string, string>,
        items: { object: "list", data: itemsOf(session.line_items as { price: string }[], start) },
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        trial_start: null,
        trial_end: null,
        start_date: start,
        schedule: null,
        default_payment_method: "pm_card_visa",
        default_source: null,
      };
      subscriptions.set(subscription.id, subscription);
      session.status = "complete";
      session.subscription = subscription.id;
      return { session, subscription };
    },
    event(type, object) {
      const eventId = id("evt");
      const payload = JSON.stringify({
        id: eventId,
        object: "event",
        type,
        api_version: "2026-10-28.endive",
        created: seconds(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: structuredClone(object) },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      return { id: eventId, payload, signature };
    },
    failNext(count = 2) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
