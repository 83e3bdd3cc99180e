import { type RestrictedScopes, restrictedScopes } from "@boxyard/domain";
import type { CurrentUser } from "../../api/rest-types.ts";

/** The connected GitHub account of the signed-in user, or null when none is linked. */
export function githubProfileOf(user: CurrentUser | null | undefined) {
  const profile = user?.githubProfile;
  return profile && "data" in profile ? profile.data : null;
}

/**
 * Which repositories the user's GitHub grant cannot reach (spec 1 §6): with no GitHub account
 * linked, both kinds are restricted.
 */
export function restrictionsOf(user: CurrentUser | null | undefined): RestrictedScopes {
  const github = githubProfileOf(user);
  return github ? restrictedScopes(github.scopes) : { publicRepositories: true, privateRepositories: true };
}
