import { SEARCH_QUERY_MAX } from "@boxyard/domain";
import { z } from "zod";

/** The input rules of the searches (spec 1 §5; api-contract §11). */

const query = z
  .string("Enter something to search for.")
  .trim()
  .min(1, "Enter something to search for.")
  .max(SEARCH_QUERY_MAX, `Search for at most ${SEARCH_QUERY_MAX} characters.`);

/** A workspace's search; its id is checked by the read (one that is no UUID is not found). */
export const workspaceSearchInput = z.object({ teamId: z.string(), query });

/** Deep pages of a fuzzy search are noise, and each costs a longer scan: ten are plenty. */
const COMMUNITY_MAX_PAGE = 10;

export const communitySearchInput = z.object({
  query,
  page: z.coerce
    .number("Page must be a number.")
    .int("Page must be a whole number.")
    .min(1, "Page must be at least 1.")
    .max(COMMUNITY_MAX_PAGE, `Page must be at most ${COMMUNITY_MAX_PAGE}.`)
    .default(1),
});
