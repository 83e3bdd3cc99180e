import { describe, expect, it } from "vitest";
import { offerableDomain } from "./email-domains.ts";
import { closeStatus, MAX_UNAUTHORIZED_ANSWERS, reconnectDelay, SOCKET_TOKEN_CACHE_MS } from "./live.ts";
import {
  inAppPreferenceOf,
  newMessagesLabel,
  notificationTarget,
  notificationText,
  sandboxInvitationVerb,
  shortDistance,
} from "./notifications.ts";

const now = new Date("2026-11-20T12:00:00Z");

describe("notifications", () => {
  it("S1-2.112 / the header reads '1 new message' or 'N new messages'", () => {
    expect(newMessagesLabel(1)).toBe("1 new message");
    expect(newMessagesLabel(0)).toBe("0 new messages");
    expect(newMessagesLabel(7)).toBe("7 new messages");
  });

  it("S1-2.113 / a short distance from the UTC insertion time in y, mo, d, h, m, s", () => {
    expect(shortDistance("2026-11-20T11:59:55Z", now)).toBe("5s");
    expect(shortDistance("2026-11-20T11:58:00Z", now)).toBe("2m");
    expect(shortDistance("2026-11-20T09:00:00Z", now)).toBe("3h");
    expect(shortDistance("2026-11-17T12:00:00Z", now)).toBe("3d");
    expect(shortDistance("2026-09-01T12:00:00Z", now)).toBe("2mo");
    expect(shortDistance("2024-11-01T12:00:00Z", now)).toBe("2y");
    // Without a zone the time is UTC; a clock ahead of ours reads 0s.
    expect(shortDistance("2026-11-20T11:00:00", now)).toBe("1h");
    expect(shortDistance("2026-11-20T12:00:30Z", now)).toBe("0s");
  });

  it("S1-2.120 / a sandbox invitation's text depends on its authorization: comment on, edit, else view", () => {
    expect(sandboxInvitationVerb("COMMENT")).toBe("comment on");
    expect(sandboxInvitationVerb("WRITE_CODE")).toBe("edit");
    expect(sandboxInvitationVerb("WRITE_PROJECT")).toBe("edit");
    expect(sandboxInvitationVerb("READ")).toBe("view");
    expect(
      notificationText("sandbox_invitation", {
        inviterName: "Ada",
        sandboxTitle: "Rocket",
        authorization: "COMMENT",
      }),
    ).toEqual({ actor: "Ada", text: "invited you to comment on Rocket" });
  });

  it("S1-2.115 / S1-2.116 / S1-2.117 / S1-2.118 / S1-2.119 / where a click leads, by type", () => {
    const team = "11111111-2222-4333-8444-555555555555";
    expect(
      notificationTarget(
        "pull_request_review_requested",
        { teamId: team, owner: "acme", repo: "rocket", branch: "fix" },
        null,
      ),
    ).toBe(`/dashboard/repositories/acme/rocket?workspace=${team}&branch=fix&review=true`);
    expect(notificationTarget("team_invite", { teamId: team }, "me@example.com")).toBe(
      `/workspace/${team}?invite_email=me%40example.com`,
    );
    expect(
      notificationTarget("team_invite_requested", { teamId: team, requesterEmail: "x@acme.test" }, null),
    ).toBe(`/workspace/${team}?invite_email=x%40acme.test`);
    expect(notificationTarget("team_accepted", { teamId: team }, null)).toBe(
      `/dashboard/recent?workspace=${team}`,
    );
    expect(notificationTarget("sandbox_invitation", { sandboxId: "abc123" }, null)).toBe("/s/abc123");
  });

  it("S1-3.025 / only the pull-request types have an in-app switch", () => {
    expect(inAppPreferenceOf("pull_request_review_requested")).toBe("inAppPrReviewRequest");
    expect(inAppPreferenceOf("pull_request_review_received")).toBe("inAppPrReviewReceived");
    expect(inAppPreferenceOf("team_invite")).toBeNull();
  });

  it("S2-2.030 / only a company's domain can be offered workspaces, never a public mail provider's", () => {
    expect(offerableDomain("Ada@Acme.TEST")).toBe("acme.test");
    expect(offerableDomain("ada@gmail.com")).toBeNull();
    expect(offerableDomain("no-at-sign")).toBeNull();
  });
});

describe("socket reconnection", () => {
  it("S1-9.014 / back-off steps 10 to 2000 ms, 3000 to 5000 ms after a 503; the socket token is cached 480000 ms", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 50].map((t) => reconnectDelay(t, false))).toEqual([
      10, 50, 100, 150, 200, 250, 500, 1000, 2000, 2000, 2000,
    ]);
    expect([1, 2, 3, 4].map((t) => reconnectDelay(t, true))).toEqual([3000, 4000, 5000, 5000]);
    expect(SOCKET_TOKEN_CACHE_MS).toBe(480000);
  });

  it("S1-8.026 / close codes stand for 401 and 503; more than 4 answers of 401 give up", () => {
    expect(closeStatus(4401)).toBe(401);
    expect(closeStatus(4503)).toBe(503);
    expect(closeStatus(1012)).toBe(503);
    expect(closeStatus(1006)).toBeNull();
    expect(MAX_UNAUTHORIZED_ANSWERS).toBe(4);
  });
});
