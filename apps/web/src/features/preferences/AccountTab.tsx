import { ACCOUNT_MESSAGES, profileUpdateSchema } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { type FormEvent, useState } from "react";
import { getErrorMessage } from "../../api/errors.ts";
import { type ProfileChanges, updateCurrentUserMutation } from "../../api/queries/account.ts";
import type { CurrentUser } from "../../api/rest-types.ts";
import { Avatar } from "../../ui/Avatar.tsx";
import { Button } from "../../ui/Button.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { toast } from "../../ui/toastStore.ts";
import { openModal } from "../modals/modalStore.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { ChangePasswordSection } from "./ChangePasswordSection.tsx";
import styles from "./PreferencesModal.module.css";

/**
 * The text shown for a failed profile update (spec 1 §8, spec 2 §8): the server's message when it is
 * about the username (or another field), otherwise the generic failure.
 */
export function profileUpdateError(error: unknown): string {
  const message = getErrorMessage(error);
  return /username|bio|link|name/i.test(message) ? message : ACCOUNT_MESSAGES.profileUpdateFailed;
}

/** Account (spec 2 §2.5): username, name, e-mail, avatar, Edit, account-deletion request or undo. */
export function AccountTab() {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  if (!user) return <p>Sign in to see your account.</p>;
  return (
    <>
      {editing ? (
        <AccountForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <>
          <div className={styles.profile}>
            <Avatar name={user.name || user.username} src={user.avatarUrl} size={56} />
            <div className={styles.who}>
              <h3>{user.name || user.username}</h3>
              <p>@{user.username}</p>
            </div>
            <Button onClick={() => setEditing(true)}>Edit</Button>
          </div>
          <dl className={styles.details}>
            <dt>Username</dt>
            <dd>{user.username}</dd>
            <dt>Name</dt>
            <dd>{user.name || "—"}</dd>
            <dt>E-mail</dt>
            <dd>{user.email || "—"}</dd>
            <dt>Bio</dt>
            <dd>{user.bio || "—"}</dd>
            <dt>Social links</dt>
            <dd>{user.socialLinks?.length ? user.socialLinks.join(", ") : "—"}</dd>
            <dt>Member since</dt>
            <dd>{user.insertedAt ? format(new Date(user.insertedAt), "d MMMM yyyy") : "—"}</dd>
          </dl>
        </>
      )}
      {user.hasPassword && <ChangePasswordSection />}
      <DeletionSection deletionRequested={user.deletionRequested} />
    </>
  );
}

function AccountForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const { reloadUser } = useSession();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState(user.username);
  const [name, setName] = useState(user.name ?? "");
  const [bio, setBio] = useState(user.bio ?? "");
  const [links, setLinks] = useState((user.socialLinks ?? []).join("\n"));
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const save = useMutation(
    updateCurrentUserMutation(queryClient, {
      onSuccess: async () => {
        await reloadUser();
        toast.success(ACCOUNT_MESSAGES.profileUpdated);
        onDone();
      },
      onError: (cause) => {
        setConfirming(false);
        setError({ field: null, message: profileUpdateError(cause) });
      },
    }),
  );

  const changes = (): ProfileChanges | null => {
    const parsed = profileUpdateSchema.safeParse({
      username,
      name,
      bio,
      socialLinks: links
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError({ field: String(issue.path[0] ?? ""), message: issue.message });
      return null;
    }
    setError(null);
    return {
      username: parsed.data.username,
      name: parsed.data.name,
      bio: parsed.data.bio,
      socialLinks: parsed.data.socialLinks ?? [],
    };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = changes();
    if (!next) return;
    // Changing the username asks for confirmation: links to the old profile stop working (spec 2 §2.5).
    if (next.username !== user.username && !confirming) {
      setConfirming(true);
      return;
    }
    save.mutate(next);
  };

  const fieldError = (field: string) => (error && error.field === field ? error.message : undefined);

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label="Username"
        value={username}
        autoComplete="username"
        onChange={(e) => {
          setUsername(e.target.value);
          setConfirming(false);
        }}
        error={fieldError("username")}
      />
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={fieldError("name")}
      />
      <TextField
        label="E-mail"
        value={user.email ?? ""}
        readOnly
        disabled
        hint="Your e-mail comes from how you sign in."
      />
      <label className={styles.areaField}>
        <span>Bio</span>
        <textarea
          value={bio}
          rows={3}
          onChange={(e) => setBio(e.target.value)}
          aria-invalid={Boolean(fieldError("bio"))}
        />
        {fieldError("bio") && <span role="alert">{fieldError("bio")}</span>}
      </label>
      <label className={styles.areaField}>
        <span>Social links (one a line)</span>
        <textarea
          value={links}
          rows={3}
          onChange={(e) => setLinks(e.target.value)}
          aria-invalid={Boolean(fieldError("socialLinks"))}
        />
        {fieldError("socialLinks") && <span role="alert">{fieldError("socialLinks")}</span>}
      </label>
      {error && error.field === null && (
        <p className={styles.formError} role="alert">
          {error.message}
        </p>
      )}
      {confirming && (
        <div className={styles.confirm} role="alertdialog" aria-labelledby="change-username-title">
          <strong id="change-username-title">{ACCOUNT_MESSAGES.changeUsernameTitle}</strong>
          <p>{ACCOUNT_MESSAGES.changeUsernameMessage}</p>
        </div>
      )}
      <div className={styles.actions}>
        <Button onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" loading={save.isPending}>
          {confirming ? ACCOUNT_MESSAGES.changeUsernameTitle : "Save"}
        </Button>
      </div>
    </form>
  );
}

function DeletionSection({ deletionRequested }: { deletionRequested: boolean }) {
  return (
    <div className={styles.danger}>
      {deletionRequested ? (
        <>
          <p>{ACCOUNT_MESSAGES.deletionRequested}</p>
          <Button onClick={() => void openModal("undoAccountClosing")}>
            {ACCOUNT_MESSAGES.undoDeletion}
          </Button>
        </>
      ) : (
        <Button variant="danger" onClick={() => void openModal("accountClosing")}>
          {ACCOUNT_MESSAGES.requestDeletion}
        </Button>
      )}
    </div>
  );
}
