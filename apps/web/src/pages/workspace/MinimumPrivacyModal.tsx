import { useState } from "react";
import type { ModalComponentProps } from "../../features/modals/types.ts";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { privacyLabel } from "./workspaceSettings.ts";

export type MinimumPrivacyProps = { teamName: string; minimumPrivacy: number };
export type MinimumPrivacyResult = { updateDrafts: boolean };

/** Confirms a new minimum privacy (spec 2 §2.1 'minimumPrivacy', width 450) and asks about existing drafts. */
export function MinimumPrivacyModal({
  open,
  props,
  close,
}: ModalComponentProps<MinimumPrivacyProps, MinimumPrivacyResult>) {
  const [updateDrafts, setUpdateDrafts] = useState(true);
  const label = privacyLabel(props.minimumPrivacy).toLowerCase();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Change minimum privacy"
      width={450}
      footer={
        <>
          <Button onClick={() => close()}>Cancel</Button>
          <Button variant="primary" onClick={() => close({ updateDrafts })} autoFocus>
            Change minimum privacy
          </Button>
        </>
      }
    >
      <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
        <p style={{ color: "var(--color-text-secondary)" }}>
          New sandboxes and devboxes in {props.teamName} will be at least {label}, and none can be made less
          private than that.
        </p>
        <Checkbox
          label="Also apply it to existing drafts"
          description={`Drafts below ${label} become ${label}. Sandboxes in folders keep their privacy.`}
          checked={updateDrafts}
          onChange={(event) => setUpdateDrafts(event.target.checked)}
        />
      </div>
    </Modal>
  );
}
