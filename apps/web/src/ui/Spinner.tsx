import styles from "./Spinner.module.css";

export function Spinner({ size = 16, label }: { size?: number; label?: string }) {
  const spinner = (
    <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />
  );
  if (!label) return spinner;
  return (
    <span role="status">
      {spinner}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A centred spinner that fills the page area while something loads. */
export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className={styles.page}>
      <Spinner size={20} label={label} />
    </div>
  );
}
