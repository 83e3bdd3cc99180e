import { format } from "date-fns";
import { useState } from "react";
import { Avatar } from "../../ui/Avatar.tsx";
import { Modal } from "../../ui/Modal.tsx";
import type { ModalComponentProps } from "../modals/types.ts";
import { NotificationPreferences } from "../notifications/NotificationPreferences.tsx";
import { useSession } from "../session/SessionProvider.tsx";
import styles from "./PreferencesModal.module.css";

export type PreferencesModalProps = { tab?: "account" | "notifications" };

/** Preferences (spec 2 §2.5), width 900. The account tab shows who is signed in. */
export function PreferencesModal({ open, close, props }: ModalComponentProps<PreferencesModalProps>) {
  const { user } = useSession();
  const [tab, setTab] = useState(props?.tab ?? "account");
  return (
    <Modal open={open} onOpenChange={(next) => !next && close()} title="Preferences" width={900} bare>
      <div className={styles.layout}>
        <div className={styles.tabs} role="tablist" aria-label="Preferences" aria-orientation="vertical">
          <button
            type="button"
            role="tab"
            aria-selected={tab === "account"}
            className={styles.tab}
            id="preferences-tab-account"
            aria-controls="preferences-panel-account"
            onClick={() => setTab("account")}
          >
            Account
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === "notifications"}
            className={styles.tab}
            id="preferences-tab-notifications"
            aria-controls="preferences-panel-notifications"
            onClick={() => setTab("notifications")}
          >
            Notifications
          </button>
        </div>
        {tab === "notifications" && (
          <section
            className={styles.panel}
            role="tabpanel"
            id="preferences-panel-notifications"
            aria-labelledby="preferences-tab-notifications"
          >
            <NotificationPreferences />
          </section>
        )}
        <section
          hidden={tab !== "account"}
          className={styles.panel}
          role="tabpanel"
          id="preferences-panel-account"
          aria-labelledby="preferences-tab-account"
        >
          {user ? (
            <>
              <div className={styles.profile}>
                <Avatar name={user.name || user.username} src={user.avatarUrl} size={56} />
                <div>
                  <h3>{user.name || user.username}</h3>
                  <p>@{user.username}</p>
                </div>
              </div>
              <dl className={styles.details}>
                <dt>Username</dt>
                <dd>{user.username}</dd>
                <dt>Name</dt>
                <dd>{user.name || "—"}</dd>
                <dt>E-mail</dt>
                <dd>{user.email || "—"}</dd>
                <dt>Signed in with</dt>
                <dd>{user.provider || "—"}</dd>
                <dt>Member since</dt>
                <dd>{user.insertedAt ? format(new Date(user.insertedAt), "d MMMM yyyy") : "—"}</dd>
              </dl>
            </>
          ) : (
            <p>Sign in to see your account.</p>
          )}
        </section>
      </div>
    </Modal>
  );
}
