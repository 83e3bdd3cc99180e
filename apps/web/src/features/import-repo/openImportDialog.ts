import { openModal } from "../modals/modalStore.ts";

export type ImportDialogProps = {
  teamId: string | null;
  /** owner/name to open at the configuration step (import_repo=owner/name, spec 1 §2). */
  prefill?: { owner: string; name: string } | null;
};

/** Opens the import modal (spec 2 §2.4). */
export function openImportDialog(props: ImportDialogProps) {
  return openModal("import", props);
}
