import { CODEHOST_MESSAGES } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { githubRepoQuery } from "../../api/queries/github.ts";
import { Button } from "../../ui/Button.tsx";
import { GitHubIcon, LockIcon } from "../../ui/Icon.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { TextField } from "../../ui/TextField.tsx";
import styles from "./ImportScreen.module.css";
import { parseRepositoryInput, type SelectedRepository } from "./importStep.ts";
import { useDebounced } from "./useDebounced.ts";

/** The repository lookup waits this long after typing (spec 2 §9). */
export const REPOSITORY_LOOKUP_DEBOUNCE_MS = 200;

/**
 * Tab 2, 'Find by URL': a repository's address or owner/name, looked up on GitHub as it is typed;
 * `initial` fills it in (the repository the dialog was opened with).
 */
export function UrlTab({
  initial = "",
  onSelect,
}: {
  initial?: string;
  onSelect: (repo: SelectedRepository) => void;
}) {
  const [text, setText] = useState(initial);
  const parsed = parseRepositoryInput(useDebounced(text, REPOSITORY_LOOKUP_DEBOUNCE_MS));
  const lookup = useQuery({
    ...githubRepoQuery(parsed?.owner ?? "", parsed?.name ?? ""),
    enabled: parsed !== null,
    // A repository that just failed to load (the one the dialog opened with) is not fetched again
    // by showing it here: that fetch would send the screen back to its loading step, and round.
    retryOnMount: false,
  });
  const typed = parseRepositoryInput(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed) onSelect(typed);
  };

  return (
    <form onSubmit={submit} className={styles.panel} style={{ padding: 0 }}>
      <TextField
        label="Repository URL"
        placeholder="https://github.com/owner/repository or owner/repository"
        value={text}
        autoComplete="off"
        spellCheck={false}
        error={text.trim() !== "" && !typed ? CODEHOST_MESSAGES.invalidRepositoryName : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {parsed && lookup.isPending && <Spinner label="Looking up the repository" />}
      {parsed && lookup.isError && <p className={styles.muted}>{CODEHOST_MESSAGES.repositoryNotFound}</p>}
      {parsed && lookup.data && (
        <div className={styles.summary}>
          <GitHubIcon size={20} />
          <span className={styles.repoName}>
            <strong>
              {lookup.data.private && <LockIcon size={12} />} {lookup.data.fullName}
            </strong>
            <span>
              {lookup.data.authorization === "READ" ? "You can fork this repository" : "You can import it"}
            </span>
          </span>
        </div>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={!typed}>
          Continue
        </Button>
      </div>
    </form>
  );
}
