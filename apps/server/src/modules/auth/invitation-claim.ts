/**
 * What the admins of a workspace are told about a pending e-mail invitation: it goes only to
 * someone who proves the address, and without SMTP a local account cannot prove it.
 */
export const INVITATION_NOTES = {
  needsVerifiedAddress:
    "Waiting for the invitee: it is accepted once they sign in with this address verified (by the link in the e-mail they get at sign-up, or by their sign-in provider), or through the invite link.",
  noMail:
    "This installation sends no e-mail: the invitee is not told, and an account made with a password cannot verify this address. Send them the invite link instead (an account whose sign-in provider verified this address can accept it too).",
} as const;

/** The note for an invitation; null for one to a known user, who accepts it from their notifications. */
export function invitationNote(
  invitation: { userId: string | null },
  mailConfigured: boolean,
): string | null {
  if (invitation.userId) return null;
  return mailConfigured ? INVITATION_NOTES.needsVerifiedAddress : INVITATION_NOTES.noMail;
}
