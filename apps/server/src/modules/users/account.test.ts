import { ACCOUNT_MESSAGES, MESSAGES, ONBOARDING_MESSAGES } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, signUp, type TestUser } from "../../../test/factories.ts";
import { users } from "../../db/schema/index.ts";
import { outcome } from "../sandboxes/testing.ts";

// Each of these acts on the signed-in user only: no argument names another user, so the cases
// are signed out (refused) and signed in (their own account). No workspace is involved.

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

const UPDATE = `mutation UpdateCurrentUser($username: String!, $name: String, $bio: String, $socialLinks: [String!]) {
  updateCurrentUser(username: $username, name: $name, bio: $bio, socialLinks: $socialLinks) { username name bio socialLinks } }`;
const DELETE = "mutation DeleteCurrentUser { deleteCurrentUser }";
const CANCEL = "mutation CancelDeleteCurrentUser { cancelDeleteCurrentUser }";

const row = async (user: TestUser) =>
  (await app.deps.db.select().from(users).where(eq(users.id, user.id)))[0]!;
const current = async (user: TestUser) =>
  (await app.inject({ url: "/api/v1/users/current", headers: { cookie: user.cookie } })).json();

describe("updateCurrentUser", () => {
  it("S1-7.036 / S2-7.021 / changes username, name, bio and social links; the profile follows the new name", async () => {
    const ada = await signUp(app);
    const next = `${ada.username}x`;
    const result = await gql(app, ada, UPDATE, {
      username: next,
      name: " Ada Lovelace ",
      bio: "Writes programs.",
      socialLinks: ["https://example.test/ada"],
    });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      updateCurrentUser: {
        username: next,
        name: "Ada Lovelace",
        bio: "Writes programs.",
        socialLinks: ["https://example.test/ada"],
      },
    });
    expect(await current(ada)).toMatchObject({
      username: next,
      name: "Ada Lovelace",
      bio: "Writes programs.",
    });
    expect((await app.inject({ url: `/api/v1/users/${next}` })).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/v1/users/${ada.username}` })).statusCode).toBe(404);
  });

  it("S2-8.014 / S2-8.016 / a taken, reserved or invalid username is refused with a message naming the username, and nothing changes", async () => {
    const [ada, bob] = await Promise.all([signUp(app), signUp(app)]);
    const before = await row(ada);
    const taken = await gql(app, ada, UPDATE, { username: bob.username.toUpperCase(), name: "X" });
    expect(outcome(taken)).toBe("CONFLICT");
    expect(taken.errors![0]!.message).toBe(MESSAGES.usernameTaken);
    const reserved = await gql(app, ada, UPDATE, { username: "search" });
    expect(reserved.errors![0]!.message).toBe(MESSAGES.usernameTaken);
    const badPattern = await gql(app, ada, UPDATE, { username: "-ada" });
    expect(outcome(badPattern)).toBe("INVALID");
    expect(badPattern.errors![0]!.message).toBe(ONBOARDING_MESSAGES.usernameInvalid);
    expect(badPattern.errors![0]!.message).toMatch(/username/i);
    const badLink = await gql(app, ada, UPDATE, {
      username: ada.username,
      socialLinks: ["javascript:alert(1)"],
    });
    expect(badLink.errors![0]!.message).toBe(ACCOUNT_MESSAGES.socialLinkInvalid);
    const longBio = await gql(app, ada, UPDATE, { username: ada.username, bio: "x".repeat(1000) });
    expect(longBio.errors![0]!.message).toBe(ACCOUNT_MESSAGES.bioTooLong);
    expect(await row(ada)).toEqual(before);
  });

  it("S1-5.002 / one's own username in another case is not 'taken'", async () => {
    const ada = await signUp(app);
    const result = await gql(app, ada, UPDATE, { username: ada.username.toUpperCase() });
    expect(result.errors).toBeUndefined();
    expect((await row(ada)).username).toBe(ada.username.toUpperCase());
  });

  it("S1-7.036 / signed out: refused", async () => {
    expect(outcome(await gql(app, null, UPDATE, { username: "someone" }))).toBe("UNAUTHENTICATED");
    expect(outcome(await gql(app, null, DELETE))).toBe("UNAUTHENTICATED");
    expect(outcome(await gql(app, null, CANCEL))).toBe("UNAUTHENTICATED");
  });
});

describe("account deletion request and undo", () => {
  it("S2-4.007 / S1-7.036 / deleteCurrentUser marks deletionRequested (twice keeps the first time); cancel undoes it", async () => {
    const ada = await signUp(app);
    expect((await gql(app, ada, DELETE)).data).toEqual({ deleteCurrentUser: true });
    const first = (await row(ada)).deletionRequestedAt;
    expect(first).toBeInstanceOf(Date);
    expect((await current(ada)).deletionRequested).toBe(true);
    expect(
      (await gql<{ me: { deletionRequested: boolean } }>(app, ada, "{ me { deletionRequested } }")).data,
    ).toEqual({
      me: { deletionRequested: true },
    });
    await gql(app, ada, DELETE);
    expect((await row(ada)).deletionRequestedAt).toEqual(first);
    expect((await gql(app, ada, CANCEL)).data).toEqual({ cancelDeleteCurrentUser: true });
    expect((await current(ada)).deletionRequested).toBe(false);
  });

  it("S2-4.007 / another user's request is untouched by one's own undo", async () => {
    const [ada, bob] = await Promise.all([signUp(app), signUp(app)]);
    await gql(app, ada, DELETE);
    await gql(app, bob, CANCEL);
    expect((await row(ada)).deletionRequestedAt).not.toBeNull();
  });
});
