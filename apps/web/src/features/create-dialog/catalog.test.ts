import { OFFICIAL_TEMPLATES, POPULAR_TEMPLATE_IDS } from "@boxyard/domain";
import { describe, expect, it } from "vitest";
import {
  BASE_BADGES,
  badgesFor,
  type CatalogTemplate,
  catalogView,
  communitySearchPath,
  DEFAULT_BADGES,
  filterTemplates,
  fromEntry,
  matchesSearch,
  popularList,
  recentList,
  toggleBadge,
} from "./catalog.ts";

/** The installation's official templates as the create screen sees them. */
const official: CatalogTemplate[] = OFFICIAL_TEMPLATES.map((t, i) => ({
  id: t.id,
  title: t.title,
  description: t.description,
  tags: [...t.tags],
  runtime: t.runtime,
  iconUrl: t.iconUrl,
  color: t.color,
  author: "Boxyard",
  forkCount: i,
  viewCount: 0,
  official: true,
  workspace: false,
}));

const teamTemplate: CatalogTemplate = {
  id: "team1",
  title: "Team API",
  description: null,
  tags: ["api", "backend"],
  runtime: "server",
  iconUrl: null,
  color: null,
  author: "Acme",
  forkCount: 0,
  viewCount: 0,
  official: false,
  workspace: true,
};
const ids = (list: CatalogTemplate[]) => list.map((t) => t.id);

describe("the create screen's badges", () => {
  it("S2-2.006 / Popular (the default), Browser, Server, Frontend, Backend, Workspace, then the tags used more than once", () => {
    const badges = badgesFor([...official, teamTemplate]);
    expect(badges.slice(0, 6)).toEqual([...BASE_BADGES]);
    expect(DEFAULT_BADGES).toEqual(["Popular"]);
    // 'javascript' is on many templates, 'api' on one only, 'frontend' is a base badge.
    expect(badges).toContain("javascript");
    expect(badges).not.toContain("api");
    expect(badges.filter((b) => b.toLowerCase() === "frontend")).toHaveLength(1);
    const counts = badges.slice(6).map((tag) => official.filter((t) => t.tags.includes(tag)).length);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts.every((n) => n > 1)).toBe(true);
  });

  it("S2-2.006 / selected badges accumulate (the first chosen one replaces the default), toggle off, and a template must match all of them", () => {
    let selected = toggleBadge(DEFAULT_BADGES, "Server");
    expect(selected).toEqual(["Server"]);
    selected = toggleBadge(selected, "Frontend");
    expect(selected).toEqual(["Server", "Frontend"]);
    expect(ids(filterTemplates(official, selected, ""))).toEqual(["nextjs", "nuxt", "remix"]);
    selected = toggleBadge(selected, "react");
    expect(ids(filterTemplates(official, selected, ""))).toEqual(["nextjs", "remix"]);
    expect(toggleBadge(selected, "Server")).toEqual(["Frontend", "react"]);
    expect(ids(filterTemplates(official, ["Browser"], ""))).toEqual(
      OFFICIAL_TEMPLATES.filter((t) => t.runtime === "browser").map((t) => t.id),
    );
    expect(ids(filterTemplates([...official, teamTemplate], ["Workspace"], ""))).toEqual(["team1"]);
    expect(ids(filterTemplates(official, ["Popular", "Server"], ""))).toEqual(["node", "nextjs", "flask"]);
    expect(filterTemplates(official, [], "")).toHaveLength(official.length);
  });
});

describe("searching templates", () => {
  it("S2-2.007 / a substring of the title or of a tag, ignoring case; with badges, within them", () => {
    const react = official.find((t) => t.id === "react")!;
    expect(matchesSearch(react, "REA")).toBe(true);
    expect(matchesSearch(react, "vit")).toBe(true); // the 'vite' tag
    expect(matchesSearch(react, "svelte")).toBe(false);
    expect(matchesSearch(react, "  ")).toBe(true);
    expect(ids(filterTemplates(official, [], "flask"))).toEqual(["flask"]);
    expect(ids(filterTemplates(official, ["Server"], "vue"))).toEqual(["nuxt"]);
    expect(filterTemplates(official, [], "no such thing")).toEqual([]);
  });

  it("S2-2.009 / nothing found points to community search with the query", () => {
    expect(communitySearchPath(" todo app ")).toBe("/search?query=todo%20app");
    expect(communitySearchPath("")).toBe("/search");
  });
});

describe("the default lists", () => {
  it("S2-2.008 S2-9.011 / 'Popular' is 12 templates, or 8 when recent ones are shown: the fixed 9 official ids in order, then others", () => {
    const twelve = popularList(official, false);
    expect(twelve).toHaveLength(12);
    expect(ids(twelve).slice(0, 9)).toEqual([...POPULAR_TEMPLATE_IDS]);
    expect(ids(popularList(official, true))).toEqual(ids(twelve).slice(0, 8));
    // The others come most forked first.
    const rest = twelve.slice(9);
    expect(rest.map((t) => t.forkCount)).toEqual([...rest.map((t) => t.forkCount)].sort((a, b) => b - a));
  });

  it("S2-2.008 / 'Recently used' shows at most 4, to signed-in users only", () => {
    expect(recentList(official, true)).toHaveLength(4);
    expect(recentList(official, false)).toEqual([]);
  });

  it("S2-2.006 S2-2.007 S2-2.008 / the default view shows the two sections; badges or a search show the matching templates, a search from the default view looking through all of them", () => {
    const base = { official, workspace: [teamTemplate], recent: official.slice(0, 2), signedIn: true };
    const start = catalogView({ ...base, selected: DEFAULT_BADGES, query: "" });
    expect(start.kind).toBe("sections");
    if (start.kind === "sections") {
      expect(start.recent).toHaveLength(2);
      expect(start.popular).toHaveLength(8);
    }
    const anonymous = catalogView({ ...base, signedIn: false, selected: DEFAULT_BADGES, query: "" });
    if (anonymous.kind === "sections") expect(anonymous.popular).toHaveLength(12);
    const searched = catalogView({ ...base, selected: DEFAULT_BADGES, query: "team" });
    expect(searched).toEqual({ kind: "results", results: [teamTemplate] });
    const filtered = catalogView({ ...base, selected: ["Backend"], query: "" });
    expect(filtered.kind === "results" && filtered.results[0]).toEqual(teamTemplate);
  });

  it("S2-3.001 / a CreateTemplate entry becomes a card: the team as author (or the default), browser or server; official ones keep the catalogue's card", () => {
    const entry = {
      iconUrl: "https://example.test/i.png",
      tags: ["API"],
      sandbox: {
        id: "abc",
        alias: "abc-x",
        title: null,
        description: "d",
        isV2: true,
        forkCount: 3,
        viewCount: 4,
        team: null,
        source: { template: "node" },
      },
    };
    expect(fromEntry(entry, { workspace: true })).toMatchObject({
      id: "abc",
      title: "abc-x",
      tags: ["api"],
      runtime: "server",
      author: "Boxyard",
      workspace: true,
      official: false,
    });
    expect(fromEntry({ ...entry, sandbox: null }, { workspace: false })).toBeNull();
    expect(fromEntry(entry, { workspace: false, official: official[0] })).toBe(official[0]);
  });
});
