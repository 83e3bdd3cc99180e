import { rejectedInvitationMessage, TEAM_ROLE_LABELS } from "@boxyard/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { getErrorMessage } from "../../api/errors.ts";
import { acceptInvitationMutation, rejectInvitationMutation } from "../../api/queries/workspace-mutations.ts";
import { myInvitationsQuery } from "../../api/queries/workspaces.ts";
import { useOpenJoinedWorkspace } from "../../features/team-invite/joinWorkspace.ts";
import { WorkspaceAvatar } from "../../features/workspace/WorkspaceAvatar.tsx";
import { Button } from "../../ui/Button.tsx";
import { toast } from "../../ui/toastStore.ts";

/**
 * The workspace overview of a workspace the viewer is invited to but not yet in (where an
 * invitation's notification and e-mail lead): the invitation, with Accept and Decline. Null when
 * there is no such invitation.
 */
export function InvitationToWorkspace({ teamId }: { teamId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const openJoined = useOpenJoinedWorkspace();
  const invitations = useQuery({ ...myInvitationsQuery(), staleTime: 0, meta: { silent: true } });
  const invitation = invitations.data?.find((i) => i.teamId === teamId);
  const accept = useMutation(
    acceptInvitationMutation(queryClient, { meta: { silent: true }, onSuccess: () => openJoined(teamId) }),
  );
  const decline = useMutation(
    rejectInvitationMutation(queryClient, {
      meta: { silent: true },
      onSuccess: () => {
        if (invitation) toast.success(rejectedInvitationMessage(invitation.teamName));
        navigate("/dashboard");
      },
    }),
  );
  if (!invitation) return null;
  const error = accept.error ?? decline.error;
  return (
    <div
      style={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 12, textAlign: "center" }}
    >
      <WorkspaceAvatar name={invitation.teamName} avatarUrl={invitation.teamAvatarUrl} size="bigger" />
      <h2 style={{ fontSize: 20, margin: 0 }}>Join {invitation.teamName}</h2>
      <p style={{ margin: 0 }}>
        {invitation.inviterName ? <strong>{invitation.inviterName}</strong> : "Someone"} invited you to join{" "}
        <strong>{invitation.teamName}</strong>
        {` as ${TEAM_ROLE_LABELS[invitation.authorization].toLowerCase()}.`}
      </p>
      {error && (
        <p role="alert" style={{ color: "var(--color-danger)", margin: 0 }}>
          {getErrorMessage(error)}
        </p>
      )}
      <div style={{ display: "flex", gap: 8 }}>
        <Button
          disabled={accept.isPending}
          loading={decline.isPending}
          onClick={() => decline.mutate(teamId)}
        >
          Decline
        </Button>
        <Button
          variant="primary"
          disabled={decline.isPending}
          loading={accept.isPending}
          onClick={() => accept.mutate(teamId)}
        >
          Accept
        </Button>
      </div>
    </div>
  );
}
