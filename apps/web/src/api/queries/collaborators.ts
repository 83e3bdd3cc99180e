import type { ShareAuthorization } from "@boxyard/domain";
import { queryOptions } from "@tanstack/react-query";
import { graphql } from "../graphql.ts";

export type Collaborator = {
  userId: string;
  username: string;
  name: string | null;
  avatarUrl: string | null;
  authorization: ShareAuthorization;
};

export const collaboratorKeys = {
  sandbox: (sandboxId: string) => ["sandbox-collaborators", sandboxId] as const,
};

const COLLABORATORS = "collaborators { userId username name avatarUrl authorization }";

type SandboxCollaborators = { sandbox: { id: string; collaborators: Collaborator[] | null } | null };

/** The people a sandbox is shared with; null when the viewer may not manage them (no Share button). */
export const sandboxCollaboratorsQuery = (sandboxId: string) =>
  queryOptions({
    queryKey: collaboratorKeys.sandbox(sandboxId),
    queryFn: async ({ signal }) => {
      const data = await graphql<SandboxCollaborators, { id: string }>(
        "SandboxCollaborators",
        `query SandboxCollaborators($id: ID!) { sandbox(sandboxId: $id) { id ${COLLABORATORS} } }`,
        { id: sandboxId },
        signal,
      );
      return data.sandbox?.collaborators ?? null;
    },
    meta: { silent: true },
  });

type ShareResult = { id: string; collaborators: Collaborator[] | null };

export async function shareSandbox(vars: {
  sandboxId: string;
  usernameOrEmail: string;
  authorization: ShareAuthorization;
}) {
  const data = await graphql<{ shareSandbox: ShareResult }, typeof vars>(
    "ShareSandbox",
    `mutation ShareSandbox($sandboxId: ID!, $usernameOrEmail: String!, $authorization: SandboxAuthorization!) {
      shareSandbox(sandboxId: $sandboxId, usernameOrEmail: $usernameOrEmail, authorization: $authorization) { id ${COLLABORATORS} } }`,
    vars,
  );
  return data.shareSandbox.collaborators ?? [];
}

export async function updateSandboxCollaborator(vars: {
  sandboxId: string;
  userId: string;
  authorization: ShareAuthorization;
}) {
  const data = await graphql<{ updateSandboxCollaborator: ShareResult }, typeof vars>(
    "UpdateSandboxCollaborator",
    `mutation UpdateSandboxCollaborator($sandboxId: ID!, $userId: UUID4!, $authorization: SandboxAuthorization!) {
      updateSandboxCollaborator(sandboxId: $sandboxId, userId: $userId, authorization: $authorization) { id ${COLLABORATORS} } }`,
    vars,
  );
  return data.updateSandboxCollaborator.collaborators ?? [];
}

export async function removeSandboxCollaborator(vars: { sandboxId: string; userId: string }) {
  const data = await graphql<{ removeSandboxCollaborator: ShareResult }, typeof vars>(
    "RemoveSandboxCollaborator",
    `mutation RemoveSandboxCollaborator($sandboxId: ID!, $userId: UUID4!) {
      removeSandboxCollaborator(sandboxId: $sandboxId, userId: $userId) { id ${COLLABORATORS} } }`,
    vars,
  );
  return data.removeSandboxCollaborator.collaborators ?? [];
}
