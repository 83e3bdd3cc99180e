import { createHash } from "node:crypto";
import { OFFICIAL_TEMPLATES } from "@boxyard/domain";
import { inArray } from "drizzle-orm";
import { templates } from "../../db/schema/index.ts";
import { openQuery } from "../../service/command.ts";
import { CARD_IMAGE_VERSION, renderCardImage } from "./card-image.ts";
import { readableSandbox } from "./read.service.ts";
import { readSandboxInput } from "./sandboxes.schema.ts";

/** The dashboard's tile colours (apps/web SandboxGrid), picked by the template name when a sandbox has none. */
const TILE_COLOURS = ["#3b82f6", "#14b8a6", "#a855f7", "#f97316", "#ec4899", "#22c55e", "#eab308", "#6366f1"];

function hashedColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return TILE_COLOURS[hash % TILE_COLOURS.length]!;
}

/**
 * The card image of a sandbox the reader may read, and its entity tag: its own template colour,
 * else its source template's. `listed` says whether anyone may see it (public or unlisted).
 */
export const sandboxCardImage = openQuery(readSandboxInput, async (ctx, { idOrAlias, grant }) => {
  const { sandbox } = await readableSandbox(
    ctx.db,
    { viewerId: ctx.actor?.userId ?? null, grant },
    idOrAlias,
  );
  const ids = [sandbox.id, ...(sandbox.forkedFromId ? [sandbox.forkedFromId] : [])];
  const rows = await ctx.db.select().from(templates).where(inArray(templates.sandboxId, ids));
  const own = rows.find((r) => r.sandboxId === sandbox.id);
  const forked = rows.find((r) => r.sandboxId === sandbox.forkedFromId);
  const official = OFFICIAL_TEMPLATES.find((t) => t.sourceTemplate === sandbox.sourceTemplate);
  const card = {
    title: sandbox.title || sandbox.alias || sandbox.id,
    label: official?.title ?? sandbox.sourceTemplate ?? (sandbox.isV2 ? "Devbox" : "Sandbox"),
    kind: sandbox.isV2 ? ("Devbox" as const) : ("Sandbox" as const),
    color: own?.color ?? forked?.color ?? official?.color ?? hashedColour(sandbox.sourceTemplate ?? ""),
  };
  // The drawing's version is part of the tag, so a card drawn the old way is not kept by browsers.
  const etag = `"${createHash("sha1")
    .update(`${CARD_IMAGE_VERSION}:${JSON.stringify(card)}`)
    .digest("base64url")}"`;
  return { etag, listed: sandbox.privacy < 2, render: () => renderCardImage(card) };
});
