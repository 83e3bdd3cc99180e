import { DEFAULT_NOTIFICATION_PREFERENCES } from "@boxyard/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, signUp, type TestUser } from "../../../test/factories.ts";
import type { NotificationFor } from "./notification-types.ts";
import { notify } from "./notifier.ts";

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

const FIELDS =
  "emailCommentMention emailCommentReply emailMarketing emailNewComment emailSandboxInvite emailTeamInvite inAppPrReviewRequest inAppPrReviewReceived";
const EMAIL_PREFERENCES = `query EmailPreferences { me { id notificationPreferences { ${FIELDS} } } }`;
const UPDATE = `mutation UpdateNotificationPreferences($emailCommentMention: Boolean, $emailCommentReply: Boolean, $emailMarketing: Boolean, $emailNewComment: Boolean, $emailSandboxInvite: Boolean, $emailTeamInvite: Boolean, $inAppPrReviewRequest: Boolean, $inAppPrReviewReceived: Boolean) {
  updateNotificationPreferences(emailCommentMention: $emailCommentMention, emailCommentReply: $emailCommentReply, emailMarketing: $emailMarketing, emailNewComment: $emailNewComment, emailSandboxInvite: $emailSandboxInvite, emailTeamInvite: $emailTeamInvite, inAppPrReviewRequest: $inAppPrReviewRequest, inAppPrReviewReceived: $inAppPrReviewReceived) { ${FIELDS} } }`;

async function preferences(user: TestUser) {
  const answer = await gql<{ me: { notificationPreferences: Record<string, boolean> } }>(
    app,
    user,
    EMAIL_PREFERENCES,
  );
  return answer.data!.me.notificationPreferences;
}

const PR = {
  teamId: "00000000-0000-4000-8000-000000000000",
  owner: "acme",
  repo: "rocket",
  branch: "fix",
  pullRequestNumber: 7,
};
const requested = (userId: string): NotificationFor => ({
  userId,
  type: "pull_request_review_requested",
  data: { ...PR, requesterName: "Grace", requesterAvatar: null },
});
const received = (userId: string): NotificationFor => ({
  userId,
  type: "pull_request_review_received",
  data: { ...PR, reviewId: 41, reviewState: "approved", reviewerName: "Linus", reviewerAvatar: null },
});

describe("notification preferences", () => {
  it("S1-3.025 / S2-3.008 / S1-7.030 / EmailPreferences answers the eight switches: all on but marketing until changed", async () => {
    const user = await signUp(app);
    expect(await preferences(user)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it(`S2-4.015 / S2-7.021 / Mutation.updateNotificationPreferences / an update changes the switches given and keeps the others; it needs sign-in`, async () => {
    const user = await signUp(app);
    const answer = await gql(app, user, UPDATE, { emailMarketing: true, inAppPrReviewRequest: false });
    expect(answer.data).toEqual({
      updateNotificationPreferences: {
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        emailMarketing: true,
        inAppPrReviewRequest: false,
      },
    });
    await gql(app, user, UPDATE, { emailTeamInvite: false });
    expect(await preferences(user)).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      emailMarketing: true,
      inAppPrReviewRequest: false,
      emailTeamInvite: false,
    });
    const anonymous = await gql(app, null, UPDATE, { emailMarketing: false });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await preferences(user)).emailMarketing).toBe(true);
    const typo = await gql(app, user, UPDATE, { emailMarketing: "yes" });
    expect(typo.errors).toBeDefined();
    expect((await preferences(user)).emailMarketing).toBe(true);
  });

  it("S1-3.025 / S1-3.019 / S1-3.020 / the in-app preferences gate the pull-request notifications of the code host's webhooks", async () => {
    const user = await signUp(app);
    expect(await notify(app.deps, [requested(user.id), received(user.id)])).toHaveLength(2);

    await gql(app, user, UPDATE, { inAppPrReviewRequest: false });
    const afterRequestOff = await notify(app.deps, [requested(user.id), received(user.id)]);
    expect(afterRequestOff.map((n) => n.type)).toEqual(["pull_request_review_received"]);

    await gql(app, user, UPDATE, { inAppPrReviewRequest: true, inAppPrReviewReceived: false });
    const afterReceivedOff = await notify(app.deps, [requested(user.id), received(user.id)]);
    expect(afterReceivedOff.map((n) => n.type)).toEqual(["pull_request_review_requested"]);
    expect(afterReceivedOff[0]!.data).toEqual(requested(user.id).data);

    // The other types have no in-app switch: they always come through.
    await gql(app, user, UPDATE, { inAppPrReviewRequest: false });
    const other = await notify(app.deps, [
      {
        userId: user.id,
        type: "team_accepted",
        data: { teamId: PR.teamId, teamName: "Rocket", userName: "Ada", userAvatar: null },
      },
    ]);
    expect(other).toHaveLength(1);
  });
});
