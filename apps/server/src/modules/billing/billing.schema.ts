import { z } from "zod";
import { notFound } from "../../http/errors.ts";

/** The input rules of the billing commands and reads (spec 2 §5, §7; api-contract §13). */

const UUID = z.uuid();

/** A workspace by its id; one that is no UUID is a workspace not found (as the routes answered). */
export function workspaceIdOf(teamId: string): string {
  if (!UUID.safeParse(teamId).success) throw notFound("Workspace not found.");
  return teamId.toLowerCase();
}

export const teamInput = z.object({ teamId: z.string() });

/** `setTeamLimits(teamId, onDemandSpendingLimit)`: the limit's rules are the spec's (spendingLimitProblem). */
export const setTeamLimitsInput = z.object({
  teamId: z.string(),
  onDemandSpendingLimit: z
    .number("The spending limit is a number.")
    .int("The spending limit is a whole number."),
});

const reportedAt = z.iso.datetime({ offset: true }).optional();

/** The runtime reports a devbox started: on its tier, or the one given; at `startedAt` (now by default). */
export const devboxStartedInput = z.object({
  sandboxId: z.string().min(1).max(200),
  vmTier: z.number().int().optional(),
  startedAt: reportedAt,
});

/** The runtime reports a devbox stopped at `stoppedAt` (now by default). */
export const devboxStoppedInput = z.object({
  sandboxId: z.string().min(1).max(200),
  stoppedAt: reportedAt,
});
