import { spendingLimitMax, spendingLimitProblem } from "@boxyard/domain";
import { TextField } from "../../ui/TextField.tsx";

/** The limit a checkout sends for what is typed, or null while it is not a valid one. */
export function chosenSpendingLimit(value: string): number | null {
  return spendingLimitProblem(value, true) ? null : Math.floor(Number(value.trim()));
}

/**
 * The spending limit chosen with a plan being bought (spec 2 §5): up to the paid plan's maximum
 * (1000 on Pro), with the spec's texts. Nothing is saved here: the workspace is on Free until the
 * checkout completes, so the limit goes with the checkout and the server sets it when the plan starts.
 */
export function CheckoutSpendingLimitField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div style={{ maxWidth: 360 }}>
      <TextField
        label="Spending limit ($)"
        name="spendingLimit"
        inputMode="numeric"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={spendingLimitProblem(value, true) ?? undefined}
        hint={`Between $0 and $${spendingLimitMax(true)} a billing cycle. It is set when your plan starts.`}
      />
    </div>
  );
}
