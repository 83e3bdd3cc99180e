import { rejectedInvitationMessage, TEAM_ROLE_LABELS } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { acceptInvitationMutation, rejectInvitationMutation } from "../../api/queries/workspace-mutations.ts";
import type { InvitationToMe } from "../../api/queries/workspaces.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { toast } from "../../ui/toastStore.ts";
import type { ModalComponentProps } from "../modals/types.ts";
import { WorkspaceAvatar } from "../workspace/WorkspaceAvatar.tsx";
import { useOpenJoinedWorkspace } from "./joinWorkspace.ts";

/**
 * The team invite modal (spec 2 §2.1 'teamInvite', width 400; §2.7, §4): Accept joins the workspace
 * and opens its recent page; Decline removes the invitation and says so.
 */
export function TeamInviteModal({
  open,
  props,
  close,
}: ModalComponentProps<InvitationToMe, "accepted" | "declined">) {
  const queryClient = useQueryClient();
  const openJoined = useOpenJoinedWorkspace();
  const accept = useMutation(
    acceptInvitationMutation(queryClient, {
      onSuccess: () => {
        close("accepted");
        openJoined(props.teamId);
      },
    }),
  );
  const decline = useMutation(
    rejectInvitationMutation(queryClient, {
      onSuccess: () => {
        toast.success(rejectedInvitationMessage(props.teamName));
        close("declined");
      },
    }),
  );
  const busy = accept.isPending || decline.isPending;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Workspace invitation"
      width={400}
      footer={
        <>
          <Button disabled={busy} loading={decline.isPending} onClick={() => decline.mutate(props.teamId)}>
            Decline
          </Button>
          <Button
            variant="primary"
            disabled={busy}
            loading={accept.isPending}
            onClick={() => accept.mutate(props.teamId)}
          >
            Accept
          </Button>
        </>
      }
    >
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          gap: 12,
          textAlign: "center",
        }}
      >
        <WorkspaceAvatar name={props.teamName} avatarUrl={props.teamAvatarUrl} size="bigger" />
        <p>
          {props.inviterName ? <strong>{props.inviterName}</strong> : "Someone"} invited you to join{" "}
          <strong>{props.teamName}</strong>
          {` as ${TEAM_ROLE_LABELS[props.authorization].toLowerCase()}.`}
        </p>
      </div>
    </Modal>
  );
}
