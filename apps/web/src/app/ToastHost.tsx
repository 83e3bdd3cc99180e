import { lazy, Suspense, useSyncExternalStore } from "react";
import { getToasts, subscribeToasts } from "../ui/toastStore.ts";
import { loadChunk } from "./lazyPage.ts";

const Toaster = lazy(async () => ({
  default: (await loadChunk("toaster", () => import("../ui/Toaster.tsx"))).Toaster,
}));

let shown = false;
/** True from the first toast on: the toaster, once loaded, stays (its viewport keeps its F8 hotkey). */
const anyToastYet = () => {
  shown ||= getToasts().length > 0;
  return shown;
};

/** The toaster's code (Radix Toast) is fetched with the first toast, not on a page's first load. */
export function ToastHost() {
  const needed = useSyncExternalStore(subscribeToasts, anyToastYet, anyToastYet);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
