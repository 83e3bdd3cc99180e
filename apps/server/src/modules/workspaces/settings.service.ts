import { command } from "../../service/command.ts";
import { raiseDraftsPrivacy } from "../sandboxes/minimum-privacy.service.ts";
import { requireOperation } from "./membership.service.ts";
import { sandboxSettingsProblem } from "./workspace.policy.ts";
import {
  aiConsentInput,
  defaultAuthorizationInput,
  minimumPrivacyInput,
  sandboxSettingsInput,
} from "./workspaces.schema.ts";
import { updateWorkspace } from "./workspaces.service.ts";

/**
 * Sets the workspace's minimum privacy (spec 2 §4). With `updateDrafts`, the drafts below it (the
 * deleted ones too: they can be restored) are raised to it in the same transaction. Other sandboxes
 * keep their privacy, as the spec's option names only drafts; every sandbox created, moved, forked
 * or whose privacy is changed afterwards gets at least the minimum (the sandboxes service clamps).
 * Raising drafts is a protection and is never refused because of the plan's private-sandbox cap.
 */
export const setMinimumPrivacy = command(
  minimumPrivacyInput,
  async (ctx, { teamId, minimumPrivacy, updateDrafts }) => {
    await requireOperation(ctx.db, ctx.userId, teamId, "manage");
    const row = await updateWorkspace(ctx.db, teamId, { minimumPrivacy });
    if (updateDrafts) {
      const raised = await raiseDraftsPrivacy(ctx.db, teamId, minimumPrivacy);
      if (raised.length > 0) {
        ctx.effects.workspaceChanged([teamId], {
          sandboxes: true,
          folders: false,
          sandboxIds: raised,
          actorId: ctx.userId,
        });
      }
    }
    return row;
  },
);

/** The role people get when they join with the workspace's invite link. */
export const setDefaultAuthorization = command(
  defaultAuthorizationInput,
  async (ctx, { teamId, defaultAuthorization }) => {
    await requireOperation(ctx.db, ctx.userId, teamId, "manage");
    return updateWorkspace(ctx.db, teamId, { defaultAuthorization });
  },
);

export const setSandboxSettings = command(sandboxSettingsInput, async (ctx, { teamId, ...settings }) => {
  await requireOperation(ctx.db, ctx.userId, teamId, "manage");
  const problem = sandboxSettingsProblem((await ctx.deps.plans(ctx.db, teamId)).pro, settings);
  if (problem) throw problem;
  return updateWorkspace(ctx.db, teamId, settings);
});

export const setAiConsent = command(aiConsentInput, async (ctx, { teamId, ...aiConsent }) => {
  await requireOperation(ctx.db, ctx.userId, teamId, "manage");
  const row = await updateWorkspace(ctx.db, teamId, { aiConsent });
  return row.aiConsent;
});
