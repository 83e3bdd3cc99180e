import { SANDBOX_MESSAGES, VM_TIER_MAX, VM_TIER_MIN } from "@boxyard/domain";
import { invalid } from "../../http/errors.ts";

export type VmSpecs = { tier: number; cpu: number; memory: number; storage: number };

/**
 * What each VM tier gives a repository's branches (api-contract §14: vCPUs and GiB of RAM double
 * from 2/4 at tier 1; GB of disk). The same figures as the VM tier table of packages/domain
 * (vm-tiers.ts, from the create-screen work); at merge, read them from there.
 */
const SPECS: Record<number, Omit<VmSpecs, "tier">> = {
  1: { cpu: 2, memory: 4, storage: 20 },
  2: { cpu: 4, memory: 8, storage: 30 },
  3: { cpu: 8, memory: 16, storage: 40 },
  4: { cpu: 16, memory: 32, storage: 50 },
  5: { cpu: 32, memory: 64, storage: 75 },
  6: { cpu: 64, memory: 128, storage: 100 },
};

export function vmSpecs(tier: number): VmSpecs {
  return { tier, ...SPECS[tier]! };
}

/** A VM tier from 1 to 6, never above what the workspace's plan includes (spec 2 §5). */
export function checkVmTier(vmTier: number, includedVmTier: number): number {
  if (!Number.isInteger(vmTier) || vmTier < VM_TIER_MIN || vmTier > VM_TIER_MAX) {
    throw invalid(SANDBOX_MESSAGES.vmTierInvalid, "vmTier");
  }
  if (vmTier > includedVmTier) throw invalid(SANDBOX_MESSAGES.vmTierAbovePlan(includedVmTier), "vmTier");
  return vmTier;
}
