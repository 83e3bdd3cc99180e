import { describe, expect, it } from "vitest";
import { BILLING_LOCK } from "../jobs/billing-cycle.ts";
import { PURGE_LOCK } from "../modules/sandboxes/purge.ts";
import { ACCOUNT_PURGE_LOCK } from "../modules/users/account-purge.ts";
import { ADVISORY_LOCKS } from "./advisory-locks.ts";

describe("advisory locks (issue 19)", () => {
  it("every job takes its own key: the billing cycle and the account purge no longer share 7_314_003", () => {
    const keys = Object.values(ADVISORY_LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set([BILLING_LOCK, ACCOUNT_PURGE_LOCK, PURGE_LOCK]).size).toBe(3);
  });
});
