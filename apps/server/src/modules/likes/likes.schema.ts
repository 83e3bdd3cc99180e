import { z } from "zod";

/** `POST|DELETE /api/v1/sandboxes/:id/like`: the sandbox (id or alias) and whether the user likes it. */
export const setLikeInput = z.object({
  sandboxId: z.string("Name the sandbox."),
  liked: z.boolean("liked must be true or false."),
});
