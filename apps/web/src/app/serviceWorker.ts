import { installedOfflineMessage, PRODUCT_NAME } from "@boxyard/domain";
import { toast } from "../ui/toastStore.ts";

export const SW_URL = "/service-worker.js";
/** Storage threshold for clearing caches (spec 1 §9). */
export const STORAGE_THRESHOLD = 0.95;
export const OFFLINE_MESSAGE = `No internet connection found. ${PRODUCT_NAME} is running in offline mode.`;
export const UPDATE_AVAILABLE_MESSAGE = `A new version of ${PRODUCT_NAME} is available.`;
/** Set on a browser's first page of the app: later pages know it came back. */
export const VISITED_KEY = "boxyard:visited";

export function isLocalhost(hostname: string = window.location.hostname): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** A worker file that is missing or not a script (spec 1 §4). */
export function isInvalidWorkerResponse(status: number, contentType: string | null): boolean {
  return status === 404 || (contentType !== null && !contentType.includes("javascript"));
}

/**
 * The service worker's status (spec 1 §4): 'installed' after a first install (the app now works
 * offline), 'update-available' when a new worker installed while another one was in charge,
 * 'unregistered' when an invalid worker file made it go.
 */
export type ServiceWorkerStatus = "none" | "registered" | "installed" | "update-available" | "unregistered";

let status: ServiceWorkerStatus = "none";
const statusListeners = new Set<() => void>();

function setStatus(next: ServiceWorkerStatus) {
  status = next;
  for (const listener of statusListeners) listener();
}

export function getServiceWorkerStatus(): ServiceWorkerStatus {
  return status;
}

export function subscribeServiceWorkerStatus(listener: () => void) {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}

/** What the worker's handling uses of the browser; tests hand in stand-ins. */
export type WorkerEnvironment = {
  container: Pick<ServiceWorkerContainer, "register" | "getRegistration" | "controller">;
  storage: Pick<StorageManager, "estimate"> | undefined;
  caches: Pick<CacheStorage, "keys" | "delete">;
  fetch: typeof fetch;
  hostname: string;
  reload: () => void;
  /** This browser opened the app before this page load. */
  returningVisitor: boolean;
};

/** Whether this browser opened the app before; notes that it has now. Storage errors: a new visitor. */
export function noteVisit(storage: Pick<Storage, "getItem" | "setItem"> | undefined): boolean {
  try {
    const returning = storage?.getItem(VISITED_KEY) != null;
    storage?.setItem(VISITED_KEY, "1");
    return returning;
  } catch {
    return false;
  }
}

function browserEnvironment(): WorkerEnvironment {
  return {
    container: navigator.serviceWorker,
    storage: navigator.storage,
    caches: window.caches,
    fetch: (input, init) => window.fetch(input, init),
    hostname: window.location.hostname,
    reload: () => window.location.reload(),
    returningVisitor: noteVisit(readLocalStorage()),
  };
}

function readLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** A worker gone redundant while storage is nearly full: unregister it and clear every cache. */
export async function clearCachesIfStorageFull(
  registration: ServiceWorkerRegistration,
  env: WorkerEnvironment,
) {
  try {
    const { usage, quota } = (await env.storage?.estimate()) ?? {};
    if (usage !== undefined && quota && usage / quota >= STORAGE_THRESHOLD) {
      await registration.unregister();
      const keys = await env.caches.keys();
      await Promise.all(keys.map((key) => env.caches.delete(key)));
    }
  } catch (error) {
    console.warn("Checking the storage quota failed", error);
  }
}

/**
 * Follows the workers a registration installs. The first one ever installed makes the app work
 * offline: a returning visitor is told so (spec 1 §4), while a brand-new one, on their first page,
 * is not greeted with it. Any later worker is an update, announced with a Reload action.
 */
export function watchRegistration(
  registration: ServiceWorkerRegistration,
  env: WorkerEnvironment,
  { firstInstall }: { firstInstall: boolean },
) {
  let first = firstInstall;
  const watched = new WeakSet<ServiceWorker>();
  const watch = (worker: ServiceWorker | null) => {
    if (!worker || watched.has(worker)) return;
    watched.add(worker);
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") {
        if (first && !env.container.controller) {
          first = false;
          setStatus("installed");
          if (env.returningVisitor) toast.success(installedOfflineMessage());
        } else {
          setStatus("update-available");
          toast.info(UPDATE_AVAILABLE_MESSAGE, {
            sticky: true,
            id: "sw-update",
            action: { label: "Reload", onClick: env.reload },
          });
        }
      } else if (worker.state === "redundant") {
        void clearCachesIfStorageFull(registration, env);
      }
    });
  };
  // A worker may already be installing when register() answers; later ones announce themselves.
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
}

/**
 * Checks the worker file, then registers the worker (spec 1 §4, §7). On localhost a missing worker
 * file, or one that is not a script, unregisters the worker and reloads the page; without a
 * connection the app says it runs offline. Registration errors are only logged (spec 1 §8).
 */
export async function startServiceWorker(env: WorkerEnvironment = browserEnvironment()) {
  try {
    const response = await env.fetch(SW_URL, { method: "HEAD", headers: { "Service-Worker": "script" } });
    if (isInvalidWorkerResponse(response.status, response.headers.get("content-type"))) {
      if (isLocalhost(env.hostname)) {
        const registration = await env.container.getRegistration();
        if (registration) {
          await registration.unregister();
          setStatus("unregistered");
          env.reload();
        }
      }
      return;
    }
  } catch (error) {
    console.info(OFFLINE_MESSAGE, error);
    return;
  }
  try {
    // A first install is one where no worker was in charge of, or ready for, this app before.
    const existing = await env.container.getRegistration();
    const firstInstall = !env.container.controller && !existing?.active && !existing?.waiting;
    const registration = await env.container.register(SW_URL);
    setStatus("registered");
    watchRegistration(registration, env, { firstInstall });
  } catch (error) {
    console.error("Service worker registration failed", error);
  }
}

/** Registers the service worker once the page has loaded (production builds). */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => void startServiceWorker());
}

type OnlineListener = (online: boolean) => void;
const onlineListeners = new Set<OnlineListener>();
let online = true;

/** Online/offline state; subscribers are told when it changes (spec 1 §4). */
export function subscribeOnline(listener: OnlineListener) {
  onlineListeners.add(listener);
  return () => {
    onlineListeners.delete(listener);
  };
}

export function isOnline(): boolean {
  return online;
}

/** Follows the browser's online and offline events; going offline is logged. */
export function trackOnlineStatus(
  target: Pick<Window, "addEventListener"> = window,
  readOnline: () => boolean = () => navigator.onLine,
) {
  online = readOnline();
  const notify = () => {
    online = readOnline();
    if (!online) console.info(OFFLINE_MESSAGE);
    for (const listener of onlineListeners) listener(online);
  };
  target.addEventListener("online", notify);
  target.addEventListener("offline", notify);
}

/** Test helper. */
export function resetServiceWorkerState() {
  status = "none";
  online = true;
  statusListeners.clear();
  onlineListeners.clear();
}
