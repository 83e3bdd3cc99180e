/** The words of the e-mail verification and password screens. */
export const PASSWORD_TEXTS = {
  forgotLink: "Forgot password?",
  forgotTitle: "Reset your password",
  forgotLead: "Enter the e-mail address of your account: we will send it a link to choose a new password.",
  forgotSent: (email: string) =>
    `If ${email} has an account, we sent it a link to choose a new password. The link works for an hour.`,
  resetTitle: "Choose a new password",
  resetDone: "Your password is changed, and you were signed out everywhere. Sign in with your new password.",
  resetNoToken: "This link has no reset token. Ask for a new link.",
  mismatch: "The two passwords differ.",
  tooShort: "The password needs at least 8 characters.",
  /** The rule, shown by the password field before anything fails. */
  rule: "At least 8 characters.",
  changeTitle: "Password",
  changed: "Password changed. Your other sessions were signed out.",
  signupNote: "We will e-mail you a link to verify your address.",
  signupSent: (email: string) => `We sent a link to ${email}. Open it to finish creating your account.`,
  signupResend: "Resend the link",
  signupResent: (email: string) => `We sent a new link to ${email}.`,
  signupOtherAddress: "Use another address",
  signupContinuing: "Continuing your sign-up",
  signupContinueTitle: "Create your account",
  sentAfterSignUp: (email: string) =>
    `Welcome! We sent a link to ${email}: follow it to verify your address.`,
  verifyTitle: "Verify your e-mail address",
  verifying: "Verifying your e-mail address",
  verified: (email: string) =>
    `${email} is verified. Invitations sent to this address are waiting for you in your notifications.`,
  bannerText: (email: string) =>
    `We sent a verification link to ${email}. Follow it to verify your address: until then, workspace invitations sent to it wait.`,
  resend: "Resend verification e-mail",
  resent: (email: string) => `We sent a new verification link to ${email}.`,
} as const;
