/**
 * VM tiers (api-contract §14; spec 2 §3, §5, §6, §9): the one table of the machines devboxes run
 * on, and who may use which. The server answers it at `GET /api/v1/vm_tiers`; the VM tier route,
 * the plans and the create screen all read it from here.
 */
export type VmTier = {
  /** 1 to 6. */
  tier: number;
  /** `vm-1` … `vm-6`. */
  shortid: string;
  name: string;
  /** vCPUs. */
  cpu: number;
  /** GiB of RAM. */
  memory: number;
  /** GB of disk. */
  storage: number;
  /** Credits per hour of runtime. */
  creditBasis: number;
};

/**
 * Tier 1 uses 10 credits an hour (400 credits give about 40 hours, spec 2 §9); CPU, memory and
 * credits double with each tier, matching the plans' largest VMs (Build 4 vCPU / 8 GB, Pro 16 / 32,
 * Enterprise 64 / 128). The disk grows more slowly: what a bigger project needs, not double.
 */
export const VM_TIERS: readonly VmTier[] = [
  { tier: 1, shortid: "vm-1", name: "Nano", cpu: 2, memory: 4, storage: 20, creditBasis: 10 },
  { tier: 2, shortid: "vm-2", name: "Micro", cpu: 4, memory: 8, storage: 30, creditBasis: 20 },
  { tier: 3, shortid: "vm-3", name: "Small", cpu: 8, memory: 16, storage: 40, creditBasis: 40 },
  { tier: 4, shortid: "vm-4", name: "Medium", cpu: 16, memory: 32, storage: 50, creditBasis: 80 },
  { tier: 5, shortid: "vm-5", name: "Large", cpu: 32, memory: 64, storage: 75, creditBasis: 160 },
  { tier: 6, shortid: "vm-6", name: "XLarge", cpu: 64, memory: 128, storage: 100, creditBasis: 320 },
];

export const VM_TIER_MIN = VM_TIERS[0]!.tier;
export const VM_TIER_MAX = VM_TIERS[VM_TIERS.length - 1]!.tier;

/** One credit costs $0.015 (spec 2 §9). */
export const CREDIT_PRICE_USD = 0.015;

export function vmTier(tier: number): VmTier | undefined {
  return VM_TIERS.find((t) => t.tier === tier);
}

/** `{name} ({cpu} vCPUs, {memory} GiB RAM, {storage} GB Disk for {creditBasis} credits/hour)` (api-contract §14). */
export function vmTierLabel(t: Pick<VmTier, "name" | "cpu" | "memory" | "storage" | "creditBasis">): string {
  return `${t.name} (${t.cpu} vCPUs, ${t.memory} GiB RAM, ${t.storage} GB Disk for ${t.creditBasis} credits/hour)`;
}

/** What an hour on the tier costs in dollars: creditBasis × $0.015 (api-contract §14). */
export function vmTierPricePerHour(t: Pick<VmTier, "creditBasis">): number {
  return Math.round(t.creditBasis * CREDIT_PRICE_USD * 1000) / 1000;
}

/** A chosen tier reduced to the allowed maximum (spec 2 §5), and never below tier 1. */
export function clampVmTier(tier: number, highest: number): number {
  return Math.max(VM_TIER_MIN, Math.min(tier, highest));
}

/** Hours of runtime left: remaining credits over tier 1's credit basis, rounded up (spec 2 §9). */
export function hoursLeft(creditsLeft: number): number {
  return Math.max(0, Math.ceil(creditsLeft / VM_TIERS[0]!.creditBasis));
}
