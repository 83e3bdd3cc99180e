import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { GraphQLRequestError, getErrorMessage } from "../../api/errors.ts";
import {
  type EligibleWorkspace,
  eligibleWorkspacesQuery,
  joinEligibleWorkspaceMutation,
  requestTeamInviteMutation,
} from "../../api/queries/workspace-access.ts";
import { Button } from "../../ui/Button.tsx";
import { readStorage, writeStorage } from "../session/storage.ts";
import { WorkspaceAvatar } from "../workspace/WorkspaceAvatar.tsx";
import styles from "./EligibleWorkspaceOffer.module.css";
import { useOpenJoinedWorkspace } from "./joinWorkspace.ts";

export const DISMISSED_OFFERS_KEY = "boxyard:dismissed-workspace-offers";

function dismissedOffers(): string[] {
  try {
    const parsed = JSON.parse(readStorage(DISMISSED_OFFERS_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The eligible-workspace offer (spec 2 §2.7, §4): a workspace offered to the user's verified e-mail
 * domain. Join sets it active, reloads the workspaces and opens its recent page; reject hides the
 * offer. A full workspace offers to ask its admins instead.
 */
export function EligibleWorkspaceOffer() {
  const offers = useQuery(eligibleWorkspacesQuery());
  const [dismissed, setDismissed] = useState(dismissedOffers);
  const offer = offers.data?.find((w) => !dismissed.includes(w.id));
  if (!offer) return null;
  const hide = () => {
    const next = [...dismissed, offer.id];
    writeStorage(DISMISSED_OFFERS_KEY, JSON.stringify(next));
    setDismissed(next);
  };
  return <Offer key={offer.id} offer={offer} onHide={hide} />;
}

function Offer({ offer, onHide }: { offer: EligibleWorkspace; onHide: () => void }) {
  const queryClient = useQueryClient();
  const openJoined = useOpenJoinedWorkspace();
  const join = useMutation(
    joinEligibleWorkspaceMutation(queryClient, () => offer.id, {
      onSuccess: () => openJoined(offer.id),
      onError: (error) => console.warn("Joining the offered workspace failed", error),
    }),
  );
  const ask = useMutation(
    requestTeamInviteMutation(() => ({ workspaceId: offer.id }), {
      onError: (error) => console.warn("Asking to join failed", error),
    }),
  );
  const refused =
    join.error instanceof GraphQLRequestError && join.error.errors[0]?.extensions?.code === "FORBIDDEN";

  return (
    <section className={styles.offer} aria-label={`Join ${offer.name}`}>
      <WorkspaceAvatar name={offer.name} avatarUrl={offer.avatarUrl} />
      <p className={styles.text}>
        {ask.isSuccess ? (
          <>
            Your request to join <strong>{offer.name}</strong> was sent. Its admins will let you in.
          </>
        ) : refused ? (
          <>{getErrorMessage(join.error)} You can ask its admins to let you in.</>
        ) : (
          <>
            Your colleagues work in <strong>{offer.name}</strong>. Join them?
          </>
        )}
        {(ask.isError || (join.isError && !refused)) && (
          <span className={styles.error} role="alert">
            {" "}
            {getErrorMessage(ask.error ?? join.error)}
          </span>
        )}
      </p>
      <div className={styles.actions}>
        {ask.isSuccess ? (
          <Button size="sm" onClick={onHide}>
            Close
          </Button>
        ) : (
          <>
            <Button size="sm" disabled={join.isPending || ask.isPending} onClick={onHide}>
              Reject
            </Button>
            {refused ? (
              <Button size="sm" variant="primary" loading={ask.isPending} onClick={() => ask.mutate()}>
                Request to join
              </Button>
            ) : (
              <Button size="sm" variant="primary" loading={join.isPending} onClick={() => join.mutate()}>
                Join
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
