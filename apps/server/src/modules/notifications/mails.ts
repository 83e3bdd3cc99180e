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
