import { normalizeOnboarding, onboardingSchema } from "@boxyard/domain";
import { z } from "zod";

/** The input rules of the account commands and reads, shared by their doors (REST and GraphQL). */

/** Commands and reads whose only input is who asks. */
export const noInput = z.object({});

/** The browser's pending-user binding (its cookie), which a sign-up needs to go on. */
const browserToken = z.string().optional();

/** `GET /api/v1/users/pending/:id`. */
export const pendingUserInput = z.object({ id: z.uuid("Unknown sign-up."), browserToken });

/** `GET /api/v1/users/available/:username`: any text; one the rules refuse is not available. */
export const usernameAvailableInput = z.object({ username: z.string() });

/** `POST /api/v1/users/finalize`: the onboarding form (company fields cleared unless usage is work). */
export const finalizeSignUpInput = onboardingSchema
  .and(z.object({ browserToken, userAgent: z.string().optional() }))
  .transform((form) => normalizeOnboarding(form));
