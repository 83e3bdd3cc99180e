import { randomBytes } from "node:crypto";
import type { OnboardingForm } from "@boxyard/domain";
import type { Deps } from "../../src/deps.ts";
import { startLocalSignUp } from "../../src/modules/auth/signin.service.ts";
import { finalizeSignUp } from "../../src/modules/users/users.service.ts";
import { runCommand } from "../../src/service/context.ts";

export type Person = { userId: string; primaryTeamId: string; username: string; name: string };

/** Signs a person up as anyone does: the local sign-up, then onboarding. */
export async function signUp(
  deps: Deps,
  who: { email: string; password: string; username: string; name: string; role: OnboardingForm["role"] },
): Promise<Person> {
  const browserToken = randomBytes(16).toString("hex");
  const signup = await startLocalSignUp(deps.db, { email: who.email, password: who.password }, browserToken);
  if (signup.type !== "signup") throw new Error(`Could not sign up ${who.email}: ${signup.type}`);
  const { userId, primaryTeamId } = await runCommand(deps, null, finalizeSignUp, {
    id: signup.pendingUserId,
    username: who.username,
    name: who.name,
    role: who.role,
    usage: "work",
    companySize: "2-10",
    browserToken,
  });
  return { userId, primaryTeamId, username: who.username, name: who.name };
}

export const actor = (person: Person) => ({ userId: person.userId, via: "session" as const });
