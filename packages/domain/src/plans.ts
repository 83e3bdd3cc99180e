import { PLAN_MAX_VM_TIER } from "./vm-tiers.ts";

/** The largest 32-bit integer: plan limits use it for "Unlimited" (spec 2 §3). */
export const UNLIMITED = 2_147_483_647;

export type PlanId = "free" | "flex" | "builder" | "enterprise";

export type WorkspaceLimits = {
  includedCredits: number;
  includedVmTier: number;
  onDemandCreditLimit: number;
  includedPublicSandboxes: number;
  includedPrivateSandboxes: number;
  includedDrafts: number;
  includedMembers: number;
};

/** What a workspace on the free Build plan may use (spec 2 §6 and §9). */
export const FREE_LIMITS: WorkspaceLimits = {
  includedCredits: 400,
  includedVmTier: PLAN_MAX_VM_TIER.free,
  onDemandCreditLimit: 0,
  includedPublicSandboxes: UNLIMITED,
  includedPrivateSandboxes: 5,
  includedDrafts: 20,
  includedMembers: 5,
};
