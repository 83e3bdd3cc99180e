import { openModal } from "./modalStore.ts";

export type ConfirmOptions = {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
};

/** Resolves true when the user confirms, false when they cancel or dismiss (the dialog's code loads then). */
export async function confirm(options: ConfirmOptions): Promise<boolean> {
  return (await openModal<boolean>("confirm", options)) === true;
}

export function useConfirm() {
  return confirm;
}
