import { MESSAGES } from "@boxyard/domain";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { teamChanges } from "../../api/queries/workspace-mutations.ts";
import type { TeamInfo } from "../../api/queries/workspaces.ts";
import { WorkspaceAvatar } from "../../features/workspace/WorkspaceAvatar.tsx";
import { Button } from "../../ui/Button.tsx";
import { toast } from "../../ui/toastStore.ts";
import { useTeamMutation } from "./useTeamMutation.ts";
import styles from "./WorkspaceSettings.module.css";

/** The upload limit (spec 2 §9); the server enforces it too and answers 413. */
const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED = "image/png,image/jpeg,image/gif,image/webp";

/** The workspace avatar with an upload (previewed at once) and a remove button for admins. */
export function AvatarEditor({ team, editable }: { team: TeamInfo; editable: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useTeamMutation(team.id, teamChanges.uploadAvatar, { success: "Workspace avatar updated." });
  const remove = useTeamMutation(team.id, teamChanges.removeAvatar);

  // The preview is an object URL: released when replaced or when the page goes.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > MAX_BYTES) {
      toast.error(MESSAGES.fileTooLarge);
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, { onSettled: () => setPreview(null) });
  }

  const shown = preview ?? team.avatarUrl;
  return (
    <div className={styles.avatarRow}>
      <WorkspaceAvatar name={team.name} avatarUrl={shown} size="bigger" />
      {editable ? (
        <div className={styles.avatarActions}>
          <div className={styles.avatarButtons}>
            <Button size="sm" loading={upload.isPending} onClick={() => input.current?.click()}>
              {team.avatarUrl ? "Change image" : "Upload image"}
            </Button>
            {team.avatarUrl && (
              <Button
                size="sm"
                variant="ghost"
                loading={remove.isPending}
                onClick={() => remove.mutate(undefined)}
              >
                Remove
              </Button>
            )}
          </div>
          <span className={styles.hint}>PNG, JPEG, GIF or WebP, up to 5 MB.</span>
          <input
            ref={input}
            type="file"
            accept={ACCEPTED}
            hidden
            aria-label="Workspace avatar image"
            data-testid="avatar-input"
            onChange={onChoose}
          />
        </div>
      ) : (
        <span className={styles.hint}>The workspace's avatar.</span>
      )}
    </div>
  );
}
