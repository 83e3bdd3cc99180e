import { describe, expect, it } from "vitest";
import {
  COMPANY_SIZE_OPTIONS,
  normalizeOnboarding,
  ONBOARDING_MESSAGES,
  ROLE_OPTIONS,
  USAGE_OPTIONS,
} from "./onboarding.ts";
import { onboardingSchema } from "./onboarding-schema.ts";

const valid = {
  id: "6f1c2c1e-6a7b-4f6c-9a86-1b2f3c4d5e6f",
  username: "ada",
  name: "Ada Lovelace",
  role: "fullstack",
  usage: "personal",
};

function issues(input: unknown) {
  const result = onboardingSchema.safeParse(input);
  if (result.success) return {};
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[issue.path.join(".")] ??= issue.message;
  return first;
}

describe("onboarding schema", () => {
  it("S1-9.017 S2-9.018 / lists the company size, role and usage options in the spec's order", () => {
    expect(COMPANY_SIZE_OPTIONS.map((o) => o.value)).toEqual([
      "1",
      "2-10",
      "10-50",
      "50-200",
      "200-500",
      "500-1000",
      "1000-5000",
      "5000-10000",
      "10000+",
    ]);
    expect(ROLE_OPTIONS.map((o) => o.value)).toEqual([
      "frontend",
      "backend",
      "fullstack",
      "lead-dev",
      "engineering-manager",
      "designer",
      "product-manager",
      "educator",
      "student",
      "other",
    ]);
    expect(USAGE_OPTIONS.map((o) => o.value)).toEqual(["work", "personal", "education"]);
  });

  it("S1-5.003 / accepts a complete personal form without company fields", () => {
    expect(onboardingSchema.safeParse(valid).success).toBe(true);
  });

  it("S1-5.003 / requires username, display name, role and usage", () => {
    const errors = issues({ id: valid.id, username: "  ", name: "" });
    expect(errors.username).toBe(ONBOARDING_MESSAGES.usernameRequired);
    expect(errors.name).toBe(ONBOARDING_MESSAGES.nameRequired);
    expect(errors.role).toBe(ONBOARDING_MESSAGES.roleRequired);
    expect(errors.usage).toBe(ONBOARDING_MESSAGES.usageRequired);
  });

  it("S1-5.003 / requires the company size when usage is work, company name stays optional", () => {
    expect(issues({ ...valid, usage: "work" }).companySize).toBe(ONBOARDING_MESSAGES.companySizeRequired);
    expect(onboardingSchema.safeParse({ ...valid, usage: "work", companySize: "10-50" }).success).toBe(true);
    expect(
      onboardingSchema.safeParse({ ...valid, usage: "work", companySize: "10-50", companyName: "Acme" })
        .success,
    ).toBe(true);
  });

  it("S1-5.003 / clears the company fields when usage is not work", () => {
    expect(
      normalizeOnboarding({ ...valid, usage: "education", companyName: "Acme", companySize: "1" }),
    ).toEqual({
      ...valid,
      usage: "education",
      companyName: null,
      companySize: null,
    });
    const work = { ...valid, usage: "work", companyName: "Acme", companySize: "1" };
    expect(normalizeOnboarding(work)).toBe(work);
  });

  it("S1-5.003 / trims the username and rejects invalid characters and over-long names", () => {
    const parsed = onboardingSchema.parse({ ...valid, username: "  ada_l-1  " });
    expect(parsed.username).toBe("ada_l-1");
    expect(issues({ ...valid, username: "-ada" }).username).toBe(ONBOARDING_MESSAGES.usernameInvalid);
    expect(issues({ ...valid, username: "a b" }).username).toBe(ONBOARDING_MESSAGES.usernameInvalid);
    expect(issues({ ...valid, username: "a".repeat(40) }).username).toBe(ONBOARDING_MESSAGES.usernameTooLong);
    expect(issues({ ...valid, name: "n".repeat(101) }).name).toBe(ONBOARDING_MESSAGES.nameTooLong);
  });

  it("S1-4.018 / requires the pending user's id to be a uuid", () => {
    expect(issues({ ...valid, id: "nope" }).id).toBeDefined();
  });

  it("S1-5.003 / rejects values outside the option lists", () => {
    expect(issues({ ...valid, role: "ceo" }).role).toBe(ONBOARDING_MESSAGES.roleRequired);
    expect(issues({ ...valid, usage: "work", companySize: "3" }).companySize).toBe(
      ONBOARDING_MESSAGES.companySizeRequired,
    );
  });
});
