import { type ReactNode, type SelectHTMLAttributes, useId } from "react";
import styles from "./Field.module.css";
import { describedBy, FieldShell } from "./TextField.tsx";

export type SelectOption = { value: string; label: string; disabled?: boolean };

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
  label: ReactNode;
  options: readonly SelectOption[];
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  optional?: boolean;
  id?: string;
};

/** A native select styled like the other fields: keyboard and screen reader behaviour for free. */
export function Select({ label, options, placeholder, hint, error, optional, id, ...props }: SelectProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error} optional={optional}>
      <select
        id={fieldId}
        className={`${styles.control} ${styles.select}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...props}
      >
        {placeholder !== undefined && (
          <option value="" disabled={!optional}>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
