/** Role options of the onboarding form (spec 1 §9), with the labels the form shows. */
export const ROLE_OPTIONS = [
  { value: "frontend", label: "Frontend developer" },
  { value: "backend", label: "Backend developer" },
  { value: "fullstack", label: "Full-stack developer" },
  { value: "lead-dev", label: "Lead developer" },
  { value: "engineering-manager", label: "Engineering manager" },
  { value: "designer", label: "Designer" },
  { value: "product-manager", label: "Product manager" },
  { value: "educator", label: "Educator" },
  { value: "student", label: "Student" },
  { value: "other", label: "Other" },
] as const;

/** Usage options of the onboarding form (spec 1 §9). */
export const USAGE_OPTIONS = [
  { value: "work", label: "For work" },
  { value: "personal", label: "For personal projects" },
  { value: "education", label: "For education" },
] as const;

/** Company size options of the onboarding form (spec 1 §9). */
export const COMPANY_SIZE_OPTIONS = [
  { value: "1", label: "1" },
  { value: "2-10", label: "2-10" },
  { value: "10-50", label: "10-50" },
  { value: "50-200", label: "50-200" },
  { value: "200-500", label: "200-500" },
  { value: "500-1000", label: "500-1000" },
  { value: "1000-5000", label: "1000-5000" },
  { value: "5000-10000", label: "5000-10000" },
  { value: "10000+", label: "10000+" },
] as const;

export type OnboardingRole = (typeof ROLE_OPTIONS)[number]["value"];
export type OnboardingUsage = (typeof USAGE_OPTIONS)[number]["value"];
export type CompanySize = (typeof COMPANY_SIZE_OPTIONS)[number]["value"];

const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((option) => option.value) as unknown as [T[number]["value"], ...T[number]["value"][]];

export const ROLE_VALUES = values(ROLE_OPTIONS);
export const USAGE_VALUES = values(USAGE_OPTIONS);
export const COMPANY_SIZE_VALUES = values(COMPANY_SIZE_OPTIONS);

/** Letters, digits, '-' and '_', starting with a letter or digit. */
export const USERNAME_PATTERN = /^[a-zA-Z0-9](?:[a-zA-Z0-9-_]*)$/;
export const USERNAME_MAX_LENGTH = 39;
export const DISPLAY_NAME_MAX_LENGTH = 100;

export const ONBOARDING_MESSAGES = {
  usernameRequired: "Please choose a username.",
  usernameTooLong: `Usernames can be at most ${USERNAME_MAX_LENGTH} characters.`,
  usernameInvalid:
    "Usernames may only contain letters, digits, '-' and '_', and must start with a letter or digit.",
  nameRequired: "Please enter your name.",
  nameTooLong: `Names can be at most ${DISPLAY_NAME_MAX_LENGTH} characters.`,
  roleRequired: "Please choose your role.",
  usageRequired: "Please tell us how you will use it.",
  companySizeRequired: "Please choose your company size.",
} as const;

/** Company fields are cleared when usage is not work (spec 1 §5). */
export function normalizeOnboarding<
  T extends { usage?: string | null; companyName?: string | null; companySize?: string | null },
>(form: T): T {
  if (form.usage === "work") return form;
  return { ...form, companyName: null, companySize: null };
}
