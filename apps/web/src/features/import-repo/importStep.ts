import { type RestrictedScopes, restrictedScopes } from "@boxyard/domain";

/** The import flow's steps (spec 2 §2.4, §4). */
export type ImportStep = "signin" | "permissions" | "select" | "loading" | "config";

export type SelectedRepository = { owner: string; name: string };

/**
 * Where the import flow is (spec 2 §4): signin when signed out; permissions when the linked GitHub
 * grant restricts public repositories (spec 1 §6); then select — where, with no GitHub linked at
 * all, the organization search says 'No organizations found' (spec 2 §2.4) — or, once a
 * repository is chosen, loading while it is fetched and config when it is there (a failed fetch
 * returns to select).
 */
export function importStep(input: {
  loggedIn: boolean;
  githubScopes: readonly string[] | null;
  selected: SelectedRepository | null;
  repository: { status: "pending" | "error" | "success"; found: boolean };
}): ImportStep {
  if (!input.loggedIn) return "signin";
  if (input.githubScopes !== null && restricted(input.githubScopes).publicRepositories) return "permissions";
  if (!input.selected || input.githubScopes === null) return "select";
  if (input.repository.status === "pending") return "loading";
  if (input.repository.status === "error" || !input.repository.found) return "select";
  return "config";
}

const restricted = (scopes: readonly string[]): RestrictedScopes => restrictedScopes(scopes);

/** `owner/name` as typed or pasted (with or without the code host's address); null when it is not one. */
export function parseRepositoryInput(input: string): SelectedRepository | null {
  const text = input
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+\//i, "")
    .replace(/^github\.com\//i, "")
    .replace(/\.git$/i, "")
    .replace(/\/+$/, "");
  const match = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/.exec(text);
  return match ? { owner: match[1]!, name: match[2]! } : null;
}

/** Case-insensitive search on a repository's full name (the Search in organizations tab). */
export function matchesSearch(repo: { fullName: string }, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === "" || repo.fullName.toLowerCase().includes(needle);
}
