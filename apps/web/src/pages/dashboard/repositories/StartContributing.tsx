import { openImportDialog } from "../../../features/import-repo/openImportDialog.ts";
import { useActiveWorkspace } from "../../../features/workspace/ActiveWorkspaceProvider.tsx";
import { EmptyState } from "../../../ui/EmptyState.tsx";
import { RepoIcon, UsersIcon } from "../../../ui/Icon.tsx";
import pageStyles from "../DashboardPage.module.css";
import { RepoName } from "./RepoName.tsx";
import styles from "./Repositories.module.css";

/** The three open-source repositories 'Start contributing' suggests (spec 1 §2). */
export const SUGGESTED_REPOSITORIES = [
  { owner: "facebook", name: "react", text: "The library for web and native user interfaces." },
  { owner: "vercel", name: "next.js", text: "The React framework for the web." },
  { owner: "vitejs", name: "vite", text: "Next generation frontend tooling." },
] as const;

/**
 * My contributions with no contribution branches (spec 1 §2): 'Start contributing' with three
 * suggested open-source repositories (each opens the import dialog, whose fork form makes the
 * contribution branch) and a help card.
 */
export function StartContributing() {
  const { activeWorkspace, canImport } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? null;
  return (
    <>
      <EmptyState icon={<UsersIcon />} title="Start contributing">
        Fork an open-source repository and work on a contribution branch in a devbox. Your contribution
        branches show up here.
      </EmptyState>
      <ul className={styles.suggestions} aria-label="Suggested repositories">
        {SUGGESTED_REPOSITORIES.map((repo) => (
          <li key={repo.name}>
            <button
              type="button"
              className={styles.card}
              style={{ width: "100%", textAlign: "left", font: "inherit", cursor: "pointer" }}
              disabled={!canImport}
              onClick={() =>
                void openImportDialog({ teamId, prefill: { owner: repo.owner, name: repo.name } })
              }
            >
              <span className={styles.top}>
                <RepoName owner={repo.owner} name={repo.name} icon="github" />
              </span>
              <span className={styles.meta}>{repo.text}</span>
            </button>
          </li>
        ))}
      </ul>
      <aside className={pageStyles.help}>
        <RepoIcon size={18} />
        <div>
          <strong>How contributing works</strong>
          Boxyard forks the repository into your GitHub account or organization, imports the fork and opens a
          branch on it. Push your work and open a pull request to the original repository from there.
        </div>
      </aside>
    </>
  );
}
