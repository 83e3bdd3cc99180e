import { CODEHOST_MESSAGES } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { githubAccountsQuery, githubReposQuery } from "../../api/queries/github.ts";
import { Button } from "../../ui/Button.tsx";
import { GitHubIcon, LockIcon } from "../../ui/Icon.tsx";
import { Select } from "../../ui/Select.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { useAuthFlow } from "../auth/AuthFlowProvider.tsx";
import { ALL_REPOSITORIES_SCOPES } from "../preferences/IntegrationsTab.tsx";
import { ago } from "../sandbox-grid/format.ts";
import { useSession } from "../session/SessionProvider.tsx";
import styles from "./ImportScreen.module.css";
import { matchesSearch, type SelectedRepository } from "./importStep.ts";

/**
 * Tab 1, 'Search in organizations' (spec 2 §2.4): an account selector (the linked GitHub account
 * and its organizations), a search box and the repositories, most recently pushed first — the
 * first 10 until a search needs them all.
 */
export function SearchTab({ onSelect }: { onSelect: (repo: SelectedRepository) => void }) {
  const accounts = useQuery(githubAccountsQuery());
  const { startPopup, loadingProvider } = useAuthFlow();
  const canConnect = useSession().features?.loginWithGithub ?? false;
  const [chosen, setChosen] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const profile = accounts.data?.profile ?? null;
  const organizations = accounts.data?.organizations ?? [];
  const account = chosen ?? profile?.login ?? "";
  const isProfile = profile !== null && account === profile.login;
  const full = search.trim() !== "";
  const repos = useQuery({ ...githubReposQuery(account, isProfile, full), enabled: account !== "" });
  const shown = (repos.data ?? []).filter((repo) => matchesSearch(repo, search));

  if (accounts.status === "pending") {
    return <Spinner label="Loading your GitHub accounts" />;
  }
  if (!profile) {
    return (
      <div className={styles.centered}>
        <p>{CODEHOST_MESSAGES.noOrganizations}</p>
        {canConnect && (
          <Button
            variant="primary"
            icon={<GitHubIcon size={14} />}
            loading={loadingProvider === "github"}
            onClick={() => startPopup("github", ALL_REPOSITORIES_SCOPES)}
          >
            Connect GitHub
          </Button>
        )}
      </div>
    );
  }

  return (
    <>
      <div className={styles.controls}>
        <Select
          label="Account"
          value={account}
          options={[
            { value: profile.login, label: profile.login },
            ...organizations.map((org) => ({ value: org.login, label: org.login })),
          ]}
          onChange={(event) => setChosen(event.target.value)}
        />
        <TextField
          label="Search repositories"
          type="search"
          placeholder="Search repositories"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {repos.status === "pending" ? (
        <ul className={styles.repos} aria-label="Loading repositories">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i} className={styles.repo}>
              <Skeleton width="50%" height={14} />
            </li>
          ))}
        </ul>
      ) : repos.status === "error" ? (
        <p className={styles.error}>{CODEHOST_MESSAGES.reposLoadFailed}</p>
      ) : shown.length === 0 ? (
        <p className={styles.muted}>{CODEHOST_MESSAGES.emptyRepositorySearch}</p>
      ) : (
        <ul className={styles.repos} aria-label={`Repositories of ${account}`}>
          {shown.map((repo) => {
            const pushed = ago(repo.pushedAt);
            return (
              <li key={repo.id} className={styles.repo}>
                <span className={styles.repoName}>
                  <strong>
                    {repo.private && <LockIcon size={12} />} {repo.name}
                  </strong>
                  <span>
                    {repo.fullName}
                    {pushed ? ` · pushed ${pushed}` : ""}
                  </span>
                </span>
                <Button
                  size="sm"
                  aria-label={`${repo.authorization === "READ" ? "Fork" : "Import"} ${repo.fullName}`}
                  onClick={() => onSelect({ owner: repo.owner.login, name: repo.name })}
                >
                  {repo.authorization === "READ" ? "Fork" : "Import"}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
