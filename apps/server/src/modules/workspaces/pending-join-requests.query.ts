import type { Db } from "../../db/client.ts";
import { query } from "../../service/command.ts";
import { type JoinRequestRow, joinRequestsOf } from "./join-requests.service.ts";
import { membershipOf } from "./membership.service.ts";
import { workspaceInput } from "./workspaces.schema.ts";

/**
 * `Team.joinRequests`: the people who asked to join the workspace, oldest first; only its admins
 * see them (anyone else an empty list).
 */
export const pendingJoinRequests = query(
  workspaceInput,
  async (ctx, { teamId }): Promise<JoinRequestRow[]> => {
    const membership = await membershipOf(ctx.db, ctx.userId, teamId);
    if (membership?.authorization !== "ADMIN") return [];
    return joinRequestsOf(ctx.db as Db, [teamId]);
  },
);
