import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { test as setup } from "@playwright/test";
import { AUTH_STATE, AUTH_USER, createLocalUser, newUserData } from "./fixtures.ts";

/**
 * Signs in one user for the specs that need a signed-in browser: a local account made through the
 * API (sign-up, then onboarding), whose session cookies are saved as storage state.
 */
setup("sign in a user through the API and save the session", async ({ request }) => {
  const user = await createLocalUser(newUserData("member"), request);
  mkdirSync(dirname(AUTH_STATE), { recursive: true });
  await request.storageState({ path: AUTH_STATE });
  writeFileSync(AUTH_USER, JSON.stringify(user, null, 2));
});
