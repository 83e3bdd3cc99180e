import { PROFILE_SORT_FIELDS, USERNAME_MAX_LENGTH } from "@boxyard/domain";
import { z } from "zod";

/** The input rules of the profile reads and commands (spec 1 §7 'Users', api-contract §13). */

/** The profile's owner, as the path names them. */
const username = z.string();

const page = z
  .union([
    z.literal("all"),
    z.coerce
      .number("Page must be a number or 'all'.")
      .int("Page must be a whole number.")
      .min(1, "Page must be at least 1.")
      .max(10_000, "Page must be at most 10000."),
  ])
  .default(1);

export const profileInput = z.object({ username });

export const profileSandboxesInput = z.object({
  username,
  sortBy: z
    .enum(PROFILE_SORT_FIELDS, `Sort by one of ${PROFILE_SORT_FIELDS.join(", ")}.`)
    .default("view_count"),
  direction: z.enum(["asc", "desc"], "The direction is asc or desc.").default("desc"),
  page,
});

export const likedSandboxesInput = z.object({ username, page });

const shortid = z.string("Sandbox ids are text.").trim().min(1, "Sandbox ids are text.").max(100);

/** `PATCH /api/v1/users/:username` `{user: {featured_sandboxes?, showcased_sandbox_shortid?}}`. */
export const updatePinsInput = z.object({
  username,
  user: z
    .object(
      {
        featuredSandboxes: z.array(shortid, "featured_sandboxes is a list of sandbox ids.").optional(),
        showcasedSandboxShortid: shortid.nullable().optional(),
      },
      "Send {user: {featured_sandboxes}} or {user: {showcased_sandbox_shortid}}.",
    )
    .refine(
      (u) => u.featuredSandboxes !== undefined || u.showcasedSandboxShortid !== undefined,
      "Send {user: {featured_sandboxes}} or {user: {showcased_sandbox_shortid}}.",
    ),
});

/** `GET /api/v1/users/search?username=`. */
export const userSearchInput = z.object({
  username: z
    .string("Type the start of a username.")
    .trim()
    .min(1, "Type the start of a username.")
    .max(USERNAME_MAX_LENGTH, `Usernames are at most ${USERNAME_MAX_LENGTH} characters.`),
});
