import { PRODUCT_NAME, sandboxInvitationVerb } from "@boxyard/domain";
import type { MailMessage } from "../../integrations/mail/mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** A short mail: one sentence, one link (the text part carries the link on its own line). */
function mail(to: string, subject: string, sentence: string, action: string, link: string): MailMessage {
  return {
    to,
    subject,
    text: `${sentence}\n\n${action}:\n${link}\n\n— ${PRODUCT_NAME}\n`,
    html: `<p>${escapeHtml(sentence)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>— ${PRODUCT_NAME}</p>`,
  };
}

/**
 * An invitation to a workspace. The link opens the workspace's page, where the invitation is
 * accepted or declined; someone without an account signs up with this address first.
 */
export function teamInviteMail(input: {
  to: string;
  publicUrl: string;
  teamId: string;
  teamName: string;
  inviterName: string;
}): MailMessage {
  const link = `${input.publicUrl}/workspace/${input.teamId}?${new URLSearchParams({ invite_email: input.to })}`;
  return mail(
    input.to,
    `${input.inviterName} invited you to join ${input.teamName} on ${PRODUCT_NAME}`,
    `${input.inviterName} invited you to join the workspace ${input.teamName} on ${PRODUCT_NAME}.`,
    "Open the invitation",
    link,
  );
}

/** A sandbox shared with someone: the link opens the sandbox. */
export function sandboxInvitationMail(input: {
  to: string;
  publicUrl: string;
  sandboxId: string;
  sandboxTitle: string;
  inviterName: string;
  authorization: string;
}): MailMessage {
  const verb = sandboxInvitationVerb(input.authorization);
  return mail(
    input.to,
    `${input.inviterName} invited you to ${verb} ${input.sandboxTitle}`,
    `${input.inviterName} shared the sandbox ${input.sandboxTitle} with you on ${PRODUCT_NAME}: you can ${verb} it.`,
    "Open the sandbox",
    `${input.publicUrl}/s/${encodeURIComponent(input.sandboxId)}`,
  );
}

/** The link that proves a local account's address (valid 24 hours, once). */
export function verifyEmailMail(input: { to: string; publicUrl: string; token: string }): MailMessage {
  return mail(
    input.to,
    `Verify your e-mail address for ${PRODUCT_NAME}`,
    `Follow this link within 24 hours to verify that ${input.to} is your address on ${PRODUCT_NAME}. If you did not create an account, ignore this e-mail.`,
    "Verify my e-mail address",
    `${input.publicUrl}/verify-email?${new URLSearchParams({ token: input.token })}`,
  );
}

/** A one-time link to choose a new password (valid one hour). */
export function passwordResetMail(input: { to: string; publicUrl: string; token: string }): MailMessage {
  return mail(
    input.to,
    `Reset your ${PRODUCT_NAME} password`,
    `Someone asked to reset the password of the ${PRODUCT_NAME} account of ${input.to}. Follow this link within an hour to choose a new one; if it was not you, ignore this e-mail and your password stays as it is.`,
    "Choose a new password",
    passwordResetLink(input.publicUrl, input.token),
  );
}

export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?${new URLSearchParams({ token })}`;
}

/** The one-time link that continues a local sign-up (valid 24 hours): it proves the address first. */
export function signUpLinkMail(input: { to: string; publicUrl: string; token: string }): MailMessage {
  return mail(
    input.to,
    `Finish creating your ${PRODUCT_NAME} account`,
    `Follow this link within 24 hours to finish creating your ${PRODUCT_NAME} account with ${input.to}. If you did not ask for an account, ignore this e-mail.`,
    "Finish creating my account",
    `${input.publicUrl}/signup/continue?${new URLSearchParams({ token: input.token })}`,
  );
}

/** Someone tried to sign up with an address that already has an account: its owner is told, not the visitor. */
export function existingAccountMail(input: { to: string; publicUrl: string }): MailMessage {
  return mail(
    input.to,
    `Someone tried to create a ${PRODUCT_NAME} account with your address`,
    `Someone tried to create a new ${PRODUCT_NAME} account with ${input.to}, which already has one. If it was you, sign in instead; if you forgot your password, reset it from the sign-in page. Otherwise, ignore this e-mail.`,
    "Sign in",
    `${input.publicUrl}/signin`,
  );
}

/** A password reset asked for an account that signs in with a provider only. */
export function noPasswordMail(input: { to: string; publicUrl: string; provider: string }): MailMessage {
  return mail(
    input.to,
    `About your ${PRODUCT_NAME} password`,
    `Someone asked to reset the password of the ${PRODUCT_NAME} account of ${input.to}, but that account has no password: it signs in with ${input.provider}.`,
    "Sign in",
    `${input.publicUrl}/signin`,
  );
}
