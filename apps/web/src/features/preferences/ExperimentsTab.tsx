import { ACCOUNT_MESSAGES } from "@boxyard/domain";
import styles from "./PreferencesModal.module.css";

/** Experiments (spec 2 §2.5): none are available. */
export function ExperimentsTab() {
  return (
    <>
      <h3 className={styles.heading}>Experiments</h3>
      <p className={styles.muted}>{ACCOUNT_MESSAGES.noExperiments}</p>
    </>
  );
}
