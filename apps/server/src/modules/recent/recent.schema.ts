import { z } from "zod";

const LIMIT_MESSAGE = "The limit must be a positive whole number.";

/** Whose Recent list, how long (at most 18 whatever is asked), optionally of one workspace. */
export const recentlyAccessedInput = z.object({
  userId: z.string(),
  limit: z.number(LIMIT_MESSAGE).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE),
  teamId: z.string().nullish(),
});

/** Whose 'Shared with me' list. */
export const sharedWithMeInput = z.object({ userId: z.string() });
