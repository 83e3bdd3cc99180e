import { WORKSPACE_USE_CASES } from "@boxyard/domain";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { getErrorMessage } from "../../api/errors.ts";
import { setTeamMetadataMutation } from "../../api/queries/billing.ts";
import styles from "../../features/billing/Billing.module.css";
import { StepActions } from "../../features/billing/FlowFrame.tsx";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";

/**
 * The usecases step (spec 2 §2.9): any number of use cases, none included; they are saved
 * (setTeamMetadata) only when at least one is chosen.
 */
export function UseCasesStep({
  teamId,
  onBack,
  onDone,
}: {
  teamId: string;
  onBack: () => void;
  onDone: () => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const save = useMutation(setTeamMetadataMutation({ onSuccess: onDone }));
  const toggle = (useCase: string, on: boolean) =>
    setChosen((list) => (on ? [...list, useCase] : list.filter((c) => c !== useCase)));
  return (
    <section className={styles.section} aria-labelledby="usecases-title">
      <h2 id="usecases-title" className={styles.sectionTitle}>
        What will you use this workspace for?
      </h2>
      <p className={styles.muted}>Pick as many as you like, or none.</p>
      <fieldset
        style={{
          border: 0,
          padding: 0,
          margin: 0,
          display: "grid",
          gap: 8,
          gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
        }}
      >
        <legend className="visually-hidden">Use cases</legend>
        {WORKSPACE_USE_CASES.map((useCase) => (
          <Checkbox
            key={useCase}
            label={useCase}
            checked={chosen.includes(useCase)}
            onChange={(event) => toggle(useCase, event.target.checked)}
          />
        ))}
      </fieldset>
      {save.isError && (
        <p role="alert" style={{ color: "var(--color-danger)" }}>
          {getErrorMessage(save.error)}
        </p>
      )}
      <StepActions>
        <Button onClick={onBack}>Back</Button>
        <Button
          variant="primary"
          loading={save.isPending}
          onClick={() => (chosen.length > 0 ? save.mutate({ teamId, useCases: chosen }) : onDone())}
        >
          Next
        </Button>
      </StepActions>
    </section>
  );
}
