import { TEAM_MEMBER_AUTHORIZATIONS, TEAM_ROLE_LABELS, type TeamMemberAuthorization } from "@boxyard/domain";
import { type FormEvent, type Ref, useState } from "react";
import { getErrorMessage } from "../../api/errors.ts";
import { teamChanges } from "../../api/queries/workspace-mutations.ts";
import type { TeamInfo } from "../../api/queries/workspaces.ts";
import { Button } from "../../ui/Button.tsx";
import { Select } from "../../ui/Select.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { toast } from "../../ui/toastStore.ts";
import { parseInviteTarget } from "./inviteTarget.ts";
import { useTeamMutation } from "./useTeamMutation.ts";
import styles from "./WorkspaceSettings.module.css";

export const ROLE_OPTIONS = TEAM_MEMBER_AUTHORIZATIONS.map((value) => ({
  value,
  label: TEAM_ROLE_LABELS[value],
}));

/** Invites by username or e-mail address with a role; the server's refusals show under the field. */
export function InviteForm({
  team,
  initialValue,
  inputRef,
}: {
  team: TeamInfo;
  initialValue: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [value, setValue] = useState(initialValue);
  const [authorization, setAuthorization] = useState<TeamMemberAuthorization>(
    team.settings.defaultAuthorization,
  );
  const [error, setError] = useState<string | null>(null);
  const invite = useTeamMutation(team.id, teamChanges.invite, { quietFailure: true });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const target = parseInviteTarget(value);
    if (target.kind === "invalid") {
      setError(target.message);
      return;
    }
    const who = target.kind === "email" ? target.email : target.username;
    const whom = target.kind === "email" ? { email: target.email } : { username: target.username };
    invite.mutate(
      { teamId: team.id, authorization, ...whom },
      {
        onSuccess: () => {
          toast.success(`Invitation sent to ${who}.`);
          setValue("");
        },
        // The server's reason (unknown user, already a member, the plan's limit) belongs with the field.
        onError: (cause) => setError(getErrorMessage(cause)),
      },
    );
  }

  return (
    <form className={styles.inviteForm} onSubmit={onSubmit} noValidate aria-label="Invite members">
      <TextField
        ref={inputRef}
        label="Username or e-mail"
        name="invitee"
        placeholder="ada or ada@example.com"
        autoComplete="off"
        value={value}
        error={error ?? undefined}
        onChange={(event) => {
          setValue(event.target.value);
          if (error) setError(null);
        }}
      />
      <Select
        label="Role"
        value={authorization}
        options={ROLE_OPTIONS}
        onChange={(event) => setAuthorization(event.target.value as TeamMemberAuthorization)}
      />
      <Button type="submit" variant="primary" loading={invite.isPending}>
        Send invitation
      </Button>
    </form>
  );
}
