import { CREATE_MESSAGES, VM_TIERS } from "@boxyard/domain";
import { describe, expect, it } from "vitest";

type TeamInfo = {
  id: string;
  name: string;
  frozen: boolean;
  settings: { minimumPrivacy: number } | null;
  subscription: { status: string } | null;
  limits: { includedCredits: number; includedVmTier: number; onDemandCreditLimit: number } | null;
  usage: { credits: number } | null;
};

import {
  allowedTier,
  type ConfigForm,
  creditsExhausted,
  defaultRuntime,
  privacyChoices,
  runtimeSupport,
  submission,
  submitBlock,
  tierChoices,
} from "./configRules.ts";

const team = (overrides: Partial<TeamInfo> = {}): TeamInfo => ({
  id: "t1",
  name: "Acme",
  frozen: false,
  settings: { minimumPrivacy: 0 },
  subscription: null,
  limits: { includedCredits: 400, includedVmTier: 2, onDemandCreditLimit: 0 },
  usage: { credits: 0 },
  ...overrides,
});

const form = (overrides: Partial<ConfigForm> = {}): ConfigForm => ({
  title: "quiet-harbor",
  runtime: "browser",
  vmTier: 1,
  privacy: 2,
  teamId: "t1",
  collectionId: null,
  ...overrides,
});

describe("the config form's rules", () => {
  it("S2-4.005 / browser or vm: a server template runs on a VM only; the default is browser when supported (the devbox dialog prefers the VM)", () => {
    expect(runtimeSupport("browser")).toEqual({ browser: true, vm: true });
    expect(runtimeSupport("server")).toEqual({ browser: false, vm: true });
    expect(defaultRuntime(runtimeSupport("browser"))).toBe("browser");
    expect(defaultRuntime(runtimeSupport("server"))).toBe("vm");
    expect(defaultRuntime(runtimeSupport("browser"), "vm")).toBe("vm");
  });

  it("S2-4.004 S2-5.005 / the default privacy is the larger of private (2) or the requested one and the workspace minimum; below it is disabled", () => {
    expect(privacyChoices(0).initial).toBe(2);
    expect(privacyChoices(0, 0).initial).toBe(0);
    expect(privacyChoices(1, 0).initial).toBe(1);
    expect(privacyChoices(2, 0).options.map((o) => [o.label, o.disabled])).toEqual([
      ["Public", true],
      ["Unlisted", true],
      ["Private", false],
    ]);
  });

  it("S2-5.003 S2-6.013 S2-6.016 / VM tiers: every tier with the contract's label, those above the plan disabled, tier 1 by default on Free with the Pro hint, tier 2 on Pro; a chosen tier is reduced to the maximum", () => {
    const free = tierChoices(VM_TIERS, team(), false);
    expect(free.options[0]).toEqual({
      value: "1",
      label: "Nano (2 vCPUs, 4 GiB RAM, 20 GB Disk for 10 credits/hour)",
      disabled: false,
    });
    expect(free.options.map((o) => o.disabled)).toEqual([false, false, true, true, true, true]);
    expect(free.initial).toBe(1);
    expect(free.highest).toBe(2);
    expect(free.hint).toBe(CREATE_MESSAGES.betterSpecs);
    expect(free.hint).toBe("Better specs are available for Pro workspaces.");
    const pro = tierChoices(
      VM_TIERS,
      team({ limits: { includedCredits: 1000, includedVmTier: 6, onDemandCreditLimit: 0 } }),
      true,
    );
    expect(pro.highest).toBe(4);
    expect(pro.initial).toBe(2);
    expect(pro.hint).toBeNull();
    expect(allowedTier(5, free.highest)).toBe(2);
    expect(tierChoices([], null, false).options).toEqual([]);
  });

  it("S2-5.003 / the runtime select waits for the tier list; S2-5.004 / a Devbox is blocked with 'You have run our of credits.' when credits are exhausted", () => {
    expect(
      submitBlock(form({ runtime: "vm" }), { frozen: false, exhausted: false, tiersLoaded: false }),
    ).toEqual({
      reason: "tiers",
    });
    expect(
      submitBlock(form({ runtime: "vm" }), { frozen: false, exhausted: true, tiersLoaded: true }),
    ).toEqual({
      reason: "credits",
      message: "You have run our of credits.",
    });
    // A browser sandbox needs no credits.
    expect(submitBlock(form(), { frozen: false, exhausted: true, tiersLoaded: true })).toBeNull();
    expect(
      submitBlock(form({ title: "  " }), { frozen: false, exhausted: false, tiersLoaded: true }),
    ).toEqual({
      reason: "title",
    });
    expect(submitBlock(form(), { frozen: true, exhausted: false, tiersLoaded: true })).toEqual({
      reason: "frozen",
    });
    expect(submitBlock(form({ teamId: "" }), { frozen: false, exhausted: false, tiersLoaded: true })).toEqual(
      {
        reason: "workspace",
      },
    );
  });

  it("S2-9.008 / credits are exhausted when the used credits reach the included ones (plus the on-demand limit on Pro); no usage data blocks nothing", () => {
    expect(creditsExhausted(team({ usage: { credits: 399 } }), false)).toBe(false);
    expect(creditsExhausted(team({ usage: { credits: 400 } }), false)).toBe(true);
    const pro = team({
      limits: { includedCredits: 1000, includedVmTier: 4, onDemandCreditLimit: 200 },
      usage: { credits: 1100 },
    });
    expect(creditsExhausted(pro, true)).toBe(false);
    expect(creditsExhausted(pro, false)).toBe(true);
    expect(creditsExhausted(team({ usage: null }), false)).toBe(false);
    expect(creditsExhausted(null, false)).toBe(false);
  });

  it("S2-7.022 S2-7.013 / submitting forks with every field, and sets the VM tier after only when a devbox gets another than the default", () => {
    expect(submission(form({ title: " Weather ", collectionId: "c1", privacy: 1 }), 1)).toEqual({
      body: { title: "Weather", teamId: "t1", collectionId: "c1", privacy: 1, v2: false },
      vmTier: null,
    });
    expect(submission(form({ runtime: "vm", vmTier: 1 }), 1).vmTier).toBeNull();
    expect(submission(form({ runtime: "vm", vmTier: 2 }), 1)).toMatchObject({
      body: { v2: true },
      vmTier: 2,
    });
    expect(submission(form({ runtime: "browser", vmTier: 2 }), 1).vmTier).toBeNull();
  });
});
