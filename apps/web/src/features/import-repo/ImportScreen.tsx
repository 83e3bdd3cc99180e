import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { githubRepoQuery, refreshGithub } from "../../api/queries/github.ts";
import { Button } from "../../ui/Button.tsx";
import { ArrowLeftIcon, GitHubIcon } from "../../ui/Icon.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { useAuthFlow } from "../auth/AuthFlowProvider.tsx";
import { ALL_REPOSITORIES_SCOPES, PUBLIC_REPOSITORIES_SCOPES } from "../preferences/IntegrationsTab.tsx";
import { CodeHostNotSetUp, useCodeHostMissing } from "../repositories/CodeHostNotSetUp.tsx";
import { githubProfileOf } from "../repositories/githubScopes.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { ForkForm } from "./ForkForm.tsx";
import { ImportConfig } from "./ImportConfig.tsx";
import styles from "./ImportScreen.module.css";
import { importStep, type SelectedRepository } from "./importStep.ts";
import { SearchTab } from "./SearchTab.tsx";
import { StarterTab } from "./StarterTab.tsx";
import { TemplateTab } from "./TemplateTab.tsx";
import { UrlTab } from "./UrlTab.tsx";
import { useImportTarget } from "./useImportTarget.ts";

/** The import screen's four tabs (spec 2 §2.4), in order. */
export const IMPORT_TABS = [
  { id: "search", label: "Search in organizations" },
  { id: "url", label: "Find by URL" },
  { id: "starter", label: "Start from a template" },
  { id: "template", label: "Import template" },
] as const;
type TabId = (typeof IMPORT_TABS)[number]["id"];

/**
 * The import screen (spec 2 §2.4, §4): signin, permissions, select (four tabs), loading while a
 * chosen repository is fetched, and config — the import configuration, or the fork form when the
 * user can only read the repository. A failed fetch returns to select. `onDone` receives the page
 * to go to after an import or fork.
 */
export function ImportScreen({
  teamId,
  prefill,
  onDone,
}: {
  teamId: string | null;
  prefill: SelectedRepository | null;
  onDone: (path: string) => void;
}) {
  const { user, isLoggedIn } = useSession();
  const queryClient = useQueryClient();
  const github = githubProfileOf(user);
  const [selected, setSelected] = useState<SelectedRepository | null>(prefill);
  // A repository given to open (import_repo=owner/name) that cannot be shown yet (no GitHub account
  // linked, or it could not be fetched) stays filled in on 'Find by URL'.
  const [tab, setTab] = useState<TabId>(prefill ? "url" : "search");
  const repo = useQuery({
    ...githubRepoQuery(selected?.owner ?? "", selected?.name ?? ""),
    enabled: isLoggedIn && github !== null && selected !== null,
  });
  const target = useImportTarget(teamId);
  const codeHostMissing = useCodeHostMissing();
  const step = importStep({
    loggedIn: isLoggedIn,
    githubScopes: github?.scopes ?? null,
    selected,
    repository: { status: repo.status, found: repo.data != null },
  });

  // A new GitHub grant (the permissions step, or the popup) changes what GitHub answers.
  const grant = github ? `${github.login}:${github.scopes.join(",")}` : "";
  useEffect(() => {
    if (grant) void refreshGithub(queryClient);
  }, [grant, queryClient]);

  if (step === "signin" || step === "permissions") return <ConnectStep step={step} />;
  if (step === "loading") {
    return (
      <div className={styles.centered}>
        <Spinner size={24} label={`Loading ${selected?.owner}/${selected?.name}`} />
      </div>
    );
  }
  if (step === "config" && repo.data) {
    const back = (
      <Button
        variant="ghost"
        size="sm"
        className={styles.back}
        icon={<ArrowLeftIcon size={14} />}
        onClick={() => setSelected(null)}
      >
        Back
      </Button>
    );
    return (
      <div className={styles.config} style={{ padding: 0, maxWidth: "none" }}>
        <div style={{ padding: "var(--space-4) var(--space-6) 0" }}>{back}</div>
        {repo.data.authorization === "READ" ? (
          <ForkForm repo={repo.data} target={target} onForked={onDone} />
        ) : (
          <ImportConfig repo={repo.data} target={target} onImported={onDone} />
        )}
      </div>
    );
  }

  const failed = selected !== null && repo.isError;
  return (
    <div className={styles.screen}>
      <div className={styles.tabs} role="tablist" aria-orientation="vertical" aria-label="Import">
        {IMPORT_TABS.map((entry) => (
          <button
            key={entry.id}
            id={`import-tab-${entry.id}`}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={tab === entry.id}
            aria-controls={`import-panel-${entry.id}`}
            tabIndex={tab === entry.id ? 0 : -1}
            onClick={() => setTab(entry.id)}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <div
        className={styles.panel}
        role="tabpanel"
        id={`import-panel-${tab}`}
        aria-labelledby={`import-tab-${tab}`}
      >
        {codeHostMissing && (tab === "search" || tab === "url") ? (
          <CodeHostNotSetUp headingLevel={3} />
        ) : null}
        {failed && selected && (
          <p className={styles.notice} role="alert">
            {selected.owner}/{selected.name} could not be loaded from GitHub. Check the name, or pick another
            repository.
          </p>
        )}
        {tab === "search" && !codeHostMissing && <SearchTab onSelect={setSelected} />}
        {tab === "url" && !codeHostMissing && (
          <UrlTab initial={selected ? `${selected.owner}/${selected.name}` : ""} onSelect={setSelected} />
        )}
        {tab === "starter" && <StarterTab />}
        {tab === "template" && <TemplateTab teamId={target.teamId || null} canImport={!target.frozen} />}
      </div>
    </div>
  );
}

/** Signed out: sign in with GitHub. Restricted: authorise all repositories or only public ones. */
function ConnectStep({ step }: { step: "signin" | "permissions" }) {
  const { startPopup, loadingProvider } = useAuthFlow();
  const { features } = useSession();
  const canConnect = features?.loginWithGithub ?? false;
  return (
    <div className={styles.centered}>
      <GitHubIcon size={32} />
      <h3 className={styles.panelTitle}>
        {step === "signin" ? "Sign in to import repositories" : "Allow access to your repositories"}
      </h3>
      <p>
        {step === "signin"
          ? "Boxyard reads your repositories through your GitHub account."
          : "Boxyard needs permission to read your GitHub repositories before it can import them. Choose which ones it may use."}
      </p>
      {canConnect ? (
        <div className={styles.actions} style={{ justifyContent: "center" }}>
          <Button
            variant="primary"
            loading={loadingProvider === "github"}
            onClick={() => startPopup("github", ALL_REPOSITORIES_SCOPES)}
          >
            {step === "signin" ? "Sign in with GitHub" : "Authorize all repositories"}
          </Button>
          {step === "permissions" && (
            <Button onClick={() => startPopup("github", PUBLIC_REPOSITORIES_SCOPES)}>
              Only public repositories
            </Button>
          )}
        </div>
      ) : (
        <p>GitHub sign-in is not set up on this installation.</p>
      )}
    </div>
  );
}
