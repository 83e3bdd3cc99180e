/** Notification lifetimes (spec 1 §9): default 3 s, errors 6 s. */
export const TOAST_DEFAULT_MS = 3000;
export const TOAST_ERROR_MS = 6000;

export type ToastStatus = "info" | "success" | "error" | "warning";

export type ToastAction = { label: string; onClick: () => void };

export type ToastInput = {
  message: string;
  status?: ToastStatus;
  /** Stays until dismissed. */
  sticky?: boolean;
  /** Overrides the lifetime, in seconds (spec 2 §9: seconds times 1000 ms). */
  seconds?: number;
  action?: ToastAction;
  /** Toasts with the same id replace each other. */
  id?: string;
};

export type Toast = Required<Pick<ToastInput, "message" | "status" | "sticky">> & {
  id: string;
  action?: ToastAction;
  duration: number;
};

type Listener = () => void;

let toasts: Toast[] = [];
const listeners = new Set<Listener>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit() {
  for (const listener of listeners) listener();
}

/** How long a toast stays, in ms. */
export function toastLifetime(input: Pick<ToastInput, "status" | "sticky" | "seconds">): number {
  if (input.sticky) return Number.POSITIVE_INFINITY;
  if (input.seconds !== undefined) return input.seconds * 1000;
  return input.status === "error" ? TOAST_ERROR_MS : TOAST_DEFAULT_MS;
}

export function dismissToast(id: string) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  const next = toasts.filter((toast) => toast.id !== id);
  if (next.length !== toasts.length) {
    toasts = next;
    emit();
  }
}

function schedule(toast: Toast) {
  const existing = timers.get(toast.id);
  if (existing) clearTimeout(existing);
  if (Number.isFinite(toast.duration)) {
    timers.set(
      toast.id,
      setTimeout(() => dismissToast(toast.id), toast.duration),
    );
  }
}

/** Shows a toast; returns its id. Usable outside React (transport error handlers, start-up). */
export function showToast(input: ToastInput): string {
  counter += 1;
  const id = input.id ?? `toast-${counter}`;
  const status = input.status ?? "info";
  const toast: Toast = {
    id,
    message: input.message,
    status,
    sticky: input.sticky ?? false,
    duration: toastLifetime({ ...input, status }),
    action: input.action,
  };
  toasts = [...toasts.filter((t) => t.id !== id), toast];
  schedule(toast);
  emit();
  return id;
}

/** Stops the clock while the pointer or focus is on a toast. */
export function pauseToast(id: string) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
}

export function resumeToast(id: string) {
  const toast = toasts.find((t) => t.id === id);
  if (toast) schedule(toast);
}

export const toast = {
  show: showToast,
  info: (message: string, options?: Omit<ToastInput, "message" | "status">) =>
    showToast({ ...options, message, status: "info" }),
  success: (message: string, options?: Omit<ToastInput, "message" | "status">) =>
    showToast({ ...options, message, status: "success" }),
  error: (message: string, options?: Omit<ToastInput, "message" | "status">) =>
    showToast({ ...options, message, status: "error" }),
  dismiss: dismissToast,
};

export function subscribeToasts(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToasts(): Toast[] {
  return toasts;
}

/** Test helper. */
export function resetToasts() {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  toasts = [];
  emit();
}
