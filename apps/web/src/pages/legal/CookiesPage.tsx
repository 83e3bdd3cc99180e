import { useEffect } from "react";
import { useLocation } from "react-router";
import { openCookieSettings } from "../../features/cookie-consent/consent.ts";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { LOGIN_MARKER_COOKIE } from "../../features/session/loginMarker.ts";
import { STORAGE_KEYS } from "../../features/session/storage.ts";
import { Button } from "../../ui/Button.tsx";
import page from "../../ui/Page.module.css";

/** /legal/cookies: the privacy and cookie statement, with the terms of service below. */
export function CookiesPage() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <PublicPage title="Privacy and cookies">
      <article className={page.prose}>
        <span className={page.eyebrow}>Legal</span>
        <h1>Privacy and cookie statement</h1>
        <p>
          Boxyard is self-hosted: this installation is run by your organisation, which decides where its data
          lives and who can reach it. This page says what the application itself stores about you and in your
          browser.
        </p>

        <h2 id="privacy">What we keep about you</h2>
        <ul>
          <li>
            <strong>Your account:</strong> username, display name, e-mail address and avatar from the provider
            you signed in with, plus the role, usage and company details you gave when you created the
            account.
          </li>
          <li>
            <strong>Your work:</strong> the sandboxes, devboxes, templates, folders and repositories you
            create or import, and the workspaces you belong to.
          </li>
          <li>
            <strong>Activity needed to run the product:</strong> what you opened recently, notifications, and
            the usage of virtual machines that workspaces are billed for.
          </li>
        </ul>
        <p>
          This data is used only to provide the product. You can ask your installation's administrator for a
          copy or for its deletion, and request the deletion of your account from your user settings.
        </p>

        <h2 id="cookies">Cookies and local storage</h2>
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Category</th>
              <th>Purpose</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Session cookie</td>
              <td>Functional</td>
              <td>Keeps you signed in. Not readable by scripts (HttpOnly).</td>
            </tr>
            <tr>
              <td>
                <code>{LOGIN_MARKER_COOKIE}</code>
              </td>
              <td>Functional</td>
              <td>
                Tells the app that a session exists, so it only asks for your account when you are signed in.
              </td>
            </tr>
            <tr>
              <td>
                <code>{STORAGE_KEYS.selectedWorkspace}</code>
              </td>
              <td>Functional (local storage)</td>
              <td>Remembers the workspace you last chose.</td>
            </tr>
            <tr>
              <td>
                <code>{STORAGE_KEYS.cookieConsent}</code>
              </td>
              <td>Functional (local storage)</td>
              <td>Remembers your cookie choices.</td>
            </tr>
          </tbody>
        </table>
        <p>
          <strong>Functional</strong> storage is always on: the product cannot work without it.{" "}
          <strong>Analytical</strong> cookies help understand how the product is used and are set only when
          you allow them; with analytical cookies off, analytics is opted out. <strong>Marketing</strong>{" "}
          cookies are set only when you allow them. This installation sets no analytical or marketing cookies
          unless its administrator adds such a service.
        </p>
        <div className={page.actions}>
          <Button onClick={openCookieSettings}>Cookie settings</Button>
        </div>

        <h2 id="terms">Terms of service</h2>
        <p>
          By using this installation you agree to follow the rules of the organisation that runs it and to use
          it only for work you are allowed to do. Do not use it to break the law, to attack other systems, or
          to store content you have no right to share. Accounts that do may be suspended by the administrator.
        </p>
        <p>
          The software is provided as is. The organisation running it is responsible for its availability,
          backups and the data it holds.
        </p>
      </article>
    </PublicPage>
  );
}
