import { alreadyImportedMessage, CODEHOST_MESSAGES } from "@boxyard/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, Fragment } from "react";
import { Link } from "react-router";
import { getErrorMessage } from "../../api/errors.ts";
import type { GithubRepoDetails } from "../../api/queries/github.ts";
import {
  branchPath,
  importProjectMutation,
  repositoryPath,
  repositoryTeamsQuery,
} from "../../api/queries/repositories.ts";
import { Button } from "../../ui/Button.tsx";
import { GitHubIcon, LockIcon } from "../../ui/Icon.tsx";
import { toast } from "../../ui/toastStore.ts";
import styles from "./ImportScreen.module.css";
import { TargetFields } from "./TargetFields.tsx";
import type { ImportTarget } from "./useImportTarget.ts";

/**
 * The regular import configuration (spec 2 §2.4): the repository, the workspace and the VM tier.
 * It says when the repository is already in some of the user's workspaces, with links. Submit is
 * blocked while the import runs; on success the new branch opens with the import flag (§4).
 */
export function ImportConfig({
  repo,
  target,
  onImported,
}: {
  repo: GithubRepoDetails;
  target: ImportTarget;
  onImported: (path: string) => void;
}) {
  const queryClient = useQueryClient();
  const owner = repo.owner.login;
  const teams = useQuery(repositoryTeamsQuery(owner, repo.name));
  const already = teams.data ?? [];
  const inChosen = already.some((t) => t.id === target.teamId);
  const run = useMutation(
    importProjectMutation(
      queryClient,
      () => ({ owner, name: repo.name, teamId: target.teamId, vmTier: target.vmTier }),
      {
        onSuccess: (project) => {
          const branch = project.defaultBranch?.name ?? "";
          onImported(
            branch
              ? branchPath({ owner, name: repo.name }, branch, { imported: true, workspaceId: target.teamId })
              : repositoryPath(owner, repo.name),
          );
        },
        onError: () => toast.error(CODEHOST_MESSAGES.importFailed),
      },
    ),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!run.isPending) run.mutate();
  };

  return (
    <form className={styles.config} onSubmit={submit} aria-label={`Import ${repo.fullName}`}>
      <div className={styles.summary}>
        <GitHubIcon size={20} />
        <span className={styles.repoName}>
          <strong>
            {repo.private && <LockIcon size={12} />} {repo.fullName}
          </strong>
          <span>Each branch runs in its own devbox of this workspace.</span>
        </span>
      </div>
      {already.length > 0 && (
        <p className={styles.notice} role="status">
          {alreadyImportedMessage(already.length)}
          {already.map((team, i) => (
            <Fragment key={team.id}>
              {i > 0 && ", "}
              <Link to={`${repositoryPath(owner, repo.name)}?workspace=${team.id}`}>{team.name}</Link>
            </Fragment>
          ))}
        </p>
      )}
      <TargetFields target={target} />
      {run.isError && <p className={styles.error}>{getErrorMessage(run.error)}</p>}
      <div className={styles.actions}>
        <Button
          type="submit"
          variant="primary"
          loading={run.isPending}
          disabled={run.isPending || target.frozen || inChosen || target.teamId === ""}
        >
          Import repository
        </Button>
      </div>
    </form>
  );
}
