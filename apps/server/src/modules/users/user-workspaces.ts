import { z } from "zod";
import { openQuery } from "../../service/command.ts";
import { workspaceOf, workspacesOf } from "../workspaces/workspaces.service.ts";

/**
 * The reads of a user's `workspaces` and `team(id)` fields: the workspaces that user is a member of
 * (the field's parent is the user read, so the id is not the request's input).
 */

/** The workspaces the user is a member of, oldest first. */
export const userWorkspaces = openQuery(z.object({ userId: z.string() }), ({ db }, { userId }) =>
  workspacesOf(db, userId),
);

/** One workspace, only when the user is a member of it. */
export const userWorkspace = openQuery(
  z.object({ userId: z.string(), workspaceId: z.string() }),
  ({ db }, { userId, workspaceId }) => workspaceOf(db, userId, workspaceId),
);
