import type { ComponentType } from "react";
import { SignInModal } from "../features/auth/SignInModal.tsx";
import { CreateDialog } from "../features/create-dialog/CreateDialog.tsx";
import { FeedbackModal } from "../features/feedback/FeedbackModal.tsx";
import { ImportDialog } from "../features/import-repo/ImportDialog.tsx";
import { ConfirmModal } from "../features/modals/ConfirmModal.tsx";
import { closeModal, useCurrentModal } from "../features/modals/modalStore.ts";
import type { ModalComponentProps } from "../features/modals/types.ts";
import {
  AccountClosingModal,
  UndoAccountClosingModal,
} from "../features/preferences/AccountClosingModal.tsx";
import { PreferencesModal } from "../features/preferences/PreferencesModal.tsx";
import { DeleteProfileSandboxModal } from "../features/profile/DeleteProfileSandboxModal.tsx";
import { SelectSandboxModal } from "../features/profile/SelectSandboxModal.tsx";
import { StorageModal } from "../features/storage/StorageModal.tsx";
import { SurveyModal } from "../features/survey/SurveyModal.tsx";
import { TeamInviteModal } from "../features/team-invite/TeamInviteModal.tsx";
import { MinimumPrivacyModal } from "../pages/workspace/MinimumPrivacyModal.tsx";

// biome-ignore lint/suspicious/noExplicitAny: each modal declares its own props; the store keeps them untyped.
const MODALS: Record<string, ComponentType<ModalComponentProps<any, any>>> = {
  signin: SignInModal,
  confirm: ConfirmModal,
  preferences: PreferencesModal,
  storage: StorageModal,
  teamInvite: TeamInviteModal,
  minimumPrivacy: MinimumPrivacyModal,
  create: CreateDialog,
  import: ImportDialog,
  feedback: FeedbackModal,
  userSurvey: SurveyModal,
  accountClosing: AccountClosingModal,
  undoAccountClosing: UndoAccountClosingModal,
  selectSandbox: SelectSandboxModal,
  deleteProfileSandbox: DeleteProfileSandboxModal,
};

/** Renders the one current modal (spec 1 §4 'Modals'). */
export function ModalHost() {
  const current = useCurrentModal();
  if (!current) return null;
  const Modal = MODALS[current.name];
  if (!Modal) {
    console.warn(`No modal is registered under "${current.name}"`);
    return null;
  }
  return <Modal key={current.key} open={current.open} props={current.props} close={closeModal} />;
}
