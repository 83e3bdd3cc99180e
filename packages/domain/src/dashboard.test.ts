import { describe, expect, it } from "vitest";
import {
  alreadyAt,
  canDrop,
  DASHBOARD_PAGES,
  GRID,
  gridColumns,
  groupDeleted,
  SORT_FIELDS,
  startOfCalendarWeek,
} from "./dashboard.ts";

describe("dashboard rules", () => {
  it("S1-2.060 / the dashboard page kinds: DRAFTS, TEMPLATES, DELETED, RECENT, SHARED, TEMPLATE_HOME, ALL, SEARCH, REPOS", () => {
    expect(DASHBOARD_PAGES).toEqual([
      "DRAFTS",
      "TEMPLATES",
      "DELETED",
      "RECENT",
      "SHARED",
      "TEMPLATE_HOME",
      "ALL",
      "SEARCH",
      "REPOS",
    ]);
  });

  const sandbox = { kind: "sandbox" as const, folder: "/a" };
  const folder = { kind: "folder" as const, folder: "/a" };

  it("S1-5.013 / sandboxes and templates cannot be dropped on Recent; folders not on Recent, Drafts or Templates", () => {
    expect(canDrop([sandbox], "RECENT", "WRITE")).toBe(false);
    expect(canDrop([{ kind: "template", folder: null }], "RECENT", "WRITE")).toBe(false);
    expect(canDrop([sandbox], "DRAFTS", "WRITE")).toBe(true);
    expect(canDrop([sandbox], "DELETED", "WRITE")).toBe(true);
    expect(canDrop([folder], "DRAFTS", "WRITE")).toBe(false);
    expect(canDrop([folder], "TEMPLATES", "WRITE")).toBe(false);
  });

  it("S1-5.013 / not onto the same folder (nor a folder into itself); drag is disabled for READ", () => {
    expect(canDrop([sandbox], { folder: "/a" }, "WRITE")).toBe(false);
    expect(canDrop([sandbox], { folder: "/b" }, "WRITE")).toBe(true);
    expect(canDrop([folder], { folder: "/a/inner" }, "ADMIN")).toBe(false);
    expect(canDrop([sandbox], { folder: "/b" }, "READ")).toBe(false);
  });

  it("S1-5.013 / a drop must change something: items already in the folder, the drafts or Templates stay", () => {
    const draft = { kind: "sandbox" as const, folder: null };
    const template = { kind: "template" as const, folder: "/a" };
    const nested = { kind: "folder" as const, folder: "/a/b" };
    expect(canDrop([draft], "DRAFTS", "WRITE")).toBe(false);
    expect(canDrop([draft, sandbox], "DRAFTS", "WRITE")).toBe(true);
    expect(canDrop([template], "TEMPLATES", "WRITE")).toBe(false);
    expect(canDrop([template, sandbox], "TEMPLATES", "WRITE")).toBe(true);
    // A folder dropped on its own parent stays where it is; on the root it moves up.
    expect(canDrop([nested], { folder: "/a" }, "WRITE")).toBe(false);
    expect(canDrop([nested], { folder: "/" }, "WRITE")).toBe(true);
    expect(canDrop([folder], { folder: "/" }, "WRITE")).toBe(false);
    expect(canDrop([nested], { folder: "/a/b/c" }, "WRITE")).toBe(false);
    expect(canDrop([sandbox, { kind: "sandbox", folder: "/b" }], { folder: "/a" }, "WRITE")).toBe(true);
    expect(alreadyAt(sandbox, { folder: "/a" })).toBe(true);
    expect(alreadyAt(sandbox, "DELETED")).toBe(false);
    expect(canDrop([folder, sandbox], "DELETED", "ADMIN")).toBe(true);
  });

  it("S1-4.002 / deleted items split into this week and earlier by calendar week", () => {
    const wednesday = new Date(2026, 10, 18, 15, 0);
    expect(startOfCalendarWeek(wednesday).getDay()).toBe(1);
    const monday = new Date(2026, 10, 16, 0, 30).toISOString();
    const sunday = new Date(2026, 10, 15, 23, 30).toISOString();
    const { thisWeek, earlier } = groupDeleted([{ removedAt: monday }, { removedAt: sunday }], wednesday);
    expect(thisWeek).toEqual([{ removedAt: monday }]);
    expect(earlier).toEqual([{ removedAt: sunday }]);
  });

  it("S1-9.002 / S1-9.003 / sort fields and labels; grid metrics", () => {
    expect(SORT_FIELDS.map((s) => s.label)).toEqual(["Last Created", "Last Modified", "Name", "Views"]);
    expect(GRID).toMatchObject({
      cardHeight: 154,
      rowHeight: 64,
      gap: 16,
      minCardWidth: 260,
      maxColumns: 10,
    });
    expect(gridColumns(200)).toBe(1);
    expect(gridColumns(552)).toBe(2);
    expect(gridColumns(3840)).toBe(10);
  });
});
