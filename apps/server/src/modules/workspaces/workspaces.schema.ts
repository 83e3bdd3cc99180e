import { DASHBOARD_MESSAGES, isPrivacy, type Privacy } from "@boxyard/domain";
import { z } from "zod";

/** The input rules of the workspace commands, shared by their doors. */

/** The workspace acted on; checked against the actor's membership by the command. */
export const teamId = z.string("Name the workspace (teamId).");
const flag = (name: string) => z.boolean(`${name} must be true or false.`);
const authorization = z.enum(["ADMIN", "WRITE", "READ"], "The role is ADMIN, WRITE or READ.");

export const workspaceInput = z.object({ teamId });
export const createWorkspaceInput = z.object({ name: z.string("Name the workspace (name).") });
export const renameWorkspaceInput = z.object({ teamId, name: z.string("Name the workspace (name).") });
export const workspaceDescriptionInput = z.object({
  teamId,
  description: z.string("The description must be text."),
});
export const workspaceMetadataInput = z.object({
  teamId,
  useCases: z.array(z.string("Use cases are text."), "Name the use cases (useCases)."),
});

export const minimumPrivacyInput = z.object({
  teamId,
  minimumPrivacy: z
    .number(DASHBOARD_MESSAGES.privacyInvalid)
    .refine((v): v is Privacy => isPrivacy(v), DASHBOARD_MESSAGES.privacyInvalid)
    .transform((v) => v as Privacy),
  updateDrafts: flag("updateDrafts"),
});
export const defaultAuthorizationInput = z.object({ teamId, defaultAuthorization: authorization });
export const sandboxSettingsInput = z.object({
  teamId,
  preventSandboxLeaving: flag("preventSandboxLeaving"),
  preventSandboxExport: flag("preventSandboxExport"),
});
export const aiConsentInput = z.object({
  teamId,
  privateRepositories: flag("privateRepositories"),
  privateSandboxes: flag("privateSandboxes"),
  publicRepositories: flag("publicRepositories"),
  publicSandboxes: flag("publicSandboxes"),
});

const userId = z.string("Name the member (userId).");
const inviteAuthorization = authorization.nullish();

export const memberInput = z.object({ teamId, userId });
export const inviteTokenInput = z.object({
  inviteToken: z.string("Give the invite link's token (inviteToken)."),
});
export const inviteByUsernameInput = z.object({
  teamId,
  username: z.string("Name the user (username)."),
  authorization: inviteAuthorization,
});
export const inviteByEmailInput = z.object({
  teamId,
  email: z.string("Give the e-mail address (email)."),
  authorization: inviteAuthorization,
});
/** A known user's invitation (`userId`) or an e-mail invitation (`email`). */
export const revokeInvitationInput = z.union([
  z.object({ teamId, userId }),
  z.object({ teamId, email: z.string("Give the e-mail address (email).") }),
]);
export const memberAuthorizationsInput = z.object({
  teamId,
  memberAuthorizations: z.array(
    z.object({
      userId,
      authorization,
      /** Left out, the member keeps their billing-manager flag. */
      teamManager: z.boolean("teamManager must be true or false.").nullish(),
    }),
    "List the members' roles (memberAuthorizations).",
  ),
});

export const joinEligibleInput = z.object({ workspaceId: z.string("Name the workspace (workspaceId).") });
export const offerDomainInput = z.object({
  teamId,
  /** Null offers the workspace to nobody. */
  domain: z.string("The domain must be text.").nullish(),
});
/** Either an invite link's token or an offered workspace's id (the command says when it is neither or both). */
export const requestToJoinInput = z.object({
  inviteToken: z.string("The invite link's token is text.").nullish(),
  workspaceId: z.string("The workspace id is text.").nullish(),
});
export const acceptJoinRequestInput = z.object({ teamId, userId, authorization: inviteAuthorization });

/** A workspace's avatar: its id as the address has it (the command answers NOT_FOUND for one that cannot be an id). */
export const avatarTeamInput = z.object({ teamId: z.string("Name the workspace (teamId).") });
/** The uploaded bytes as the request body came (the command judges them: any content type may hold an image). */
export const avatarInput = z.object({ teamId: z.string("Name the workspace (teamId)."), bytes: z.unknown() });
