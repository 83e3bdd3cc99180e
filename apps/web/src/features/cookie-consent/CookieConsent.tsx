import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import styles from "./CookieConsent.module.css";
import { closeCookieSettings, saveConsent, useConsent } from "./consent.ts";

/** Cookie consent banner (spec 1 §2): functional (always on), analytical and marketing. */
export function CookieConsentBanner() {
  const { consent, settingsOpen } = useConsent();
  const [customizing, setCustomizing] = useState(false);
  const [analytical, setAnalytical] = useState(consent?.analytical ?? false);
  const [marketing, setMarketing] = useState(consent?.marketing ?? false);

  if (consent && !settingsOpen) return null;
  const expanded = customizing || settingsOpen;

  return (
    <section className={styles.banner} aria-labelledby="cookie-consent-title">
      <h2 id="cookie-consent-title">Cookies on Boxyard</h2>
      <p>
        We use functional cookies to keep you signed in. With your permission we also use analytical and
        marketing cookies. Read the <Link to="/legal/cookies">privacy and cookie statement</Link>.
      </p>
      {expanded && (
        <fieldset className={styles.choices}>
          <legend className="visually-hidden">Cookie categories</legend>
          <Checkbox
            label="Functional"
            description="Needed for signing in and remembering your choices. Always on."
            checked
            disabled
            readOnly
          />
          <Checkbox
            label="Analytical"
            description="Helps us understand how the product is used."
            checked={analytical}
            onChange={(event) => setAnalytical(event.target.checked)}
          />
          <Checkbox
            label="Marketing"
            description="Lets us measure our campaigns."
            checked={marketing}
            onChange={(event) => setMarketing(event.target.checked)}
          />
        </fieldset>
      )}
      <div className={styles.actions}>
        {expanded ? (
          <>
            {settingsOpen && consent && (
              <Button variant="ghost" onClick={closeCookieSettings}>
                Cancel
              </Button>
            )}
            <Button variant="primary" onClick={() => saveConsent({ analytical, marketing })}>
              Save choices
            </Button>
          </>
        ) : (
          <>
            <Button variant="ghost" onClick={() => setCustomizing(true)}>
              Customize
            </Button>
            <Button onClick={() => saveConsent({ analytical: false, marketing: false })}>
              Only functional
            </Button>
            <Button variant="primary" onClick={() => saveConsent({ analytical: true, marketing: true })}>
              Accept all
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
