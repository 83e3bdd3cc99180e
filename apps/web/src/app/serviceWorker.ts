import { installedOfflineMessage } from "@boxyard/domain";
import { toast } from "../ui/toastStore.ts";

const SW_URL = "/service-worker.js";
/** Storage threshold for clearing caches (spec 1 §9). */
const STORAGE_THRESHOLD = 0.95;

export function isLocalhost(hostname: string = window.location.hostname): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** A worker file that is missing or not a script (spec 1 §4). */
export function isInvalidWorkerResponse(status: number, contentType: string | null): boolean {
  return status === 404 || (contentType !== null && !contentType.includes("javascript"));
}

async function clearCachesIfStorageFull(registration: ServiceWorkerRegistration) {
  try {
    const { usage, quota } = (await navigator.storage?.estimate?.()) ?? {};
    if (usage !== undefined && quota && usage / quota >= STORAGE_THRESHOLD) {
      await registration.unregister();
      const keys = await caches.keys();
      await Promise.all(keys.map((key) => caches.delete(key)));
    }
  } catch (error) {
    console.warn("Checking the storage quota failed", error);
  }
}

function watch(registration: ServiceWorkerRegistration) {
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener("statechange", () => {
      if (installing.state === "installed") {
        if (navigator.serviceWorker.controller) {
          toast.info("A new version of Boxyard is available.", {
            sticky: true,
            id: "sw-update",
            action: { label: "Reload", onClick: () => window.location.reload() },
          });
        } else {
          toast.success(installedOfflineMessage());
        }
      } else if (installing.state === "redundant") {
        void clearCachesIfStorageFull(registration);
      }
    });
  });
}

async function register() {
  try {
    const registration = await navigator.serviceWorker.register(SW_URL);
    watch(registration);
  } catch (error) {
    // Registration errors are only logged (spec 1 §8).
    console.error("Service worker registration failed", error);
  }
}

/** Registers the service worker in production builds, when the file exists. */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  window.addEventListener("load", async () => {
    try {
      const response = await fetch(SW_URL, { method: "HEAD", headers: { "Service-Worker": "script" } });
      if (isInvalidWorkerResponse(response.status, response.headers.get("content-type"))) {
        if (isLocalhost()) {
          const registration = await navigator.serviceWorker.getRegistration();
          if (registration) {
            await registration.unregister();
            window.location.reload();
          }
        }
        return;
      }
      await register();
    } catch (error) {
      console.info("No internet connection found. Boxyard is running in offline mode.", error);
    }
  });
}

type OnlineListener = (online: boolean) => void;
const onlineListeners = new Set<OnlineListener>();

/** Online/offline state; subscribers are told when it changes (spec 1 §4). */
export function subscribeOnline(listener: OnlineListener) {
  onlineListeners.add(listener);
  return () => {
    onlineListeners.delete(listener);
  };
}

export function trackOnlineStatus() {
  const notify = () => {
    const online = navigator.onLine;
    if (!online) console.info("No internet connection found. Boxyard is running in offline mode.");
    for (const listener of onlineListeners) listener(online);
  };
  window.addEventListener("online", notify);
  window.addEventListener("offline", notify);
}
