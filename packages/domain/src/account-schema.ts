import { z } from "zod";
import { ACCOUNT_MESSAGES, BIO_MAX_LENGTH, SOCIAL_LINK_MAX_LENGTH, SOCIAL_LINKS_MAX } from "./account.ts";
import {
  DISPLAY_NAME_MAX_LENGTH,
  ONBOARDING_MESSAGES,
  USERNAME_MAX_LENGTH,
  USERNAME_PATTERN,
} from "./onboarding.ts";

// The zod schemas live apart from the rules and texts, so a page that only shows texts does not
// load zod (issue 19, first load).

export const usernameSchema = z
  .string({ error: ONBOARDING_MESSAGES.usernameRequired })
  .trim()
  .min(1, ONBOARDING_MESSAGES.usernameRequired)
  .max(USERNAME_MAX_LENGTH, ONBOARDING_MESSAGES.usernameTooLong)
  .regex(USERNAME_PATTERN, ONBOARDING_MESSAGES.usernameInvalid);

const socialLink = z
  .string()
  .trim()
  .max(SOCIAL_LINK_MAX_LENGTH, ACCOUNT_MESSAGES.socialLinkInvalid)
  .refine((value) => /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), ACCOUNT_MESSAGES.socialLinkInvalid);

/** updateCurrentUser(username, name, bio, socialLinks) (api-contract §12). */
export const profileUpdateSchema = z.object({
  username: usernameSchema,
  name: z
    .string()
    .trim()
    .max(DISPLAY_NAME_MAX_LENGTH, ONBOARDING_MESSAGES.nameTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
  bio: z
    .string()
    .trim()
    .max(BIO_MAX_LENGTH, ACCOUNT_MESSAGES.bioTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
  socialLinks: z
    .array(socialLink)
    .max(SOCIAL_LINKS_MAX, ACCOUNT_MESSAGES.socialLinksTooMany)
    .nullish()
    .transform((v) => (v ? v.filter(Boolean) : undefined)),
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
