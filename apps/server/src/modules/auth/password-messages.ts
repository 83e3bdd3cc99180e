/** What the password commands answer when they refuse (the spec's words). */
export const PASSWORD_MESSAGES = {
  resetLinkInvalid: "This password reset link is invalid, has expired or was already used.",
  wrongCurrent: "The current password is not right.",
  noPassword: "Your account signs in with a provider: it has no password to change.",
  tooShort: "The password needs at least 8 characters.",
} as const;
