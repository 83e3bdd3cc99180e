import { TEAM_ROLE_LABELS, type TeamMemberAuthorization, WORKSPACE_MESSAGES } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Ref, useState } from "react";
import { useNavigate } from "react-router";
import { getErrorMessage } from "../../api/errors.ts";
import { leaveWorkspaceMutation, teamChanges } from "../../api/queries/workspace-mutations.ts";
import type { TeamInfo } from "../../api/queries/workspaces.ts";
import { confirm } from "../../features/modals/confirm.ts";
import { getStoredWorkspaceId, setStoredWorkspaceId } from "../../features/session/storage.ts";
import { Avatar } from "../../ui/Avatar.tsx";
import { Button } from "../../ui/Button.tsx";
import field from "../../ui/Field.module.css";
import { AlertIcon, CopyIcon } from "../../ui/Icon.tsx";
import { toast } from "../../ui/toastStore.ts";
import { InviteForm, ROLE_OPTIONS } from "./InviteForm.tsx";
import { useTeamMutation } from "./useTeamMutation.ts";
import styles from "./WorkspaceSettings.module.css";
import { inviteLink, type MemberRow, memberRows, seatsUsed } from "./workspaceSettings.ts";

type Props = {
  team: TeamInfo;
  admin: boolean;
  viewerId: string | undefined;
  inviteEmail: string;
  inviteInputRef?: Ref<HTMLInputElement>;
};

export function MembersSection({ team, admin, viewerId, inviteEmail, inviteInputRef }: Props) {
  const members = memberRows(team, viewerId);
  const personal = team.type === "PERSONAL";
  const seats = seatsUsed(team);
  return (
    <section id="members" className={styles.section} aria-labelledby="members-title">
      <div className={styles.sectionHeader}>
        <h2 id="members-title" className={styles.sectionTitle}>
          Members
        </h2>
        {!personal && (
          <span className={styles.hint}>
            {seats} of {team.limits.includedMembers} seats used, pending invitations included
          </span>
        )}
      </div>
      {personal ? (
        <p className={styles.hint}>{WORKSPACE_MESSAGES.personalNoMembers}</p>
      ) : (
        admin &&
        (team.frozen ? (
          <p className={styles.notice}>
            <AlertIcon size={14} />
            This workspace is frozen: invitations can be sent again once it is unfrozen.
          </p>
        ) : (
          <>
            <InviteForm team={team} initialValue={inviteEmail} inputRef={inviteInputRef} />
            {team.inviteToken && <InviteLinkField team={team} inviteToken={team.inviteToken} />}
          </>
        ))
      )}
      <ul className={styles.list} aria-label="Workspace members">
        {members.map((member) => (
          <MemberItem key={member.id} team={team} member={member} admin={admin} />
        ))}
      </ul>
      <PendingInvitations team={team} admin={admin} />
      {!personal && <LeaveWorkspace team={team} />}
    </section>
  );
}

/** The admins' invite link (the server answers it to admins only), to copy or to reset. */
function InviteLinkField({ team, inviteToken }: { team: TeamInfo; inviteToken: string }) {
  const link = inviteLink(window.location.origin, inviteToken);
  const reset = useTeamMutation(team.id, teamChanges.resetInviteLink, {
    success: "Invite link reset. The old link no longer works.",
  });
  return (
    <div className={field.field}>
      <label className={field.label} htmlFor="invite-link">
        Invite link
      </label>
      <div className={styles.linkRow}>
        <input
          id="invite-link"
          className={field.control}
          value={link}
          readOnly
          onFocus={(e) => e.target.select()}
        />
        <Button
          icon={<CopyIcon size={14} />}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(link);
              toast.success("Invite link copied.");
            } catch {
              toast.error("Could not copy the link. Select it and copy it by hand.");
            }
          }}
        >
          Copy
        </Button>
        <Button
          variant="ghost"
          loading={reset.isPending}
          onClick={async () => {
            const sure = await confirm({
              title: "Reset invite link",
              message:
                "Make a new invite link? The current one stops working: anyone who has it can no longer join with it.",
              confirmLabel: "Reset invite link",
              danger: true,
            });
            if (sure) reset.mutate(team.id);
          }}
        >
          Reset invite link
        </Button>
      </div>
      <p className={field.hint}>
        Anyone with this link can join as {TEAM_ROLE_LABELS[team.settings.defaultAuthorization].toLowerCase()}
        .
      </p>
    </div>
  );
}

