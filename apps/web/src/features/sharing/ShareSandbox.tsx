import {
  NOTIFICATION_MESSAGES,
  SHARE_AUTHORIZATION_LABELS,
  SHARE_AUTHORIZATIONS,
  type ShareAuthorization,
} from "@boxyard/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { getErrorMessage } from "../../api/errors.ts";
import {
  type Collaborator,
  removeSandboxCollaboratorMutation,
  sandboxCollaboratorsQuery,
  shareSandboxMutation,
  updateSandboxCollaboratorMutation,
} from "../../api/queries/collaborators.ts";
import { Avatar } from "../../ui/Avatar.tsx";
import { Button } from "../../ui/Button.tsx";
import { ShareIcon } from "../../ui/Icon.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { Select } from "../../ui/Select.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { toast } from "../../ui/toastStore.ts";
import styles from "./ShareSandbox.module.css";

const LEVEL_OPTIONS = (
  ["WRITE_CODE", "COMMENT", "READ"] as const satisfies readonly ShareAuthorization[]
).map((value) => ({ value, label: SHARE_AUTHORIZATION_LABELS[value] }));

/**
 * Share on the sandbox page: for the editors of the sandbox's workspace (the server answers the
 * collaborators only to them), a dialog to share it with someone by username or e-mail to edit,
 * comment on or view it, and to change or stop that. The person is notified.
 */
export function ShareSandboxButton({
  sandboxId,
  title,
  size,
}: {
  sandboxId: string;
  title: string;
  size?: "sm";
}) {
  const collaborators = useQuery(sandboxCollaboratorsQuery(sandboxId));
  const [open, setOpen] = useState(false);
  if (!collaborators.data) return null;
  return (
    <>
      <Button size={size} icon={<ShareIcon size={14} />} onClick={() => setOpen(true)}>
        Share
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={`Share ${title}`} width={480}>
        <ShareForm sandboxId={sandboxId} collaborators={collaborators.data} />
      </Modal>
    </>
  );
}

function ShareForm({ sandboxId, collaborators }: { sandboxId: string; collaborators: Collaborator[] }) {
  const queryClient = useQueryClient();
  const [who, setWho] = useState("");
  const [level, setLevel] = useState<ShareAuthorization>("WRITE_CODE");
  const [error, setError] = useState<string | null>(null);
  const share = useMutation(
    shareSandboxMutation(queryClient, {
      meta: { silent: true },
      onSuccess: () => {
        toast.success(NOTIFICATION_MESSAGES.sandboxPermissionsUpdated);
        setWho("");
      },
      onError: (cause) => setError(getErrorMessage(cause)),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!who.trim()) {
      setError("Enter a username or an e-mail address.");
      return;
    }
    share.mutate({ sandboxId, usernameOrEmail: who.trim(), authorization: level });
  };

  return (
    <div className={styles.share}>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Share with someone">
        <TextField
          label="Username or e-mail"
          placeholder="ada or ada@example.com"
          autoComplete="off"
          value={who}
          error={error ?? undefined}
          onChange={(event) => {
            setWho(event.target.value);
            if (error) setError(null);
          }}
        />
        <Select
          label="Access"
          value={level}
          options={LEVEL_OPTIONS}
          onChange={(event) => setLevel(event.target.value as ShareAuthorization)}
        />
        <Button type="submit" variant="primary" loading={share.isPending}>
          Share
        </Button>
      </form>
      <h3 className={styles.heading}>People with access</h3>
      {collaborators.length === 0 ? (
        <p className={styles.muted}>Not shared with anyone yet.</p>
      ) : (
        <ul className={styles.list} aria-label="People with access">
          {collaborators.map((c) => (
            <CollaboratorRow key={c.userId} sandboxId={sandboxId} collaborator={c} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CollaboratorRow({ sandboxId, collaborator }: { sandboxId: string; collaborator: Collaborator }) {
  const queryClient = useQueryClient();
  const label = collaborator.name || collaborator.username;
  const ui = {
    meta: { silent: true },
    onSuccess: () => toast.success(NOTIFICATION_MESSAGES.sandboxPermissionsUpdated),
    onError: (cause: unknown) => {
      console.warn("Changing the sandbox's collaborators failed", cause);
      toast.error(NOTIFICATION_MESSAGES.sandboxPermissionsFailed);
    },
  };
  const update = useMutation(updateSandboxCollaboratorMutation(queryClient, ui));
  const remove = useMutation(removeSandboxCollaboratorMutation(queryClient, ui));
  const level = (SHARE_AUTHORIZATIONS as readonly string[]).includes(collaborator.authorization)
    ? collaborator.authorization
    : "READ";
  return (
    <li className={styles.person}>
      <Avatar name={label} src={collaborator.avatarUrl} size={28} />
      <span className={styles.who}>
        <span>{label}</span>
        <span className={styles.muted}>@{collaborator.username}</span>
      </span>
      <select
        className={styles.level}
        aria-label={`Access of ${label}`}
        value={level}
        disabled={update.isPending || remove.isPending}
        onChange={(event) =>
          update.mutate({
            sandboxId,
            userId: collaborator.userId,
            authorization: event.target.value as ShareAuthorization,
          })
        }
      >
        {LEVEL_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Stop sharing with ${label}`}
        loading={remove.isPending}
        onClick={() => remove.mutate({ sandboxId, userId: collaborator.userId })}
      >
        Remove
      </Button>
    </li>
  );
}
