import { useId } from "react";
import styles from "./Billing.module.css";

type Option<T extends string> = { value: T; label: string };

/** A small radio group drawn as segments: the plans page's SDK / Editor and Monthly / Yearly toggles. */
export function SegmentedToggle<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly Option<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className={styles.segmented}>
      <legend className="visually-hidden">{label}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.segment} data-checked={option.value === value}>
          <input
            type="radio"
            className={styles.segmentInput}
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

export type PlansTab = "sdk" | "editor";

export const PLANS_TABS: readonly Option<PlansTab>[] = [
  { value: "sdk", label: "SDK" },
  { value: "editor", label: "Editor" },
];

export const INTERVAL_OPTIONS = [
  { value: "MONTHLY", label: "Monthly" },
  { value: "YEARLY", label: "Yearly" },
] as const;
