import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { myInvitationsQuery } from "../../api/queries/workspaces.ts";
import { getCurrentModal, openModal } from "../modals/modalStore.ts";

/**
 * Opens the team invite modal on the dashboard when an invitation to the user is pending, once per
 * invitation and visit (closing it without an answer keeps the invitation for later).
 */
export function PendingInvitationPrompt() {
  const invitations = useQuery({ ...myInvitationsQuery(), meta: { silent: true } });
  const shown = useRef(new Set<string>());
  // The invited workspace's own page shows its invitation in the page.
  const onPage = /^\/workspace\/([^/?#]+)/.exec(useLocation().pathname)?.[1];
  const next = invitations.data?.find(
    (invitation) => !shown.current.has(invitation.teamId) && invitation.teamId !== onPage,
  );

  // Synchronises with the modal store, outside React: only when no other modal is open.
  useEffect(() => {
    if (!next || getCurrentModal()?.open) return;
    shown.current.add(next.teamId);
    void openModal("teamInvite", next);
  }, [next]);
  return null;
}
