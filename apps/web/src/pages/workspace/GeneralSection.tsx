import {
  WORKSPACE_DESCRIPTION_MAX_LENGTH,
  WORKSPACE_MESSAGES,
  WORKSPACE_NAME_MAX_LENGTH,
} from "@boxyard/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { deleteWorkspaceMutation, teamChanges } from "../../api/queries/workspace-mutations.ts";
import type { TeamInfo } from "../../api/queries/workspaces.ts";
import { allTeamsQuery } from "../../api/queries/workspaces.ts";
import { confirm } from "../../features/modals/confirm.ts";
import { getStoredWorkspaceId, setStoredWorkspaceId } from "../../features/session/storage.ts";
import { Button } from "../../ui/Button.tsx";
import field from "../../ui/Field.module.css";
import { FieldShell, TextField } from "../../ui/TextField.tsx";
import { toast } from "../../ui/toastStore.ts";
import { validateWorkspaceName } from "../create-workspace/CreateWorkspacePage.tsx";
import { AvatarEditor } from "./AvatarEditor.tsx";
import { useTeamMutation } from "./useTeamMutation.ts";
import styles from "./WorkspaceSettings.module.css";

export function GeneralSection({ team, admin }: { team: TeamInfo; admin: boolean }) {
  return (
    <section id="general" className={styles.section} aria-labelledby="general-title">
      <div className={styles.sectionHeader}>
        <h2 id="general-title" className={styles.sectionTitle}>
          General
        </h2>
      </div>
      <AvatarEditor team={team} editable={admin} />
      <NameForm team={team} editable={admin} />
      <DescriptionForm team={team} editable={admin} />
      {admin && <DeleteWorkspace team={team} />}
    </section>
  );
}

function NameForm({ team, editable }: { team: TeamInfo; editable: boolean }) {
  const teams = useQuery({ ...allTeamsQuery(), meta: { silent: true } });
  const [name, setName] = useState(team.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useTeamMutation(team.id, teamChanges.name, {
    failure: WORKSPACE_MESSAGES.renameFailed,
    success: "Workspace renamed.",
  });
  const others = (teams.data?.me?.workspaces ?? []).filter((w) => w.id !== team.id);
  const changed = name.trim() !== team.name;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validateWorkspaceName(name, others);
    setError(problem);
    if (!problem && changed) rename.mutate({ teamId: team.id, name: name.trim() });
  }

  return (
    <form className={styles.row} onSubmit={onSubmit} noValidate>
      <TextField
        label="Workspace name"
        value={name}
        disabled={!editable}
        maxLength={WORKSPACE_NAME_MAX_LENGTH}
        error={error ?? undefined}
        onChange={(event) => {
          setName(event.target.value);
          if (error) setError(null);
        }}
      />
      {editable && (
        <Button type="submit" loading={rename.isPending} disabled={!changed}>
          Save
        </Button>
      )}
    </form>
  );
}

function DescriptionForm({ team, editable }: { team: TeamInfo; editable: boolean }) {
  const id = useId();
  const [description, setDescription] = useState(team.description ?? "");
  const save = useTeamMutation(team.id, teamChanges.description, {
    failure: WORKSPACE_MESSAGES.settingsFailed,
    success: "Description saved.",
  });
  const changed = description.trim() !== (team.description ?? "");
  return (
    <form
      className={styles.row}
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) save.mutate({ teamId: team.id, description: description.trim() });
      }}
    >
      <FieldShell
        id={id}
        label="Description"
        optional
        hint="What the workspace is for, shown to its members."
      >
        <textarea
          id={id}
          className={`${field.control} ${styles.textarea}`}
          value={description}
          disabled={!editable}
          maxLength={WORKSPACE_DESCRIPTION_MAX_LENGTH}
          onChange={(event) => setDescription(event.target.value)}
        />
      </FieldShell>
      {editable && (
        <Button type="submit" loading={save.isPending} disabled={!changed}>
          Save
        </Button>
      )}
    </form>
  );
}

function DeleteWorkspace({ team }: { team: TeamInfo }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation(
    deleteWorkspaceMutation(queryClient, {
      onSuccess: () => {
        if (getStoredWorkspaceId() === team.id) setStoredWorkspaceId(null);
        toast.success(WORKSPACE_MESSAGES.deleted);
        navigate("/dashboard", { replace: true });
      },
      onError: (error) => {
        console.error("Deleting the workspace failed", error);
        toast.error(WORKSPACE_MESSAGES.deleteFailed);
      },
    }),
  );

  if (team.type === "PERSONAL") {
    return <p className={styles.hint}>{WORKSPACE_MESSAGES.personalCannotDelete}</p>;
  }
  return (
    <div className={styles.danger}>
      <div>
        <h3>Delete workspace</h3>
        <p className={styles.hint}>
          Deletes the workspace with all its sandboxes, devboxes and folders for every member. This cannot be
          undone.
        </p>
      </div>
      <Button
        variant="danger"
        loading={remove.isPending}
        onClick={async () => {
          const sure = await confirm({
            title: "Delete workspace",
            message: `Delete ${team.name} with all its sandboxes, devboxes and folders? Its members lose access. This cannot be undone.`,
            confirmLabel: "Delete workspace",
            danger: true,
          });
          if (sure) remove.mutate(team.id);
        }}
      >
        Delete workspace
      </Button>
    </div>
  );
}
