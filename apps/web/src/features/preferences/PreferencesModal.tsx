import { Modal } from "../../ui/Modal.tsx";
import type { ModalComponentProps } from "../modals/types.ts";
import { PreferencesPanel } from "./PreferencesPanel.tsx";

export type PreferencesModalProps = { tab?: string };

/** Preferences (spec 2 §2.1 width 900, §2.5), opened on a tab (the user menu: account). */
export function PreferencesModal({ open, props, close }: ModalComponentProps<PreferencesModalProps>) {
  return (
    <Modal open={open} onOpenChange={(next) => !next && close()} title="Preferences" width={900} bare>
      <PreferencesPanel initialTab={props.tab} />
    </Modal>
  );
}
