import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { ButtonLink } from "../../ui/Button.tsx";
import { GitHubIcon } from "../../ui/Icon.tsx";
import page from "../../ui/Page.module.css";

/** /s/github: how to import a GitHub repository. */
export function GitHubImportPage() {
  const { isLoggedIn } = useSession();
  return (
    <PublicPage title="Import from GitHub">
      <article className={page.prose}>
        <span className={page.eyebrow}>Guide</span>
        <h1>Import a GitHub repository</h1>
        <p>
          Importing a repository puts it in a workspace. Each branch then runs in its own devbox, a virtual
          machine with the repository checked out, so the whole team can open, review and run it from the
          browser.
        </p>
        <ol className={page.steps}>
          <li>
            <strong>Sign in with GitHub</strong>
            Boxyard reads your repositories through your GitHub account. If you signed in another way, connect
            GitHub from your user settings.
          </li>
          <li>
            <strong>Allow access to the repository</strong>
            Public repositories need the <code>public_repo</code> permission; private ones need{" "}
            <code>repo</code>. You can change the permissions granted to Boxyard at any time.
          </li>
          <li>
            <strong>Choose Import in the dashboard</strong>
            Search your organisations, or paste the repository's address (<code>owner/name</code>). Pick the
            workspace and the virtual machine size, then import.
          </li>
          <li>
            <strong>Open a branch</strong>
            The repository appears under All repositories. Open its default branch, or create a new branch to
            start working.
          </li>
        </ol>
        <p>
          Repositories you can only read can be forked into your account or organisation first; the fork is
          then imported like any other repository.
        </p>
        <div className={page.actions}>
          <ButtonLink
            to={isLoggedIn ? "/dashboard/repositories" : "/signin?continue=%2Fdashboard%2Frepositories"}
            variant="primary"
            icon={<GitHubIcon size={14} />}
          >
            {isLoggedIn ? "Go to repositories" : "Sign in to import"}
          </ButtonLink>
        </div>
      </article>
    </PublicPage>
  );
}
