import { useMutation } from "@tanstack/react-query";
import { getErrorMessage } from "../../api/errors.ts";
import { removeGithubIntegrationMutation } from "../../api/queries/account.ts";
import { Button } from "../../ui/Button.tsx";
import { GitHubIcon } from "../../ui/Icon.tsx";
import { toast } from "../../ui/toastStore.ts";
import { useAuthFlow } from "../auth/AuthFlowProvider.tsx";
import { useSession } from "../session/SessionProvider.tsx";
import styles from "./PreferencesModal.module.css";

/** What each GitHub scope lets Boxyard do (spec 2 §6). */
export const GITHUB_SCOPE_LABELS: Record<string, string> = {
  public_repo: "Read and write public repositories",
  repo: "Read and write private repositories",
  "read:org": "Read organizations",
  workflow: "Update action workflows",
  "user:email": "Read your e-mail address",
};

/** All repositories: private ones too, organizations and workflows. Only public: public repositories. */
export const ALL_REPOSITORIES_SCOPES = ["repo", "read:org", "workflow"] as const;
export const PUBLIC_REPOSITORIES_SCOPES = ["public_repo", "read:org"] as const;

/** Integrations (spec 2 §2.5, §6): GitHub's connection, its scopes, re-authorising and removing it. */
export function IntegrationsTab() {
  const { user, reloadUser, features } = useSession();
  const { startPopup, loadingProvider } = useAuthFlow();
  const remove = useMutation(
    removeGithubIntegrationMutation({
      onSuccess: () => void reloadUser(),
      onError: (error) => toast.error(getErrorMessage(error)),
    }),
  );
  const github = user?.githubProfile && "data" in user.githubProfile ? user.githubProfile.data : null;
  const canConnect = features?.loginWithGithub ?? false;

  return (
    <>
      <h3 className={styles.heading}>Integrations</h3>
      <div className={styles.integration}>
        <div className={styles.integrationHead}>
          <GitHubIcon size={24} />
          <div>
            <strong>GitHub</strong>
            <p className={styles.muted}>
              {github
                ? `Connected as @${github.login}`
                : "Import repositories, open branches and review pull requests."}
            </p>
          </div>
        </div>
        {github ? (
          <>
            <ul className={styles.scopes} aria-label="GitHub permissions">
              {github.scopes.map((scope) => (
                <li key={scope}>
                  <code>{scope}</code> {GITHUB_SCOPE_LABELS[scope] ?? ""}
                </li>
              ))}
            </ul>
            <div className={styles.actions}>
              {canConnect && (
                <>
                  <Button
                    loading={loadingProvider === "github"}
                    onClick={() => startPopup("github", ALL_REPOSITORIES_SCOPES)}
                  >
                    Authorize all repositories
                  </Button>
                  <Button onClick={() => startPopup("github", PUBLIC_REPOSITORIES_SCOPES)}>
                    Only public repositories
                  </Button>
                </>
              )}
              <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
                Remove integration
              </Button>
            </div>
          </>
        ) : canConnect ? (
          <div className={styles.actions}>
            <Button
              variant="primary"
              loading={loadingProvider === "github"}
              onClick={() => startPopup("github")}
            >
              Connect GitHub
            </Button>
          </div>
        ) : (
          <p className={styles.muted}>GitHub sign-in is not set up on this installation.</p>
        )}
      </div>
    </>
  );
}
