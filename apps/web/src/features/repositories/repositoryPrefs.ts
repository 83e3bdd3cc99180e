import { useCallback, useMemo, useSyncExternalStore } from "react";
import { readStored, type StoredValue, writeStored } from "../session/storage.ts";

/** The repository list opens by itself when the workspace has this many repositories or fewer (spec 1 §9). */
export const REPOSITORIES_AUTO_EXPAND_MAX = 5;

type PerWorkspace<T> = Record<string, T>;

function perWorkspace<T>(key: string, isValue: (value: unknown) => value is T): StoredValue<PerWorkspace<T>> {
  return {
    key,
    fallback: {},
    parse: (raw) => {
      try {
        const value: unknown = JSON.parse(raw);
        if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
        return Object.values(value).every(isValue) ? (value as PerWorkspace<T>) : undefined;
      } catch {
        return undefined;
      }
    },
    serialize: (value) => JSON.stringify(value),
  };
}

const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/** Spec 1 §3: the expanded state of the repository list and the starred repositories, per workspace. */
export const REPOSITORY_PREFS = {
  expanded: perWorkspace("boxyard:repositories-expanded", isBoolean),
  starred: perWorkspace("boxyard:starred-repositories", isStringList),
};

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** A repository's key in the starred list: owner/name, lowercase (GitHub names ignore case). */
export const repositoryKey = (repo: { owner: string; name: string }) =>
  `${repo.owner}/${repo.name}`.toLowerCase();

/** The stored choice, or the default: expanded when there are 5 repositories or fewer. */
export function isExpanded(workspaceId: string, repositoryCount: number): boolean {
  return (
    readStored(REPOSITORY_PREFS.expanded)[workspaceId] ?? repositoryCount <= REPOSITORIES_AUTO_EXPAND_MAX
  );
}

export function setExpanded(workspaceId: string, expanded: boolean) {
  writeStored(REPOSITORY_PREFS.expanded, {
    ...readStored(REPOSITORY_PREFS.expanded),
    [workspaceId]: expanded,
  });
  notify();
}

export function starredRepositories(workspaceId: string): string[] {
  return readStored(REPOSITORY_PREFS.starred)[workspaceId] ?? [];
}

/** Stars or unstars; a repository is starred at most once (spec 1 §3 'no duplicates'). */
export function setStarred(workspaceId: string, repo: { owner: string; name: string }, starred: boolean) {
  const all = readStored(REPOSITORY_PREFS.starred);
  const key = repositoryKey(repo);
  const rest = (all[workspaceId] ?? []).filter((entry) => entry !== key);
  writeStored(REPOSITORY_PREFS.starred, { ...all, [workspaceId]: starred ? [...rest, key] : rest });
  notify();
}

/** The expanded state of the sidebar's repository list in a workspace, and its setter. */
export function useRepositoriesExpanded(workspaceId: string, repositoryCount: number) {
  const expanded = useSyncExternalStore(subscribe, () => isExpanded(workspaceId, repositoryCount));
  const set = useCallback((next: boolean) => setExpanded(workspaceId, next), [workspaceId]);
  return [expanded, set] as const;
}

/** The starred repositories (keys) of a workspace; the snapshot is its stored text, so it is stable. */
export function useStarredRepositories(workspaceId: string): ReadonlySet<string> {
  const text = useSyncExternalStore(subscribe, () => JSON.stringify(starredRepositories(workspaceId)));
  return useMemo(() => new Set(JSON.parse(text) as string[]), [text]);
}
