import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { feedback, surveyResponses, users } from "../../db/schema/index.ts";

/** Keeps a user's feedback for the instance's operators (README: 'Reading feedback'). */
export async function sendFeedback(
  db: Db,
  userId: string,
  input: { text: string; page?: string | undefined; userAgent?: string | undefined },
) {
  const [row] = await db
    .insert(feedback)
    .values({
      userId,
      text: input.text,
      page: input.page ?? null,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: feedback.id, insertedAt: feedback.insertedAt });
  return { id: row!.id, insertedAt: row!.insertedAt.toISOString() };
}

/** Keeps the survey's answers (a second answer replaces the first) and marks the survey seen, together. */
export async function answerSurvey(db: Db, userId: string, answers: Record<string, string>) {
  await db.transaction(async (tx) => {
    await tx
      .insert(surveyResponses)
      .values({ userId, answers })
      .onConflictDoUpdate({ target: surveyResponses.userId, set: { answers, insertedAt: new Date() } });
    await tx.update(users).set({ surveySeenAt: new Date() }).where(eq(users.id, userId));
  });
}
