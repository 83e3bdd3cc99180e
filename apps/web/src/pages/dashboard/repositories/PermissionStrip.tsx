import { useState } from "react";
import { useAuthFlow } from "../../../features/auth/AuthFlowProvider.tsx";
import {
  ALL_REPOSITORIES_SCOPES,
  PUBLIC_REPOSITORIES_SCOPES,
} from "../../../features/preferences/IntegrationsTab.tsx";
import { githubProfileOf, restrictionsOf } from "../../../features/repositories/githubScopes.ts";
import { dismissBanner, isBannerDismissed } from "../../../features/session/dashboardState.ts";
import { useSession } from "../../../features/session/SessionProvider.tsx";
import { Button } from "../../../ui/Button.tsx";
import { AlertIcon, CloseIcon } from "../../../ui/Icon.tsx";
import styles from "./Repositories.module.css";

/**
 * The warning strip of All repositories (spec 1 §2): when the GitHub grant restricts public
 * repositories it asks to adjust the permissions, to all repositories or only public ones.
 * Its dismissal holds for every workspace (spec 1 §4).
 */
export function PermissionStrip() {
  const { user } = useSession();
  const { startPopup, loadingProvider } = useAuthFlow();
  const [dismissed, setDismissed] = useState(() => isBannerDismissed("repository-permissions", null));
  if (!githubProfileOf(user) || !restrictionsOf(user).publicRepositories || dismissed) return null;

  return (
    <div className={styles.strip} role="status">
      <AlertIcon size={16} />
      <span className={styles.stripText}>
        Boxyard cannot read your GitHub repositories yet. Adjust the GitHub permissions to import them and
        keep their branches in sync.
      </span>
      <Button
        size="sm"
        variant="primary"
        loading={loadingProvider === "github"}
        onClick={() => startPopup("github", ALL_REPOSITORIES_SCOPES)}
      >
        Authorize all repositories
      </Button>
      <Button size="sm" onClick={() => startPopup("github", PUBLIC_REPOSITORIES_SCOPES)}>
        Only public repositories
      </Button>
      <Button
        size="sm"
        variant="ghost"
        iconOnly
        aria-label="Dismiss"
        onClick={() => {
          dismissBanner("repository-permissions", null);
          setDismissed(true);
        }}
      >
        <CloseIcon size={14} />
      </Button>
    </div>
  );
}
