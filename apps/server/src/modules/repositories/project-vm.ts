import { SANDBOX_MESSAGES, VM_TIER_MAX, VM_TIER_MIN, vmTier } from "@boxyard/domain";
import { invalid } from "../../http/errors.ts";

export type VmSpecs = { tier: number; cpu: number; memory: number; storage: number };

/** What a VM tier gives a repository's branches (the VM tier table of packages/domain). */
export function vmSpecs(tier: number): VmSpecs {
  const t = vmTier(tier)!;
  return { tier, cpu: t.cpu, memory: t.memory, storage: t.storage };
}

/** A VM tier from 1 to 6, never above what the workspace's plan includes (spec 2 §5). */
export function checkVmTier(vmTier: number, includedVmTier: number): number {
  if (!Number.isInteger(vmTier) || vmTier < VM_TIER_MIN || vmTier > VM_TIER_MAX) {
    throw invalid(SANDBOX_MESSAGES.vmTierInvalid, "vmTier");
  }
  if (vmTier > includedVmTier) throw invalid(SANDBOX_MESSAGES.vmTierAbovePlan(includedVmTier), "vmTier");
  return vmTier;
}
