import { PROFILE_SORT_FIELDS, USERNAME_MAX_LENGTH } from "@boxyard/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { parseOrInvalid } from "../../http/parse-input.ts";
import { requireViewer } from "../../http/viewer.ts";
import {
  likedSandboxes,
  profileSandboxes,
  publicProfile,
  searchUsers,
  updatePins,
} from "./profiles.service.ts";

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

const sandboxesQuery = z.object({
  sortBy: z
    .enum(PROFILE_SORT_FIELDS, `Sort by one of ${PROFILE_SORT_FIELDS.join(", ")}.`)
    .default("view_count"),
  direction: z.enum(["asc", "desc"], "The direction is asc or desc.").default("desc"),
  page,
});

const shortid = z.string("Sandbox ids are text.").trim().min(1, "Sandbox ids are text.").max(100);
const pinsBody = z.object({
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

const searchQuery = z.object({
  username: z
    .string("Type the start of a username.")
    .trim()
    .min(1, "Type the start of a username.")
    .max(USERNAME_MAX_LENGTH, `Usernames are at most ${USERNAME_MAX_LENGTH} characters.`),
});

/** Profiles (spec 1 §7 'Users', spec 2 §7, api-contract §13): anyone reads, the owner edits pins. */
export function registerProfileRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;

  app.get("/api/v1/users/search", async (request) => {
    requireViewer(request);
    const { username } = parseOrInvalid(searchQuery, request.query);
    return searchUsers(db, username);
  });

  app.get<{ Params: { username: string } }>("/api/v1/users/:username", async (request) =>
    publicProfile(db, request.viewer?.userId ?? null, request.params.username),
  );

  app.patch<{ Params: { username: string } }>("/api/v1/users/:username", async (request) => {
    const viewer = requireViewer(request);
    const { user } = parseOrInvalid(pinsBody, request.body);
    return updatePins(db, viewer.userId, request.params.username, user);
  });

  app.get<{ Params: { username: string } }>("/api/v1/users/:username/sandboxes", async (request) => {
    const query = parseOrInvalid(sandboxesQuery, request.query);
    const list = await profileSandboxes(db, request.viewer?.userId ?? null, request.params.username, query);
    return { [String(query.page)]: list };
  });

  app.get<{ Params: { username: string } }>("/api/v1/users/:username/sandboxes/liked", async (request) => {
    const { page: p } = parseOrInvalid(z.object({ page }), request.query);
    const list = await likedSandboxes(db, request.viewer?.userId ?? null, request.params.username, p);
    return { [String(p)]: list };
  });
}
