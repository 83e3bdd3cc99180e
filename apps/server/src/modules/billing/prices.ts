import {
  ADDON_IDS,
  addonCost,
  BILLING_MESSAGES,
  CREDIT_ADDONS,
  PAID_PLAN_IDS,
  PLANS,
  planCost,
} from "@boxyard/domain";
import { invalid } from "../../http/errors.ts";

/** The prices route's versions (spec 2 §7): 2023-08-15, the default, answers raw snake_case keys. */
export const PRICES_DEFAULT_VERSION = "2023-08-15";
/** From this version on the answer has the API's camelCase keys (the dashboard sends it). */
export const PRICES_CAMEL_VERSION = "2024-12-09";

/** An `x-boxyard-api-version` header: a date, YYYY-MM-DD; absent, the default. */
export function apiVersion(header: string | string[] | undefined, fallback: string): string {
  const value = (Array.isArray(header) ? header[0] : header)?.trim() || fallback;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw invalid(BILLING_MESSAGES.unknownApiVersion(value));
  return value;
}

/**
 * `GET /api/v1/prices` (api-contract §15): the paid plans and the credit add-ons, amounts in cents,
 * `cost_year` being a whole year. Ids (flex, credits_500, ...) stay as they are in both shapes.
 */
export function pricesBody(version: string) {
  const camel = version >= PRICES_CAMEL_VERSION;
  const key = (snake: string, camelKey: string) => (camel ? camelKey : snake);
  const base = Object.fromEntries(
    PAID_PLAN_IDS.map((id) => {
      const plan = PLANS[id];
      const cost = planCost(id);
      return [
        id,
        {
          [key("cost_month", "costMonth")]: cost.costMonth,
          [key("cost_year", "costYear")]: cost.costYear,
          credits: plan.credits,
          drafts: plan.drafts,
          members: plan.members,
          sandboxes: plan.privateSandboxes,
          storage: plan.storage,
          [key("vm_tier", "vmTier")]: plan.maxVmTier,
        },
      ];
    }),
  );
  const addons = Object.fromEntries(
    ADDON_IDS.map((id) => {
      const cost = addonCost(id);
      return [
        id,
        {
          credits: CREDIT_ADDONS[id].credits,
          [key("cost_month", "costMonth")]: cost.costMonth,
          [key("cost_year", "costYear")]: cost.costYear,
          sandboxes: 0,
        },
      ];
    }),
  );
  return { base, addons };
}
