import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { ButtonLink } from "../../ui/Button.tsx";
import { TerminalIcon } from "../../ui/Icon.tsx";
import page from "../../ui/Page.module.css";

/** /s/cli: how to use the command line with an auth code from /cli/login. */
export function CliPage() {
  return (
    <PublicPage title="Command line">
      <article className={page.prose}>
        <span className={page.eyebrow}>Guide</span>
        <h1>Use Boxyard from the command line</h1>
        <p>
          The command-line client and the editor extension sign in with an auth code instead of a password.
          The code belongs to your account: anyone who has it can act as you, so keep it to yourself.
        </p>
        <ol className={page.steps}>
          <li>
            <strong>Start the sign-in</strong>
            Run the client's login command. It opens <code>{`${window.location.origin}/cli/login`}</code> in
            your browser, or prints the address for you to open.
          </li>
          <li>
            <strong>Sign in to Boxyard</strong>
            If you are not signed in yet, the page asks you to; you come back to it afterwards.
          </li>
          <li>
            <strong>Copy the auth code</strong>
            The page shows an auth code with a Copy button. Paste it where the client asks for it.
          </li>
          <li>
            <strong>Work as usual</strong>
            The client now makes its requests with your account and sees the workspaces you belong to.
          </li>
        </ol>
        <p>
          The client sends the code with its requests as <code>Authorization: Bearer &lt;code&gt;</code>.
        </p>
        <div className={page.actions}>
          <ButtonLink to="/cli/login" variant="primary" icon={<TerminalIcon size={14} />}>
            Get an auth code
          </ButtonLink>
        </div>
      </article>
    </PublicPage>
  );
}
