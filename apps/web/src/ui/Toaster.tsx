import * as RadixToast from "@radix-ui/react-toast";
import { useSyncExternalStore } from "react";
import { Button } from "./Button.tsx";
import { CloseIcon } from "./Icon.tsx";
import styles from "./Toaster.module.css";
import { dismissToast, getToasts, pauseToast, resumeToast, subscribeToasts } from "./toastStore.ts";

export function useToasts() {
  return useSyncExternalStore(subscribeToasts, getToasts, getToasts);
}

/** Renders the toast store. Lifetimes are kept by the store, so Radix never closes a toast itself. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <RadixToast.Provider duration={Number.POSITIVE_INFINITY} swipeDirection="right" label="Notification">
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          open
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          onPause={() => pauseToast(toast.id)}
          onResume={() => resumeToast(toast.id)}
          type={toast.status === "error" ? "foreground" : "background"}
          className={[styles.toast, toast.status !== "info" && styles[toast.status]]
            .filter(Boolean)
            .join(" ")}
          data-status={toast.status}
        >
          <RadixToast.Description className={styles.message}>{toast.message}</RadixToast.Description>
          <div className={styles.actions}>
            {toast.action && (
              <RadixToast.Action asChild altText={toast.action.label}>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    toast.action?.onClick();
                    dismissToast(toast.id);
                  }}
                >
                  {toast.action.label}
                </Button>
              </RadixToast.Action>
            )}
            <RadixToast.Close asChild>
              <Button size="sm" variant="ghost" iconOnly aria-label="Dismiss notification">
                <CloseIcon size={14} />
              </Button>
            </RadixToast.Close>
          </div>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className={styles.viewport} />
    </RadixToast.Provider>
  );
}
