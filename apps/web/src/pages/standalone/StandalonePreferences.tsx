import { useSearchParams } from "react-router";
import { PreferencesPanel } from "../../features/preferences/PreferencesPanel.tsx";
import { Logo } from "../../ui/Logo.tsx";
import { useDocumentTitle } from "../../ui/useDocumentTitle.ts";
import styles from "./StandalonePage.module.css";

/** /standalone/preferences (spec 2 §2.2): the preferences on their own, opened on `?tab=`. */
export function StandalonePreferences() {
  useDocumentTitle("Preferences");
  const [params] = useSearchParams();
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <Logo />
        <span className={styles.title}>Preferences</span>
      </header>
      <main className={styles.preferences}>
        <PreferencesPanel initialTab={params.get("tab")} />
      </main>
    </div>
  );
}
