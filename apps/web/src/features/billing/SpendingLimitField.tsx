import { spendingLimitMax, spendingLimitProblem } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { getErrorMessage } from "../../api/errors.ts";
import { setTeamLimitsMutation } from "../../api/queries/billing.ts";
import { TextField } from "../../ui/TextField.tsx";

/**
 * The on-demand spending limit in dollars (spec 2 §5): numeric, 0 to 1000 on Pro and 100 on Free,
 * with the spec's two texts; saved with setTeamLimits on blur when valid.
 */
export function SpendingLimitField({
  teamId,
  pro,
  initial,
  onSaved,
  onValidity,
}: {
  teamId: string;
  pro: boolean;
  initial: number;
  onSaved?: (limit: number) => void;
  /** Told whether what is typed is a valid limit, as it is typed (a flow keeps Next disabled meanwhile). */
  onValidity?: (valid: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(initial));
  const [saved, setSaved] = useState(initial);
  const max = spendingLimitMax(pro);
  const problem = spendingLimitProblem(value, pro);
  const save = useMutation(
    setTeamLimitsMutation(queryClient, {
      onSuccess: (_data, vars) => {
        setSaved(vars.onDemandSpendingLimit);
        onSaved?.(vars.onDemandSpendingLimit);
      },
    }),
  );

  function onBlur() {
    if (problem) return;
    const limit = Math.floor(Number(value.trim()));
    if (limit === saved && !save.isError) return;
    save.mutate({ teamId, onDemandSpendingLimit: limit });
  }

  const error = problem ?? (save.isError ? getErrorMessage(save.error) : undefined);
  const hint = save.isPending
    ? "Saving…"
    : save.isSuccess
      ? "Spending limit saved."
      : `Between $0 and $${max} a billing cycle. Devboxes are frozen when it is reached.`;
  return (
    <div style={{ maxWidth: 360 }}>
      <TextField
        label="Spending limit ($)"
        name="spendingLimit"
        inputMode="numeric"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          onValidity?.(spendingLimitProblem(event.target.value, pro) === null);
          save.reset();
        }}
        onBlur={onBlur}
        error={error}
        hint={hint}
      />
    </div>
  );
}
