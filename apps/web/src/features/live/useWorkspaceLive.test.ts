import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { folderKeys } from "../../api/queries/folders.ts";
import { repositoryKeys } from "../../api/queries/repositories.ts";
import { sandboxKeys } from "../../api/queries/sandboxes.ts";
import { invalidateWorkspaceChange } from "./useWorkspaceLive.ts";

const TEAM = "5b1c7c1e-0f0a-4a53-8c8e-6a2b9f0d4e11";
const OTHER = "9d2f7a63-1b44-4c1e-9e0a-2f5d8c7b6a10";

/** A client holding the lists of two workspaces, all fresh. */
function clientWithLists() {
  const client = new QueryClient();
  for (const team of [TEAM, OTHER]) {
    client.setQueryData([...sandboxKeys.team(team), "list"], []);
    client.setQueryData(folderKeys.collections(team), []);
    client.setQueryData(repositoryKeys.byTeam(team), []);
    client.setQueryData(repositoryKeys.sidebar(team), []);
    client.setQueryData(repositoryKeys.details(team, "octo", "app"), {});
  }
  return client;
}

const stale = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.isStale())
    .map((q) => JSON.stringify(q.queryKey))
    .sort();

describe("workspace-changed", () => {
  it("a repositories change makes the workspace's repository lists and pages stale, and nothing else", async () => {
    const client = clientWithLists();
    await invalidateWorkspaceChange(client, TEAM, {
      sandboxes: false,
      folders: false,
      repositories: true,
      sandboxIds: [],
      actorId: null,
    });
    expect(stale(client)).toEqual(
      [repositoryKeys.byTeam(TEAM), repositoryKeys.sidebar(TEAM), repositoryKeys.details(TEAM, "octo", "app")]
        .map((key) => JSON.stringify(key))
        .sort(),
    );
  });

  it("a sandboxes change leaves the repository lists fresh", async () => {
    const client = clientWithLists();
    await invalidateWorkspaceChange(client, TEAM, {
      sandboxes: true,
      folders: false,
      sandboxIds: [],
      actorId: null,
    });
    expect(stale(client)).toEqual([JSON.stringify([...sandboxKeys.team(TEAM), "list"])]);
  });
});
