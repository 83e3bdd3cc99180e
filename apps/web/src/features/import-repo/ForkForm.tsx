import { CODEHOST_MESSAGES } from "@boxyard/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { getErrorMessage } from "../../api/errors.ts";
import { type GithubRepoDetails, githubAccountsQuery } from "../../api/queries/github.ts";
import { branchPath, forkRepositoryMutation } from "../../api/queries/repositories.ts";
import { Button } from "../../ui/Button.tsx";
import { GitHubIcon } from "../../ui/Icon.tsx";
import { Select } from "../../ui/Select.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { toast } from "../../ui/toastStore.ts";
import styles from "./ImportScreen.module.css";
import { TargetFields } from "./TargetFields.tsx";
import { useForkNameValidity } from "./useForkNameValidity.ts";
import type { ImportTarget } from "./useImportTarget.ts";

/**
 * The Fork repository form (spec 2 §2.4, §4, §5), for a repository the user can only read: the
 * fork's owner (their account or an organization) and name, checked live 500 ms after typing
 * (idle, validating, valid, invalid with the server's message). Fork is enabled only for a valid
 * name, not while a fork runs, and not in a frozen workspace.
 */
export function ForkForm({
  repo,
  target,
  onForked,
}: {
  repo: GithubRepoDetails;
  target: ImportTarget;
  onForked: (path: string) => void;
}) {
  const queryClient = useQueryClient();
  const accounts = useQuery(githubAccountsQuery());
  const profile = accounts.data?.profile?.login ?? "";
  const [chosenOwner, setOwner] = useState<string | null>(null);
  const owner = chosenOwner ?? profile;
  const [name, setName] = useState(repo.name);
  const validity = useForkNameValidity(owner, name);
  const fork = useMutation(
    forkRepositoryMutation(
      queryClient,
      () => ({
        owner: repo.owner.login,
        name: repo.name,
        newName: name.trim(),
        teamId: target.teamId,
        organization: owner !== profile ? owner : undefined,
        vmTier: target.vmTier,
      }),
      {
        onSuccess: (answer) => {
          onForked(
            branchPath({ owner: answer.owner, name: answer.repo }, answer.branch, {
              imported: true,
              workspaceId: target.teamId,
            }),
          );
        },
        onError: () => toast.error(CODEHOST_MESSAGES.importFailed),
      },
    ),
  );
  const canSubmit = validity.state === "valid" && !fork.isPending && !target.frozen && target.teamId !== "";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) fork.mutate();
  };

  const status =
    validity.state === "validating" ? (
      <span className={styles.muted}>Checking the name…</span>
    ) : validity.state === "valid" ? (
      <span className={styles.valid}>
        {owner}/{name.trim()} is available
      </span>
    ) : validity.state === "invalid" ? (
      <span className={styles.error}>{validity.message}</span>
    ) : undefined;

  return (
    <form className={styles.config} onSubmit={submit} aria-label={`Fork ${repo.fullName}`}>
      <h3 className={styles.panelTitle}>Fork repository</h3>
      <div className={styles.summary}>
        <GitHubIcon size={20} />
        <span className={styles.repoName}>
          <strong>{repo.fullName}</strong>
          <span>You can read this repository. Fork it to contribute on a branch of your own copy.</span>
        </span>
      </div>
      <div className={styles.controls}>
        <Select
          label="Owner"
          value={owner}
          options={[
            ...(profile ? [{ value: profile, label: profile }] : []),
            ...(accounts.data?.organizations ?? []).map((org) => ({ value: org.login, label: org.login })),
          ]}
          onChange={(event) => setOwner(event.target.value)}
        />
        <TextField
          label="Repository name"
          value={name}
          required
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <p aria-live="polite" data-testid="fork-validity" data-state={validity.state}>
        {status}
      </p>
      <TargetFields target={target} />
      {fork.isError && <p className={styles.error}>{getErrorMessage(fork.error)}</p>}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={fork.isPending} disabled={!canSubmit}>
          Fork repository
        </Button>
      </div>
    </form>
  );
}
