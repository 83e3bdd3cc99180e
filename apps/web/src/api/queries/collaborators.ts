import type { ShareAuthorization } from "@boxyard/domain";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { graphql, type ResultOf, request } from "../graphql.ts";
import { cacheMutation, type UiCallbacks } from "../mutation-options.ts";

/** Someone a sandbox is shared with. */
export type Collaborator = ResultOf<typeof SANDBOX_COLLABORATOR>;

export const collaboratorKeys = {
  sandbox: (sandboxId: string) => ["sandbox-collaborators", sandboxId] as const,
};

export const SANDBOX_COLLABORATOR = graphql(
  `fragment SandboxCollaborator on SandboxCollaborator { userId username name avatarUrl authorization }`,
);

export const SANDBOX_COLLABORATORS = graphql(
  `query SandboxCollaborators($id: ID!) { sandbox(sandboxId: $id) { id collaborators { ...SandboxCollaborator } } }`,
  [SANDBOX_COLLABORATOR],
);

/** The people a sandbox is shared with; null when the viewer may not manage them (no Share button). */
export const sandboxCollaboratorsQuery = (sandboxId: string) =>
  queryOptions({
    queryKey: collaboratorKeys.sandbox(sandboxId),
    queryFn: async ({ signal }) => {
      const data = await request(SANDBOX_COLLABORATORS, { id: sandboxId }, signal);
      return data.sandbox?.collaborators ?? null;
    },
    meta: { silent: true },
  });

export const SHARE_SANDBOX = graphql(
  `mutation ShareSandbox($sandboxId: ID!, $usernameOrEmail: String!, $authorization: SandboxAuthorization!) {
      shareSandbox(sandboxId: $sandboxId, usernameOrEmail: $usernameOrEmail, authorization: $authorization) { id collaborators { ...SandboxCollaborator } } }`,
  [SANDBOX_COLLABORATOR],
);

export async function shareSandbox(vars: {
  sandboxId: string;
  usernameOrEmail: string;
  authorization: ShareAuthorization;
}) {
  const data = await request(SHARE_SANDBOX, vars);
  return data.shareSandbox.collaborators ?? [];
}

export const UPDATE_SANDBOX_COLLABORATOR = graphql(
  `mutation UpdateSandboxCollaborator($sandboxId: ID!, $userId: UUID4!, $authorization: SandboxAuthorization!) {
      updateSandboxCollaborator(sandboxId: $sandboxId, userId: $userId, authorization: $authorization) { id collaborators { ...SandboxCollaborator } } }`,
  [SANDBOX_COLLABORATOR],
);

export async function updateSandboxCollaborator(vars: {
  sandboxId: string;
  userId: string;
  authorization: ShareAuthorization;
}) {
  const data = await request(UPDATE_SANDBOX_COLLABORATOR, vars);
  return data.updateSandboxCollaborator.collaborators ?? [];
}

export const REMOVE_SANDBOX_COLLABORATOR = graphql(
  `mutation RemoveSandboxCollaborator($sandboxId: ID!, $userId: UUID4!) {
      removeSandboxCollaborator(sandboxId: $sandboxId, userId: $userId) { id collaborators { ...SandboxCollaborator } } }`,
  [SANDBOX_COLLABORATOR],
);

export async function removeSandboxCollaborator(vars: { sandboxId: string; userId: string }) {
  const data = await request(REMOVE_SANDBOX_COLLABORATOR, vars);
  return data.removeSandboxCollaborator.collaborators ?? [];
}

/* ---------------------------------------------------------------------------------------------
 * Mutation options: each change answers the sandbox's collaborators, which replace the cached list
 * ------------------------------------------------------------------------------------------- */

const collaboratorsChange =
  <V extends { sandboxId: string }>(change: (variables: V) => Promise<Collaborator[]>) =>
  (queryClient: QueryClient, ui?: UiCallbacks<Collaborator[], V>) =>
    cacheMutation(
      queryClient,
      change,
      {
        update: (list, { sandboxId }) => queryClient.setQueryData(collaboratorKeys.sandbox(sandboxId), list),
      },
      ui,
    );

export const shareSandboxMutation = collaboratorsChange(shareSandbox);
export const updateSandboxCollaboratorMutation = collaboratorsChange(updateSandboxCollaborator);
export const removeSandboxCollaboratorMutation = collaboratorsChange(removeSandboxCollaborator);
