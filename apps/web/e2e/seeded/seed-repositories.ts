/**
 * The data of the repositories spec, written into a fresh embedded database before its server
 * starts: an owner (whose primary workspace gets the imports) with a second, frozen workspace that
 * already has octo-ada/rocket, and a READ member of the owner's primary workspace. GitHub is linked later, through the sign-in
 * flow against the GitHub stand-in.
 */
import { eq } from "drizzle-orm";
import { projects, workspaceMembers, workspaces } from "../../../server/src/db/schema/index.ts";
import { createTeamWorkspace } from "../../../server/src/modules/workspaces/workspaces.service.ts";
import { runCommand } from "../../../server/src/service/context.ts";
import { openSeedDatabase } from "./seed-database.ts";
import type { SeededRepositories } from "./seeded-types.ts";

const { db, deps, user, finish } = await openSeedDatabase();

const owner = await user("repo-owner");
// Billing freezes a workspace at its spending limit; here it is frozen from the start.
const frozen = await runCommand(deps, { userId: owner.id, via: "session" }, createTeamWorkspace, {
  name: "Frozen studio",
});
await db.update(workspaces).set({ frozen: true }).where(eq(workspaces.id, frozen.id));
// A repository imported before the freeze (its branches are read from GitHub when it is opened).
const github = process.env.GITHUB_API_URL;
if (!github) throw new Error("GITHUB_API_URL (the GitHub stand-in) is needed");
await db.insert(projects).values({
  workspaceId: frozen.id,
  owner: "octo-ada",
  name: "rocket",
  cloneUrl: `${github}/octo-ada/rocket.git`,
  defaultBranch: "main",
  appInstalled: true,
  importedById: owner.id,
});

const reader = await user("repo-reader");
await db
  .insert(workspaceMembers)
  .values({ workspaceId: owner.teamId, userId: reader.id, authorization: "READ" });

const seeded: SeededRepositories = { owner, reader, frozenTeamId: frozen.id };
await finish(seeded);
