import { TEAM_ROLE_LABELS } from "@boxyard/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getErrorMessage } from "../../api/errors.ts";
import {
  acceptJoinRequest,
  accessChangeMutation,
  type JoinRequest,
  rejectJoinRequest,
  setTeamOfferDomain,
  teamAccessQuery,
} from "../../api/queries/workspace-access.ts";
import type { TeamInfo } from "../../api/queries/workspaces.ts";
import { Avatar } from "../../ui/Avatar.tsx";
import { Button } from "../../ui/Button.tsx";
import field from "../../ui/Field.module.css";
import { toast } from "../../ui/toastStore.ts";
import styles from "./WorkspaceSettings.module.css";

/**
 * Joining otherwise than by invitation, for the workspace's admins: the people who asked to join
 * (accept or decline), and the offer of the workspace to colleagues with a verified e-mail at the
 * admin's company domain (off until an admin turns it on).
 */
export function JoiningSection({ team, admin }: { team: TeamInfo; admin: boolean }) {
  const access = useQuery({ ...teamAccessQuery(team.id), enabled: admin && team.type === "TEAM" });
  if (!admin || team.type !== "TEAM") return null;
  return (
    <section id="joining" className={styles.section} aria-labelledby="joining-title">
      <div className={styles.sectionHeader}>
        <h2 id="joining-title" className={styles.sectionTitle}>
          Joining
        </h2>
      </div>
      {access.isError ? (
        <p className={styles.hint} role="alert">
          {getErrorMessage(access.error)}
        </p>
      ) : access.data ? (
        <>
          <JoinRequests team={team} requests={access.data.joinRequests} />
          <DomainOffer
            team={team}
            offerDomain={access.data.offerDomain}
            domains={access.data.verifiedEmailDomains}
          />
        </>
      ) : (
        <p className={styles.hint}>Loading…</p>
      )}
    </section>
  );
}

function useAccessChange<V>(
  team: TeamInfo,
  change: (vars: V) => Promise<unknown>,
  success: (vars: V) => string,
) {
  const queryClient = useQueryClient();
  return useMutation(
    accessChangeMutation(queryClient, team.id, change, {
      meta: { silent: true },
      onSuccess: (_data, vars) => toast.success(success(vars)),
      onError: (error) => toast.error(getErrorMessage(error)),
    }),
  );
}

function JoinRequests({ team, requests }: { team: TeamInfo; requests: JoinRequest[] }) {
  const accept = useAccessChange(team, acceptJoinRequest, () => "Request accepted: welcome them aboard.");
  const decline = useAccessChange(team, rejectJoinRequest, () => "Request declined.");
  if (requests.length === 0) {
    return <p className={styles.hint}>Nobody is waiting to join. People who ask to join show here.</p>;
  }
  return (
    <>
      <h3 className={styles.hint}>Requests to join</h3>
      <ul className={styles.list} aria-label="Requests to join">
        {requests.map((request) => {
          const label = request.name || request.username;
          return (
            <li key={request.userId} className={styles.member}>
              <Avatar name={label} src={request.avatarUrl} size={32} />
              <div className={styles.who}>
                <span className={styles.name}>{label}</span>
                <span className={styles.muted}>{request.email}</span>
              </div>
              <div className={styles.memberControls}>
                <Button
                  size="sm"
                  aria-label={`Decline the request of ${label}`}
                  disabled={accept.isPending || decline.isPending}
                  onClick={() => decline.mutate({ teamId: team.id, userId: request.userId })}
                >
                  Decline
                </Button>
                <Button
                  size="sm"
                  variant="primary"
                  aria-label={`Accept the request of ${label}`}
                  disabled={accept.isPending || decline.isPending}
                  onClick={() => accept.mutate({ teamId: team.id, userId: request.userId })}
                >
                  Accept
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function DomainOffer({
  team,
  offerDomain,
  domains,
}: {
  team: TeamInfo;
  offerDomain: string | null;
  domains: string[];
}) {
  const change = useAccessChange(team, setTeamOfferDomain, ({ domain }) =>
    domain ? `${team.name} is offered to people at ${domain}.` : `${team.name} is no longer offered.`,
  );
  const choices = [...new Set([...(offerDomain ? [offerDomain] : []), ...domains])];
  if (choices.length === 0) {
    return (
      <p className={styles.hint}>
        To offer this workspace to your colleagues, sign in with your work e-mail through GitHub, Google,
        Apple or single sign-on: the domain of an address they verified can be offered.
      </p>
    );
  }
  return (
    <div className={field.field}>
      {choices.map((domain) => (
        <label key={domain} className={field.checkbox}>
          <input
            type="checkbox"
            checked={offerDomain === domain}
            disabled={change.isPending}
            onChange={(event) =>
              change.mutate({ teamId: team.id, domain: event.target.checked ? domain : null })
            }
          />
          <span>
            Offer this workspace to people with a verified @{domain} e-mail address
            <span className={styles.hint} style={{ display: "block" }}>
              They join as {TEAM_ROLE_LABELS[team.settings.defaultAuthorization].toLowerCase()} without an
              invitation.
            </span>
          </span>
        </label>
      ))}
    </div>
  );
}
