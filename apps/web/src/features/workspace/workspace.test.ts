import { describe, expect, it } from "vitest";
import { WORKSPACE_AVATAR_COLORS, workspaceAvatarColor, workspaceAvatarPixels } from "./avatarColor.ts";
import { chooseWorkspace } from "./chooseWorkspace.ts";
import { dashboardActions, workspaceRole } from "./roles.ts";
import { sortWorkspaces } from "./sortWorkspaces.ts";

const a = { id: "a", name: "alpha", subscription: null };
const b = { id: "b", name: "Beta", subscription: { status: "ACTIVE" } };
const c = { id: "c", name: "charlie", subscription: { status: "CANCELLED" } };

describe("active workspace choice", () => {
  it("S1-4.021 / prefers the URL parameter", () => {
    expect(
      chooseWorkspace({
        urlWorkspaceId: "c",
        storedWorkspaceId: "a",
        primaryWorkspaceId: "b",
        workspaces: [a, b, c],
      }),
    ).toBe("c");
  });

  it("S1-4.021 / then the stored choice, then the primary workspace", () => {
    expect(chooseWorkspace({ storedWorkspaceId: "a", primaryWorkspaceId: "c", workspaces: [a, b, c] })).toBe(
      "a",
    );
    expect(chooseWorkspace({ storedWorkspaceId: null, primaryWorkspaceId: "c", workspaces: [a, b, c] })).toBe(
      "c",
    );
  });

  it("S1-4.021 / then the first workspace with an active subscription, then the first", () => {
    expect(chooseWorkspace({ workspaces: [a, c, b] })).toBe("b");
    expect(chooseWorkspace({ workspaces: [c, a] })).toBe("c");
  });

  it("S1-4.021 / skips ids that are not among the user's workspaces", () => {
    expect(
      chooseWorkspace({
        urlWorkspaceId: "gone",
        storedWorkspaceId: "old",
        primaryWorkspaceId: "a",
        workspaces: [a, b],
      }),
    ).toBe("a");
  });

  it("S1-4.021 / no workspaces means none (the user is sent to /create-workspace)", () => {
    expect(
      chooseWorkspace({
        urlWorkspaceId: "x",
        storedWorkspaceId: "y",
        primaryWorkspaceId: "z",
        workspaces: [],
      }),
    ).toBe(null);
  });
});

describe("workspace selector", () => {
  it("S1-2.086 / chooses the avatar colour by name length modulo 7 from 8 colours", () => {
    expect(WORKSPACE_AVATAR_COLORS).toHaveLength(8);
    expect(new Set(WORKSPACE_AVATAR_COLORS).size).toBe(8);
    expect(workspaceAvatarColor("")).toBe(WORKSPACE_AVATAR_COLORS[0]);
    expect(workspaceAvatarColor("Acme")).toBe(WORKSPACE_AVATAR_COLORS[4]);
    expect(workspaceAvatarColor("Boxyard")).toBe(WORKSPACE_AVATAR_COLORS[0]);
    expect(workspaceAvatarColor("Boxyard!")).toBe(WORKSPACE_AVATAR_COLORS[1]);
    expect(workspaceAvatarColor("abcdef")).toBe(WORKSPACE_AVATAR_COLORS[6]);
  });

  it("S1-2.086 / avatar sizes: 55px for bigger, else 24px", () => {
    expect(workspaceAvatarPixels("small")).toBe(24);
    expect(workspaceAvatarPixels("big")).toBe(24);
    expect(workspaceAvatarPixels("bigger")).toBe(55);
  });

  it("S1-2.086 / lists the primary workspace first, the others by lowercase name", () => {
    const list = [
      { id: "1", name: "zeta" },
      { id: "2", name: "Alpha" },
      { id: "3", name: "personal" },
      { id: "4", name: "beta" },
    ];
    expect(sortWorkspaces(list, "3").map((w) => w.name)).toEqual(["personal", "Alpha", "beta", "zeta"]);
    expect(sortWorkspaces(list, null).map((w) => w.name)).toEqual(["Alpha", "beta", "personal", "zeta"]);
  });
});

describe("workspace role", () => {
  const team = {
    userAuthorizations: [
      { userId: "u1", authorization: "READ" as const },
      { userId: "u2", authorization: "WRITE" as const },
    ],
  };

  it("S1-6.002 / reads the user's entry in the active team; admin is the default without team info", () => {
    expect(workspaceRole(team, "u1")).toBe("READ");
    expect(workspaceRole(team, "u2")).toBe("WRITE");
    expect(workspaceRole(null, "u1")).toBe("ADMIN");
  });

  it("S1-2.088 / S1-2.089 / S1-6.006 / S2-6.012 / Import and Create are disabled for READ or in a frozen workspace", () => {
    expect(dashboardActions("READ", false)).toEqual({ canImport: false, canCreate: false });
    expect(dashboardActions("WRITE", true)).toEqual({ canImport: false, canCreate: false });
    expect(dashboardActions("ADMIN", false)).toEqual({ canImport: true, canCreate: true });
  });
});
