import { useRef, useState } from "react";
import type { SandboxFileModule } from "../../../api/rest-types.ts";
import { Button } from "../../../ui/Button.tsx";
import { AlertIcon } from "../../../ui/Icon.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import type { ConflictMergeHandle } from "../code/ConflictMerge.tsx";
import { lazyPiece } from "../LazyPiece.tsx";
import { EDITOR_MESSAGES } from "../messages.ts";
import styles from "./ConflictView.module.css";

const ConflictMerge = lazyPiece(
  "editor-merge",
  async () => (await import("../code/ConflictMerge.tsx")).ConflictMerge,
);

/**
 * A file whose unsaved text meets a newer saved version (or its deletion): both versions side by
 * side, mine editable, and the choice: keep mine (saved over theirs, or the file made again) or
 * take theirs (mine is dropped).
 */
export function ConflictView({
  path,
  mine,
  theirs,
  onKeepMine,
  onTakeTheirs,
}: {
  path: string;
  mine: string;
  /** Null: the file was deleted. */
  theirs: SandboxFileModule | null;
  onKeepMine: (code: string) => Promise<unknown>;
  onTakeTheirs: () => void;
}) {
  const merge = useRef<ConflictMergeHandle>(null);
  const [busy, setBusy] = useState(false);
  const keep = async () => {
    setBusy(true);
    try {
      await onKeepMine(merge.current?.mine() ?? mine);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.conflict} aria-label={`Conflict in ${path}`}>
      <div className={styles.bar} role="alert">
        <AlertIcon size={16} className={styles.icon} />
        <p className={styles.text}>
          <strong>{theirs ? EDITOR_MESSAGES.conflict : EDITOR_MESSAGES.deletedConflict}</strong>{" "}
          {theirs
            ? "Compare the two versions: change yours on the left (the arrows take a change from theirs), then keep it, or take theirs."
            : "Keep your version to make the file again, or let it go."}
        </p>
        <div className={styles.actions}>
          <Button size="sm" onClick={onTakeTheirs} disabled={busy}>
            {theirs ? "Take theirs" : "Discard mine"}
          </Button>
          <Button size="sm" variant="primary" onClick={() => void keep()} loading={busy}>
            Keep mine
          </Button>
        </div>
      </div>
      {theirs ? (
        <>
          <div className={styles.columns} aria-hidden="true">
            <span>Your version</span>
            <span>Saved version</span>
          </div>
          <div className={styles.merge}>
            <ConflictMerge
              fallback={<Spinner size={20} />}
              path={path}
              mine={mine}
              theirs={theirs.code}
              handleRef={merge}
            />
          </div>
        </>
      ) : (
        <pre className={styles.deleted}>{mine}</pre>
      )}
    </section>
  );
}
