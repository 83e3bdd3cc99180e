import { describe, expect, it } from "vitest";
import { defaultVmTier, FREE_LIMITS, highestVmTier, PLAN_MAX_VM_TIER } from "./plans.ts";
import {
  clampVmTier,
  hoursLeft,
  VM_TIER_MAX,
  VM_TIER_MIN,
  VM_TIERS,
  vmTier,
  vmTierLabel,
  vmTierPricePerHour,
} from "./vm-tiers.ts";

describe("VM tiers", () => {
  it("S2-3.006 / six tiers vm-1 … vm-6 named Nano, Micro, Small, Medium, Large, XLarge, with tier, cpu, memory, storage and credit basis", () => {
    expect(VM_TIERS.map((t) => [t.tier, t.shortid, t.name])).toEqual([
      [1, "vm-1", "Nano"],
      [2, "vm-2", "Micro"],
      [3, "vm-3", "Small"],
      [4, "vm-4", "Medium"],
      [5, "vm-5", "Large"],
      [6, "vm-6", "XLarge"],
    ]);
    expect([VM_TIER_MIN, VM_TIER_MAX]).toEqual([1, 6]);
    // Nano is 2 vCPU / 4 GB; CPU, memory and credits double with each tier.
    expect(VM_TIERS[0]).toMatchObject({ cpu: 2, memory: 4, creditBasis: 10 });
    for (let i = 1; i < VM_TIERS.length; i++) {
      expect(VM_TIERS[i]!.cpu).toBe(VM_TIERS[i - 1]!.cpu * 2);
      expect(VM_TIERS[i]!.memory).toBe(VM_TIERS[i - 1]!.memory * 2);
      expect(VM_TIERS[i]!.creditBasis).toBe(VM_TIERS[i - 1]!.creditBasis * 2);
      expect(VM_TIERS[i]!.storage).toBeGreaterThan(VM_TIERS[i - 1]!.storage);
    }
    expect(vmTier(4)?.name).toBe("Medium");
    expect(vmTier(7)).toBeUndefined();
  });

  it("S2-6.015 / the plans' largest VMs are tiers of the table: Build 4 vCPU / 8 GB, Pro and Scale 16 / 32, Enterprise 64 / 128", () => {
    const largest = (plan: keyof typeof PLAN_MAX_VM_TIER) => vmTier(PLAN_MAX_VM_TIER[plan])!;
    expect(largest("free")).toMatchObject({ cpu: 4, memory: 8 });
    expect(largest("flex")).toMatchObject({ cpu: 16, memory: 32 });
    expect(largest("builder")).toMatchObject({ cpu: 16, memory: 32 });
    expect(largest("enterprise")).toMatchObject({ cpu: 64, memory: 128 });
    expect(FREE_LIMITS.includedVmTier).toBe(PLAN_MAX_VM_TIER.free);
  });

  it("S2-6.016 S2-5.003 / a workspace may use tiers up to its included tier; vm-3 and vm-4 need Pro, vm-5 and vm-6 Enterprise; a chosen tier is reduced to the maximum", () => {
    expect(highestVmTier(FREE_LIMITS.includedVmTier, "free")).toBe(2);
    expect(highestVmTier(6, "free")).toBe(2);
    expect(highestVmTier(6, "flex")).toBe(4);
    expect(highestVmTier(6, "builder")).toBe(4);
    expect(highestVmTier(6, "enterprise")).toBe(6);
    expect(highestVmTier(3, "enterprise")).toBe(3);
    expect(highestVmTier(0, "flex")).toBe(1);
    expect(clampVmTier(5, 2)).toBe(2);
    expect(clampVmTier(2, 4)).toBe(2);
    expect(clampVmTier(0, 4)).toBe(1);
  });

  it("S2-6.013 S2-9.010 S1-9.016 / the default tier is 1 on a free workspace and 2 on a paid one", () => {
    expect(defaultVmTier("free")).toBe(1);
    expect(defaultVmTier("flex")).toBe(2);
    expect(defaultVmTier("builder")).toBe(2);
    expect(defaultVmTier("enterprise")).toBe(2);
  });

  it("S2-9.001 S2-9.008 / an hour costs creditBasis × $0.015; hours left are credits over tier 1's basis, rounded up", () => {
    expect(vmTierPricePerHour(vmTier(1)!)).toBe(0.15);
    expect(vmTierPricePerHour(vmTier(4)!)).toBe(1.2);
    expect(hoursLeft(400)).toBe(40);
    expect(hoursLeft(41)).toBe(5);
    expect(hoursLeft(0)).toBe(0);
    expect(hoursLeft(-20)).toBe(0);
  });

  it("S2-7.014 / the dropdown label names the specs and the credits per hour", () => {
    expect(vmTierLabel(vmTier(1)!)).toBe("Nano (2 vCPUs, 4 GiB RAM, 20 GB Disk for 10 credits/hour)");
    expect(vmTierLabel(vmTier(6)!)).toBe("XLarge (64 vCPUs, 128 GiB RAM, 100 GB Disk for 320 credits/hour)");
  });
});
