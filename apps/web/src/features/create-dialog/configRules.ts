import {
  CREATE_MESSAGES,
  clampVmTier,
  defaultVmTier,
  effectivePrivacy,
  highestVmTier,
  type PlanId,
  type Privacy,
  VM_TIER_MIN,
  type VmTier,
  vmTierLabel,
} from "@boxyard/domain";
import type { TeamInfo } from "../../api/queries/workspaces.ts";

/** Browser (Sandbox) or vm (Devbox) (spec 2 §4). */
export type Runtime = "browser" | "vm";

/**
 * Which runtimes a template supports: a browser template runs as a Sandbox and may become a Devbox
 * on the way; a server template runs on a VM only (a devbox cannot be forked as a browser sandbox).
 */
export function runtimeSupport(templateRuntime: "browser" | "server"): Record<Runtime, boolean> {
  return { browser: templateRuntime === "browser", vm: true };
}

/** The default is browser when supported (spec 2 §4); the devbox dialog (/d) prefers the VM. */
export function defaultRuntime(support: Record<Runtime, boolean>, preferred: Runtime = "browser"): Runtime {
  if (support[preferred]) return preferred;
  return support.browser ? "browser" : "vm";
}

export const PRIVACY_CHOICES: { value: Privacy; label: string }[] = [
  { value: 0, label: "Public" },
  { value: 1, label: "Unlisted" },
  { value: 2, label: "Private" },
];

/**
 * The default privacy is the larger of the requested or initial privacy (private, 2) and the
 * workspace's minimum (spec 2 §4); nothing below the minimum may be chosen.
 */
export function privacyChoices(minimumPrivacy: number, requested?: Privacy | null) {
  return {
    initial: effectivePrivacy(requested ?? null, minimumPrivacy),
    options: PRIVACY_CHOICES.map((c) => ({ ...c, disabled: c.value < minimumPrivacy })),
  };
}

export function planOf(pro: boolean): PlanId {
  return pro ? "flex" : "free";
}

export type TierChoices = {
  /** Empty while the table loads: the runtime select stays disabled (spec 2 §5). */
  options: { value: string; label: string; disabled: boolean }[];
  highest: number;
  initial: number;
  /** 'Better specs are available for Pro workspaces.' for Free workspaces (spec 2 §6). */
  hint: string | null;
};

/**
 * The VM tier select (spec 2 §5, §6; api-contract §14): every tier, those above what the plan allows
 * disabled; the default tier (1 Free, 2 Pro) within the maximum.
 */
export function tierChoices(
  tiers: readonly VmTier[],
  team: { limits: Pick<TeamInfo["limits"], "includedVmTier"> | null } | null,
  pro: boolean,
): TierChoices {
  const plan = planOf(pro);
  const highest = highestVmTier(team?.limits?.includedVmTier ?? VM_TIER_MIN, plan);
  return {
    options: tiers.map((t) => ({ value: String(t.tier), label: vmTierLabel(t), disabled: t.tier > highest })),
    highest,
    initial: clampVmTier(defaultVmTier(plan), highest),
    hint: pro ? null : CREATE_MESSAGES.betterSpecs,
  };
}

/** A chosen tier is reduced to the allowed maximum (spec 2 §5). */
export function allowedTier(chosen: number, highest: number): number {
  return clampVmTier(chosen, highest);
}

/**
 * Credits are exhausted when the used credits reach the maximum: the included credits, plus the
 * on-demand limit on Pro (spec 2 §9). Without usage data nothing is exhausted.
 */
export function creditsExhausted(
  team: {
    limits: Pick<TeamInfo["limits"], "includedCredits" | "onDemandCreditLimit"> | null;
    usage: Pick<TeamInfo["usage"], "credits"> | null;
  } | null,
  pro: boolean,
): boolean {
  if (!team?.limits || !team.usage) return false;
  const max = team.limits.includedCredits + (pro ? team.limits.onDemandCreditLimit : 0);
  return team.usage.credits >= max;
}

export type ConfigForm = {
  title: string;
  runtime: Runtime;
  vmTier: number;
  privacy: Privacy;
  teamId: string;
  /** null: the drafts. */
  collectionId: string | null;
};

export type SubmitBlock =
  | { reason: "title" }
  | { reason: "workspace" }
  | { reason: "frozen" }
  | { reason: "credits"; message: string }
  | { reason: "tiers" };

/** Why the form may not be sent yet, or null. */
export function submitBlock(
  form: ConfigForm,
  state: { frozen: boolean; exhausted: boolean; tiersLoaded: boolean },
): SubmitBlock | null {
  if (!form.teamId) return { reason: "workspace" };
  if (state.frozen) return { reason: "frozen" };
  if (!form.title.trim()) return { reason: "title" };
  if (form.runtime === "vm" && state.exhausted)
    return { reason: "credits", message: CREATE_MESSAGES.outOfCredits };
  if (form.runtime === "vm" && !state.tiersLoaded) return { reason: "tiers" };
  return null;
}

/**
 * What submitting sends (spec 2 §7 forkSandbox): the fork with every field, and the VM tier to set
 * after it when a devbox gets a tier other than the default.
 */
export function submission(form: ConfigForm, defaultTier: number) {
  return {
    body: {
      title: form.title.trim(),
      teamId: form.teamId,
      collectionId: form.collectionId,
      privacy: form.privacy,
      v2: form.runtime === "vm",
    },
    vmTier: form.runtime === "vm" && form.vmTier !== defaultTier ? form.vmTier : null,
  };
}
