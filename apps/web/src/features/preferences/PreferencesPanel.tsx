import { type ReactNode, useState } from "react";
import { NotificationPreferences } from "../notifications/NotificationPreferences.tsx";
import { useSession } from "../session/SessionProvider.tsx";
import { AccountTab } from "./AccountTab.tsx";
import { ExperimentsTab } from "./ExperimentsTab.tsx";
import { IntegrationsTab } from "./IntegrationsTab.tsx";
import styles from "./PreferencesModal.module.css";

export type PreferencesTab = "account" | "integrations" | "notifications" | "experiments";

type TabEntry = { id: PreferencesTab; label: string; panel: () => ReactNode };

/**
 * The tabs shown (spec 2 §2.5): Account; Integrations (hidden on-premise or signed out);
 * Notifications (signed in); Experiments (hidden on-premise).
 */
export function preferencesTabs(options: { onPremise: boolean; loggedIn: boolean }): TabEntry[] {
  const tabs: TabEntry[] = [{ id: "account", label: "Account", panel: () => <AccountTab /> }];
  if (!options.onPremise && options.loggedIn) {
    tabs.push({ id: "integrations", label: "Integrations", panel: () => <IntegrationsTab /> });
  }
  if (options.loggedIn) {
    tabs.push({ id: "notifications", label: "Notifications", panel: () => <NotificationPreferences /> });
  }
  if (!options.onPremise)
    tabs.push({ id: "experiments", label: "Experiments", panel: () => <ExperimentsTab /> });
  return tabs;
}

/** The preferences tabs and the selected tab's panel: in the modal and on /standalone/preferences. */
export function PreferencesPanel({ initialTab }: { initialTab?: string | null }) {
  const { features, isLoggedIn } = useSession();
  const tabs = preferencesTabs({ onPremise: features?.onPremise ?? false, loggedIn: isLoggedIn });
  const [selected, setSelected] = useState<string>(() =>
    tabs.some((t) => t.id === initialTab) ? (initialTab as string) : "account",
  );
  const current = tabs.find((t) => t.id === selected) ?? tabs[0]!;

  return (
    <div className={styles.layout}>
      <div className={styles.tabs} role="tablist" aria-label="Preferences" aria-orientation="vertical">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            aria-selected={tab.id === current.id}
            tabIndex={tab.id === current.id ? 0 : -1}
            className={styles.tab}
            id={`preferences-tab-${tab.id}`}
            aria-controls={`preferences-panel-${tab.id}`}
            onClick={() => setSelected(tab.id)}
            onKeyDown={(event) => {
              const index = tabs.findIndex((t) => t.id === current.id);
              const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
              if (!step) return;
              event.preventDefault();
              const next = tabs[(index + step + tabs.length) % tabs.length]!;
              setSelected(next.id);
              document.getElementById(`preferences-tab-${next.id}`)?.focus();
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <section
        className={styles.panel}
        role="tabpanel"
        id={`preferences-panel-${current.id}`}
        aria-labelledby={`preferences-tab-${current.id}`}
      >
        {current.panel()}
      </section>
    </div>
  );
}
