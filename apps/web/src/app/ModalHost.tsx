import { type ComponentType, lazy, Suspense } from "react";
import { closeModal, useCurrentModal } from "../features/modals/modalStore.ts";
import type { ModalComponentProps } from "../features/modals/types.ts";
import { loadChunk } from "./lazyPage.ts";

// biome-ignore lint/suspicious/noExplicitAny: each modal declares its own props; the store keeps them untyped.
type AnyModal = ComponentType<ModalComponentProps<any, any>>;

/** A modal's code is its own piece, fetched when it first opens: none of it is on a page's first load. */
function lazyModal<M extends Record<string, unknown>>(
  name: string,
  importer: () => Promise<M>,
  exportName: keyof M & string,
) {
  return lazy(async () => ({
    default: (await loadChunk(`modal-${name}`, importer))[exportName] as AnyModal,
  }));
}

const MODALS: Record<string, AnyModal> = {
  signin: lazyModal("signin", () => import("../features/auth/SignInModal.tsx"), "SignInModal"),
  confirm: lazyModal("confirm", () => import("../features/modals/ConfirmModal.tsx"), "ConfirmModal"),
  preferences: lazyModal(
    "preferences",
    () => import("../features/preferences/PreferencesModal.tsx"),
    "PreferencesModal",
  ),
  storage: lazyModal("storage", () => import("../features/storage/StorageModal.tsx"), "StorageModal"),
  teamInvite: lazyModal(
    "teamInvite",
    () => import("../features/team-invite/TeamInviteModal.tsx"),
    "TeamInviteModal",
  ),
  minimumPrivacy: lazyModal(
    "minimumPrivacy",
    () => import("../pages/workspace/MinimumPrivacyModal.tsx"),
    "MinimumPrivacyModal",
  ),
  create: lazyModal("create", () => import("../features/create-dialog/CreateDialog.tsx"), "CreateDialog"),
  import: lazyModal("import", () => import("../features/import-repo/ImportDialog.tsx"), "ImportDialog"),
  feedback: lazyModal("feedback", () => import("../features/feedback/FeedbackModal.tsx"), "FeedbackModal"),
  userSurvey: lazyModal("userSurvey", () => import("../features/survey/SurveyModal.tsx"), "SurveyModal"),
  accountClosing: lazyModal(
    "accountClosing",
    () => import("../features/preferences/AccountClosingModal.tsx"),
    "AccountClosingModal",
  ),
  undoAccountClosing: lazyModal(
    "undoAccountClosing",
    () => import("../features/preferences/AccountClosingModal.tsx"),
    "UndoAccountClosingModal",
  ),
  selectSandbox: lazyModal(
    "selectSandbox",
    () => import("../features/profile/SelectSandboxModal.tsx"),
    "SelectSandboxModal",
  ),
  deleteProfileSandbox: lazyModal(
    "deleteProfileSandbox",
    () => import("../features/profile/DeleteProfileSandboxModal.tsx"),
    "DeleteProfileSandboxModal",
  ),
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
  return (
    <Suspense fallback={null}>
      <Modal key={current.key} open={current.open} props={current.props} close={closeModal} />
    </Suspense>
  );
}
