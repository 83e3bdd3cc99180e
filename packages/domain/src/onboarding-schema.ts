import { z } from "zod";
import {
  COMPANY_SIZE_VALUES,
  DISPLAY_NAME_MAX_LENGTH,
  ONBOARDING_MESSAGES,
  ROLE_VALUES,
  USAGE_VALUES,
  USERNAME_MAX_LENGTH,
  USERNAME_PATTERN,
} from "./onboarding.ts";

/**
 * The onboarding form (spec 1 §5): username, display name, role and usage are required;
 * company size is required when usage is work; company name is optional.
 * The server validates the finalize request with the same schema.
 */
export const onboardingSchema = z
  .object({
    id: z.uuid(),
    username: z
      .string({ error: ONBOARDING_MESSAGES.usernameRequired })
      .trim()
      .min(1, ONBOARDING_MESSAGES.usernameRequired)
      .max(USERNAME_MAX_LENGTH, ONBOARDING_MESSAGES.usernameTooLong)
      .regex(USERNAME_PATTERN, ONBOARDING_MESSAGES.usernameInvalid),
    name: z
      .string({ error: ONBOARDING_MESSAGES.nameRequired })
      .trim()
      .min(1, ONBOARDING_MESSAGES.nameRequired)
      .max(DISPLAY_NAME_MAX_LENGTH, ONBOARDING_MESSAGES.nameTooLong),
    role: z.enum(ROLE_VALUES, { error: ONBOARDING_MESSAGES.roleRequired }),
    usage: z.enum(USAGE_VALUES, { error: ONBOARDING_MESSAGES.usageRequired }),
    companyName: z.string().trim().max(DISPLAY_NAME_MAX_LENGTH).nullable().optional(),
    companySize: z
      .enum(COMPANY_SIZE_VALUES, { error: ONBOARDING_MESSAGES.companySizeRequired })
      .nullable()
      .optional(),
  })
  .refine((form) => form.usage !== "work" || form.companySize != null, {
    message: ONBOARDING_MESSAGES.companySizeRequired,
    path: ["companySize"],
  });

export type OnboardingInput = z.input<typeof onboardingSchema>;
export type OnboardingForm = z.output<typeof onboardingSchema>;
