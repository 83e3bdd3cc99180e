import {
  isProWorkspace,
  TEAM_ROLE_LABELS,
  type TeamMemberAuthorization,
  WORKSPACE_MESSAGES,
} from "@boxyard/domain";
import { useState } from "react";
import { teamChanges } from "../../api/queries/workspace-mutations.ts";
import type { AiConsent, TeamInfo } from "../../api/queries/workspaces.ts";
import { openModal } from "../../features/modals/modalStore.ts";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { Select } from "../../ui/Select.tsx";
import type { MinimumPrivacyProps, MinimumPrivacyResult } from "./MinimumPrivacyModal.tsx";
import { useTeamMutation } from "./useTeamMutation.ts";
import styles from "./WorkspaceSettings.module.css";
import { PRIVACY_OPTIONS } from "./workspaceSettings.ts";

const AI_CONSENT_LABELS: [keyof AiConsent, string][] = [
  ["publicSandboxes", "Public sandboxes"],
  ["privateSandboxes", "Private sandboxes"],
  ["publicRepositories", "Public repositories"],
  ["privateRepositories", "Private repositories"],
];

export function PermissionsSection({ team, admin }: { team: TeamInfo; admin: boolean }) {
  const { features } = useSession();
  const pro = isProWorkspace(team.subscription?.status, features?.onPremise ?? false);
  return (
    <section id="permissions" className={styles.section} aria-labelledby="permissions-title">
      <div className={styles.sectionHeader}>
        <h2 id="permissions-title" className={styles.sectionTitle}>
          Permissions
        </h2>
      </div>
      <MinimumPrivacy team={team} admin={admin} />
      <hr className={styles.divider} />
      <DefaultAuthorization team={team} admin={admin} />
      <hr className={styles.divider} />
      <SandboxSettings team={team} admin={admin} pro={pro} />
      <hr className={styles.divider} />
      <AiConsentSettings team={team} admin={admin} />
    </section>
  );
}

function MinimumPrivacy({ team, admin }: { team: TeamInfo; admin: boolean }) {
  const [choice, setChoice] = useState(String(team.settings.minimumPrivacy));
  const save = useTeamMutation(team.id, teamChanges.minimumPrivacy, {
    failure: WORKSPACE_MESSAGES.settingsFailed,
    success: WORKSPACE_MESSAGES.minimumPrivacyUpdated,
  });
  const changed = choice !== String(team.settings.minimumPrivacy);
  return (
    <div className={styles.row}>
      <Select
        label="Minimum privacy"
        hint="Sandboxes and devboxes of this workspace are never less private than this."
        value={choice}
        disabled={!admin}
        options={PRIVACY_OPTIONS}
        onChange={(event) => setChoice(event.target.value)}
      />
      {admin && (
        <Button
          disabled={!changed}
          loading={save.isPending}
          onClick={async () => {
            const minimumPrivacy = Number(choice);
            const answer = await openModal<MinimumPrivacyResult>("minimumPrivacy", {
              teamName: team.name,
              minimumPrivacy,
            } satisfies MinimumPrivacyProps);
            if (answer) save.mutate({ teamId: team.id, minimumPrivacy, updateDrafts: answer.updateDrafts });
          }}
        >
          Save
        </Button>
      )}
    </div>
  );
}

function DefaultAuthorization({ team, admin }: { team: TeamInfo; admin: boolean }) {
  const save = useTeamMutation(team.id, teamChanges.defaultAuthorization, {
    failure: WORKSPACE_MESSAGES.settingsFailed,
  });
  return (
    <Select
      label="Role of new members"
      hint="The role of people who join with the invite link, and the role invitations start with."
      value={team.settings.defaultAuthorization}
      disabled={!admin}
      options={(["ADMIN", "WRITE", "READ"] as const).map((value) => ({
        value,
        label: TEAM_ROLE_LABELS[value],
      }))}
      onChange={(event) =>
        save.mutate({ teamId: team.id, defaultAuthorization: event.target.value as TeamMemberAuthorization })
      }
    />
  );
}

function SandboxSettings({ team, admin, pro }: { team: TeamInfo; admin: boolean; pro: boolean }) {
  const save = useTeamMutation(team.id, teamChanges.sandboxSettings, {
    failure: WORKSPACE_MESSAGES.settingsFailed,
  });
  const { preventSandboxLeaving, preventSandboxExport } = team.settings;
  const set = (next: { preventSandboxLeaving: boolean; preventSandboxExport: boolean }) =>
    save.mutate({ teamId: team.id, ...next });
  // A workspace that left Pro may still switch them off.
  const canSet = (on: boolean) => admin && (pro || on);
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, display: "flex", flexDirection: "column", gap: 12 }}>
      <legend className={styles.sectionTitle} style={{ fontSize: 13, marginBottom: 8 }}>
        Sandbox protection
      </legend>
      <div className={styles.checks}>
        <Checkbox
          label="Prevent leaving workspace"
          description="Sandboxes cannot be moved or forked into another workspace."
          checked={preventSandboxLeaving}
          disabled={!canSet(preventSandboxLeaving)}
          onChange={(event) => set({ preventSandboxLeaving: event.target.checked, preventSandboxExport })}
        />
        <Checkbox
          label="Prevent export as .zip"
          description="Sandboxes cannot be downloaded as a zip file."
          checked={preventSandboxExport}
          disabled={!canSet(preventSandboxExport)}
          onChange={(event) => set({ preventSandboxLeaving, preventSandboxExport: event.target.checked })}
        />
      </div>
      {!pro && <p className={styles.hint}>{WORKSPACE_MESSAGES.proOnlySandboxSettings}</p>}
    </fieldset>
  );
}

function AiConsentSettings({ team, admin }: { team: TeamInfo; admin: boolean }) {
  const save = useTeamMutation(team.id, teamChanges.aiConsent, {
    failure: WORKSPACE_MESSAGES.settingsFailed,
  });
  const consent = team.settings.aiConsent;
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, display: "flex", flexDirection: "column", gap: 12 }}>
      <legend className={styles.sectionTitle} style={{ fontSize: 13, marginBottom: 4 }}>
        AI features
      </legend>
      <p className={styles.hint}>Which of the workspace's code the AI features may read.</p>
      <div className={styles.checks}>
        {AI_CONSENT_LABELS.map(([key, label]) => (
          <Checkbox
            key={key}
            label={label}
            checked={consent[key]}
            disabled={!admin}
            onChange={(event) => save.mutate({ teamId: team.id, ...consent, [key]: event.target.checked })}
          />
        ))}
      </div>
    </fieldset>
  );
}
