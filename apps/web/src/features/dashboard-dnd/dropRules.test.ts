import { describe, expect, it } from "vitest";
import { dashboardSandbox } from "../sandbox-grid/testing.tsx";
import type { DragItem } from "./dragTypes.ts";
import { dragEnabled, dropAllowed, folderLabel, planDrop } from "./dropRules.ts";

const inFolder = (id: string, folder: string | null, template = false): DragItem => ({
  key: `sandbox:${id}`,
  kind: template ? "template" : "sandbox",
  title: id,
  folder,
  sandbox: dashboardSandbox(id, {
    collection: folder ? { id: "c", path: folder } : null,
    customTemplate: template ? { id: `t-${id}`, color: null, iconUrl: null } : null,
  }),
});
const folder = (path: string): DragItem => ({
  key: `folder:${path}`,
  kind: "folder",
  title: path,
  folder: path,
  sandbox: null,
});

describe("drag and drop rules", () => {
  it("S1-5.013 / S1-6.005 / S1-6.004 / drag works on the sandboxes page for editors of an unfrozen workspace only", () => {
    expect(dragEnabled({ page: "ALL", role: "WRITE", frozen: false })).toBe(true);
    expect(dragEnabled({ page: "ALL", role: "ADMIN", frozen: false })).toBe(true);
    expect(dragEnabled({ page: "ALL", role: "READ", frozen: false })).toBe(false);
    expect(dragEnabled({ page: "ALL", role: "ADMIN", frozen: true })).toBe(false);
    for (const page of ["DRAFTS", "TEMPLATES", "DELETED", "RECENT", "SHARED", "SEARCH"] as const) {
      expect(dragEnabled({ page, role: "ADMIN", frozen: false })).toBe(false);
    }
  });

  it("S1-5.013 / templates and sandboxes not on Recent; folders not on Recent, Drafts or Templates", () => {
    const items = [inFolder("a", "/w"), inFolder("t", "/w", true)];
    expect(dropAllowed(items, "RECENT", "ADMIN")).toBe(false);
    expect(dropAllowed(items, "DRAFTS", "ADMIN")).toBe(true);
    expect(dropAllowed(items, "TEMPLATES", "ADMIN")).toBe(true);
    expect(dropAllowed(items, "DELETED", "ADMIN")).toBe(true);
    expect(dropAllowed([folder("/w/x")], "RECENT", "ADMIN")).toBe(false);
    expect(dropAllowed([folder("/w/x")], "DRAFTS", "ADMIN")).toBe(false);
    expect(dropAllowed([folder("/w/x")], "TEMPLATES", "ADMIN")).toBe(false);
    expect(dropAllowed([folder("/w/x")], "DELETED", "ADMIN")).toBe(true);
    expect(dropAllowed(items, { folder: "/w" }, "ADMIN")).toBe(false); // the same folder
    expect(dropAllowed(items, { folder: "/z" }, "READ")).toBe(false);
  });

  it("S1-5.013 / S1-4.035 / onto a folder: sandboxes move, folders move inside with their name", () => {
    const plan = planDrop(
      [inFolder("a", "/w"), inFolder("b", "/z"), folder("/w/x")],
      { folder: "/z" },
      "WRITE",
      "z",
    );
    expect(plan).toEqual({
      kind: "move",
      path: "/z",
      destination: "z",
      sandboxIds: ["a"], // b is in /z already
      folders: [{ from: "/w/x", to: "/z/x" }],
    });
    expect(planDrop([folder("/w/x")], { folder: "/" }, "WRITE", "All folders")).toMatchObject({
      folders: [{ from: "/w/x", to: "/x" }],
    });
    expect(planDrop([folder("/w")], { folder: "/w/x" }, "WRITE", "x")).toBeNull(); // into itself
  });

  it("S1-4.035 / onto Drafts moves out of the folders; Templates makes templates; Recently deleted deletes", () => {
    expect(planDrop([inFolder("a", "/w")], "DRAFTS", "WRITE", "Drafts")).toEqual({
      kind: "move",
      path: null,
      destination: "Drafts",
      sandboxIds: ["a"],
      folders: [],
    });
    expect(
      planDrop([inFolder("a", "/w"), inFolder("t", "/w", true)], "TEMPLATES", "WRITE", "Templates"),
    ).toEqual({
      kind: "make-template",
      sandboxIds: ["a"],
    });
    expect(planDrop([inFolder("a", "/w"), folder("/w/x")], "DELETED", "WRITE", "Recently deleted")).toEqual({
      kind: "trash",
      sandboxIds: ["a"],
      folderPaths: ["/w/x"],
    });
    expect(planDrop([inFolder("a", "/w")], "RECENT", "WRITE", "Recent")).toBeNull();
  });

  it("S1-8.024 / the success toast names the folder, or 'All folders' for the root", () => {
    expect(folderLabel("/Client work/Acme")).toBe("Acme");
    expect(folderLabel("/")).toBe("All folders");
  });
});
