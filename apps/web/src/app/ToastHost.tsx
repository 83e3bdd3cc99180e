import { lazy, Suspense, useMemo, useSyncExternalStore } from "react";
import { getToasts, subscribeToasts } from "../ui/toastStore.ts";
import { loadChunk } from "./lazyPage.ts";
import { QuietBoundary } from "./QuietBoundary.tsx";

/** A fresh lazy piece per attempt: React keeps a failed one failed. */
const lazyToaster = () =>
  lazy(async () => ({
    default: (await loadChunk("toaster", () => import("../ui/Toaster.tsx"))).Toaster,
  }));

let shown = false;
/** True from the first toast on: the toaster, once loaded, stays (its viewport keeps its F8 hotkey). */
const anyToastYet = () => {
  shown ||= getToasts().length > 0;
  return shown;
};

function LoadedToaster({ attempt }: { attempt: number }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt makes a new piece.
  const Toaster = useMemo(lazyToaster, [attempt]);
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * The toaster's code (Radix Toast) is fetched with the first toast, not on a page's first load.
 * If it cannot be fetched (offline), the toasts wait in their store and the app goes on.
 */
export function ToastHost() {
  const needed = useSyncExternalStore(subscribeToasts, anyToastYet, anyToastYet);
  if (!needed) return null;
  return <QuietBoundary>{(attempt) => <LoadedToaster attempt={attempt} />}</QuietBoundary>;
}
