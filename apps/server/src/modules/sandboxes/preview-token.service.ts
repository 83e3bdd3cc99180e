import { SANDBOX_MESSAGES } from "@boxyard/domain";
import { z } from "zod";
import { AppError, notFound } from "../../http/errors.ts";
import { query } from "../../service/command.ts";
import { requireWorkspace } from "../workspaces/membership.service.ts";
import { isPreviewOrigin, signSandboxPreviewToken, signSandpackToken } from "./preview-tokens.ts";
import { readableSandbox } from "./read.service.ts";
import { previewTokenInput, sandpackTokenInput } from "./sandboxes.schema.ts";

const UUID = z.uuid();

function refuseOrigin() {
  return new AppError("FORBIDDEN", SANDBOX_MESSAGES.previewOriginRefused, "origin");
}

/** A short-lived token that lets a preview on an allowed origin read this one sandbox as the user. */
export const issuePreviewToken = query(previewTokenInput, async (ctx, { id, origin }) => {
  const { sandbox } = await readableSandbox(ctx.db, { viewerId: ctx.userId, grant: null }, id);
  if (!isPreviewOrigin(ctx.deps.config.previewOrigins, origin)) throw refuseOrigin();
  return {
    sandboxId: sandbox.id,
    ...(await signSandboxPreviewToken(ctx.deps.secret, ctx.userId, sandbox.id)),
  };
});

/** A Sandpack token (spec 1 §7): members only; reads the workspace's sandboxes as the member. */
export const issueSandpackToken = query(sandpackTokenInput, async (ctx, { teamId, origin }) => {
  if (!UUID.safeParse(teamId).success) throw notFound("Workspace not found.");
  await requireWorkspace(ctx.db, ctx.userId, teamId, "READ", { write: false });
  if (origin !== undefined && !isPreviewOrigin(ctx.deps.config.previewOrigins, origin)) throw refuseOrigin();
  return signSandpackToken(ctx.deps.secret, ctx.userId, teamId);
});