function MemberItem({ team, member, admin }: { team: TeamInfo; member: MemberRow; admin: boolean }) {
  const change = useTeamMutation(team.id, teamChanges.memberAuthorization);
  const remove = useTeamMutation(team.id, teamChanges.removeMember, {
    success: `${member.name ?? member.username} was removed from the workspace.`,
  });
  const label = member.name ?? member.username;
  const editable = admin && team.type === "TEAM";
  return (
    <li className={styles.member}>
      <Avatar name={label} src={member.avatarUrl} size={32} />
      <div className={styles.who}>
        <span className={styles.name}>
          {label}
          {member.isViewer && <span className={styles.badge}>You</span>}
        </span>
        <span className={styles.muted}>@{member.username}</span>
      </div>
      {editable ? (
        <div className={styles.memberControls}>
          <label className={field.checkbox} title="Billing managers manage the plan and payment details">
            <input
              type="checkbox"
              checked={member.authorization === "ADMIN" || member.teamManager}
              disabled={member.authorization === "ADMIN"}
              onChange={(event) =>
                change.mutate({
                  teamId: team.id,
                  userId: member.id,
                  authorization: member.authorization,
                  teamManager: event.target.checked,
                })
              }
            />
            <span className={styles.hint}>Billing manager</span>
          </label>
          <select
            className={`${field.control} ${field.select} ${styles.roleSelect}`}
            aria-label={`Role of ${label}`}
            value={member.authorization}
            onChange={(event) =>
              change.mutate({
                teamId: team.id,
                userId: member.id,
                authorization: event.target.value as TeamMemberAuthorization,
                teamManager: member.teamManager,
              })
            }
          >
            {ROLE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {member.isViewer ? (
            <span style={{ width: 72 }} />
          ) : (
            <Button
              size="sm"
              variant="ghost"
              loading={remove.isPending}
              aria-label={`Remove ${label}`}
              onClick={async () => {
                const sure = await confirm({
                  title: "Remove member",
                  message: `Remove ${label} from ${team.name}? They lose access to its sandboxes and devboxes.`,
                  confirmLabel: "Remove",
                  danger: true,
                });
                if (sure) remove.mutate({ teamId: team.id, userId: member.id });
              }}
            >
              Remove
            </Button>
          )}
        </div>
      ) : (
        <span className={styles.role}>
          {TEAM_ROLE_LABELS[member.authorization]}
          {member.teamManager && member.authorization !== "ADMIN" ? ", billing manager" : ""}
        </span>
      )}
    </li>
  );
}

function PendingInvitations({ team, admin }: { team: TeamInfo; admin: boolean }) {
  const revoke = useTeamMutation(team.id, teamChanges.revokeInvitation, {
    success: "Invitation revoked.",
  });
  // Admins see every invitation (e-mail ones too); other members the invited users.
  const rows = admin
    ? team.invitations.map((i) => ({
        key: i.id,
        label: i.username ? `@${i.username}` : (i.email ?? ""),
        detail: i.username ? (i.email ?? "") : (i.note ?? "Not signed up yet"),
        role: TEAM_ROLE_LABELS[i.authorization],
        target: i.userId ? { userId: i.userId } : { email: i.email ?? "" },
      }))
    : team.invitees.map((u) => ({
        key: u.id,
        label: `@${u.username}`,
        detail: u.name ?? "",
        role: "",
        target: null,
      }));
  if (rows.length === 0) return null;
  return (
    <>
      <h3 className={styles.hint}>Pending invitations</h3>
      <ul className={styles.list} aria-label="Pending invitations">
        {rows.map((row) => (
          <li key={row.key} className={styles.member}>
            <Avatar name={row.label.replace(/^@/, "")} size={32} />
            <div className={styles.who}>
              <span className={styles.name}>{row.label}</span>
              <span className={styles.muted}>{row.detail}</span>
            </div>
            {row.role && <span className={styles.role}>{row.role}</span>}
            {admin && row.target && (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Revoke the invitation of ${row.label}`}
                onClick={() => row.target && revoke.mutate({ teamId: team.id, ...row.target })}
              >
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function LeaveWorkspace({ team }: { team: TeamInfo }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const leave = useMutation(
    leaveWorkspaceMutation(queryClient, {
      onSuccess: () => {
        if (getStoredWorkspaceId() === team.id) setStoredWorkspaceId(null);
        toast.success(`You left ${team.name}.`);
        navigate("/dashboard", { replace: true });
      },
      onError: (error) => setProblem(getErrorMessage(error)),
    }),
  );
  return (
    <div className={styles.danger}>
      <div>
        <h3>Leave workspace</h3>
        <p className={styles.hint}>
          {problem ?? "You lose access to its sandboxes, devboxes and repositories."}
        </p>
      </div>
      <Button
        variant="danger"
        loading={leave.isPending}
        onClick={async () => {
          setProblem(null);
          const sure = await confirm({
            title: "Leave workspace",
            message: `Leave ${team.name}? You need a new invitation to come back.`,
            confirmLabel: "Leave workspace",
            danger: true,
          });
          if (sure) leave.mutate(team.id);
        }}
      >
        Leave workspace
      </Button>
    </div>
  );
}
