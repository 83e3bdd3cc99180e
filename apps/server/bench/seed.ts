import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { users, workspaceMembers } from "../src/db/schema/index.ts";
import type { Deps } from "../src/deps.ts";
import { createSession } from "../src/modules/auth/sessions.service.ts";
import { createTeamWorkspace, createWorkspace } from "../src/modules/workspaces/workspaces.service.ts";
import { runCommand } from "../src/service/context.ts";

/** A user in 6 workspaces of 8 members each, as a busy account would have. */
export async function seed(app: FastifyInstance & { deps: Deps }) {
  const { db } = app.deps;
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: 8 }, (_, i) => ({
        email: `bench${i}@example.test`,
        username: `bench${i}`,
        name: `Bench ${i}`,
      })),
    )
    .returning({ id: users.id });
  const me = people[0]!.id;
  const personal = await createWorkspace(db, { name: "bench0", type: "PERSONAL", ownerId: me });
  await db
    .update(users)
    .set({ primaryWorkspaceId: personal.id, personalWorkspaceId: personal.id })
    .where(eq(users.id, me));
  for (let i = 0; i < 5; i++) {
    const team = await runCommand(app.deps, { userId: me, via: "session" }, createTeamWorkspace, {
      name: `Team ${i}`,
    });
    await db
      .insert(workspaceMembers)
      .values(
        people.slice(1).map((p) => ({ workspaceId: team.id, userId: p.id, authorization: "WRITE" as const })),
      );
  }
  const sessionToken = await createSession(db, me);
  return { cookie: `boxyard_session=${sessionToken}`, sessionToken };
}
