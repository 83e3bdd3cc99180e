import { WORKSPACE_MESSAGES } from "@boxyard/domain";
import { describe, expect, it } from "vitest";
import { parseInviteTarget } from "./inviteTarget.ts";
import { inviteLink, memberRows, seatsUsed, viewerRole, workspaceSettingsPath } from "./workspaceSettings.ts";

const user = (id: string, name: string) => ({ id, name, username: name.toLowerCase(), avatarUrl: null });

describe("workspace settings helpers", () => {
  it("the invite box takes a username (an '@' in front is fine) or an e-mail address", () => {
    expect(parseInviteTarget("  ada ")).toEqual({ kind: "username", username: "ada" });
    expect(parseInviteTarget("@ada")).toEqual({ kind: "username", username: "ada" });
    expect(parseInviteTarget(" Ada@Example.com ")).toEqual({ kind: "email", email: "Ada@Example.com" });
    expect(parseInviteTarget("ada@")).toEqual({ kind: "invalid", message: WORKSPACE_MESSAGES.invalidEmail });
    expect(parseInviteTarget("")).toMatchObject({ kind: "invalid" });
    expect(parseInviteTarget("two words")).toMatchObject({ kind: "invalid" });
  });

  it("S1-6.002 / lists the viewer first, then admins, editors and viewers by name, with their roles", () => {
    const team = {
      users: [user("r", "Rita"), user("w", "Walt"), user("a", "Zed"), user("me", "Me"), user("b", "Amy")],
      userAuthorizations: [
        { userId: "r", authorization: "READ" as const, teamManager: false, drafts: 0 },
        { userId: "w", authorization: "WRITE" as const, teamManager: true, drafts: 0 },
        { userId: "a", authorization: "ADMIN" as const, teamManager: false, drafts: 0 },
        { userId: "b", authorization: "ADMIN" as const, teamManager: false, drafts: 0 },
        { userId: "me", authorization: "READ" as const, teamManager: false, drafts: 0 },
      ],
    };
    expect(memberRows(team, "me").map((m) => [m.id, m.authorization])).toEqual([
      ["me", "READ"],
      ["b", "ADMIN"],
      ["a", "ADMIN"],
      ["w", "WRITE"],
      ["r", "READ"],
    ]);
    expect(viewerRole(team, "w")).toBe("WRITE");
    expect(viewerRole(team, "stranger")).toBeNull();
  });

  it("S2-6.015 / seats count members and pending invitations", () => {
    const invitation = {
      id: "i",
      userId: null,
      username: null,
      email: "x@y.z",
      authorization: "READ" as const,
      insertedAt: "",
      note: null,
    };
    expect(seatsUsed({ users: [user("a", "A")], invitations: [invitation], invitees: [] })).toBe(2);
    // Non-admins see only the invitees of known users.
    expect(seatsUsed({ users: [user("a", "A")], invitations: [], invitees: [user("b", "B")] })).toBe(2);
  });

  it("S1-2.063 / builds the settings path and the invite link", () => {
    expect(workspaceSettingsPath("t1")).toBe("/workspace/t1");
    expect(workspaceSettingsPath("t1", "members")).toBe("/workspace/t1#members");
    expect(inviteLink("https://boxyard.test", "abc")).toBe("https://boxyard.test/invite/abc");
  });
});
