export type ModalComponentProps<P = Record<string, never>, R = unknown> = {
  open: boolean;
  props: P;
  close: (result?: R) => void;
};
