import { CODEHOST_MESSAGES } from "@boxyard/domain";
import { Select } from "../../ui/Select.tsx";
import type { ImportTarget } from "./useImportTarget.ts";

/** The workspace and VM tier of an import or a fork. */
export function TargetFields({ target }: { target: ImportTarget }) {
  return (
    <>
      <Select
        label="Workspace"
        value={target.teamId}
        options={target.workspaces.map((w) => ({ value: w.id, label: w.name }))}
        onChange={(event) => target.setTeamId(event.target.value)}
      />
      <Select
        label="VM tier"
        value={String(target.vmTier)}
        disabled={!target.tiersLoaded}
        options={target.tierOptions}
        hint={target.tierHint ?? undefined}
        onChange={(event) => target.setVmTier(Number(event.target.value))}
      />
      {target.frozen && (
        <p role="alert" style={{ color: "var(--color-danger)" }}>
          {CODEHOST_MESSAGES.frozenImport}
        </p>
      )}
    </>
  );
}
