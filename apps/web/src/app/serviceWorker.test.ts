import { afterEach, describe, expect, it, vi } from "vitest";
import { getToasts } from "../ui/toastStore.ts";
import {
  getServiceWorkerStatus,
  isOnline,
  noteVisit,
  OFFLINE_MESSAGE,
  resetServiceWorkerState,
  startServiceWorker,
  subscribeOnline,
  subscribeServiceWorkerStatus,
  trackOnlineStatus,
  UPDATE_AVAILABLE_MESSAGE,
  VISITED_KEY,
  type WorkerEnvironment,
} from "./serviceWorker.ts";

afterEach(() => {
  resetServiceWorkerState();
});

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = "installing";
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  unregister = vi.fn(async () => true);
  /** The browser found a new worker file and installs it. */
  find(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event("updatefound"));
  }
}

type Options = {
  /** The registration the browser already had for this app before the page loaded. */
  existing?: FakeRegistration;
  controlled?: boolean;
  workerFile?: Response | Error;
  hostname?: string;
  storage?: { usage: number; quota: number };
  /** The browser opened the app before this page load. */
  returningVisitor?: boolean;
};

function environment({
  existing,
  controlled = false,
  workerFile = new Response("", { headers: { "content-type": "application/javascript" } }),
  hostname = "boxyard.example.com",
  storage = { usage: 10, quota: 1000 },
  returningVisitor = true,
}: Options = {}) {
  const registration = existing ?? new FakeRegistration();
  const cacheNames = ["boxyard-assets-v1", "boxyard-shell-v1"];
  const env = {
    container: {
      controller: controlled ? ({} as ServiceWorker) : null,
      getRegistration: vi.fn(async () => existing),
      register: vi.fn(async () => registration),
    },
    storage: { estimate: vi.fn(async () => storage) },
    caches: {
      keys: vi.fn(async () => [...cacheNames]),
      delete: vi.fn(async (name: string) => {
        cacheNames.splice(cacheNames.indexOf(name), 1);
        return true;
      }),
    },
    fetch: vi.fn(async () => {
      if (workerFile instanceof Error) throw workerFile;
      return workerFile;
    }),
    hostname,
    reload: vi.fn(),
    returningVisitor,
  };
  return { env: env as unknown as WorkerEnvironment & typeof env, registration, cacheNames };
}

const toastTexts = () => getToasts().map((toast) => toast.message);

describe("service worker", () => {
  it("S1-7.021 / the worker /service-worker.js is registered once its file answers as a script", async () => {
    const { env } = environment();
    await startServiceWorker(env);
    expect(env.fetch).toHaveBeenCalledWith("/service-worker.js", expect.objectContaining({ method: "HEAD" }));
    expect(env.container.register).toHaveBeenCalledWith("/service-worker.js");
    expect(getServiceWorkerStatus()).toBe("registered");
  });

  it("S1-4.027 / S1-4.029 / a first install for a returning visitor gives the installed status and '{product} has been installed, it now works offline!'", async () => {
    const { env, registration } = environment();
    const seen: string[] = [];
    subscribeServiceWorkerStatus(() => seen.push(getServiceWorkerStatus()));
    await startServiceWorker(env);
    const worker = new FakeWorker();
    registration.find(worker);
    worker.become("installed");
    expect(seen).toEqual(["registered", "installed"]);
    expect(toastTexts()).toEqual(["Boxyard has been installed, it now works offline!"]);
  });

  it("S1-4.029 / a brand-new visitor's first page installs the worker without greeting them with the message", async () => {
    const { env, registration } = environment({ returningVisitor: false });
    await startServiceWorker(env);
    const worker = new FakeWorker();
    registration.find(worker);
    worker.become("installed");
    expect(getServiceWorkerStatus()).toBe("installed");
    expect(toastTexts()).toEqual([]);
  });

  it("S1-4.029 / a browser is a returning visitor from its second page load on", () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
    expect(noteVisit(storage)).toBe(false);
    expect(values.get(VISITED_KEY)).toBe("1");
    expect(noteVisit(storage)).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => undefined,
    };
    expect(noteVisit(broken)).toBe(false);
  });

  it("S1-4.029 / a page load with a worker already in place says nothing: the install message is for the first install only", async () => {
    const existing = new FakeRegistration();
    existing.active = new FakeWorker();
    // A reload that bypassed the worker (shift+reload): nothing controls the page, yet one is installed.
    const { env } = environment({ existing, controlled: false });
    await startServiceWorker(env);
    expect(getServiceWorkerStatus()).toBe("registered");
    expect(toastTexts()).toEqual([]);
  });

  it("S1-4.028 / a new worker installed while one controls the page gives 'update available' with a Reload action", async () => {
    const existing = new FakeRegistration();
    existing.active = new FakeWorker();
    const { env, registration } = environment({ existing, controlled: true });
    await startServiceWorker(env);
    const worker = new FakeWorker();
    registration.find(worker);
    worker.become("installed");
    expect(getServiceWorkerStatus()).toBe("update-available");
    const [update] = getToasts();
    expect(update?.message).toBe(UPDATE_AVAILABLE_MESSAGE);
    expect(update?.action?.label).toBe("Reload");
    update?.action?.onClick();
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(toastTexts()).not.toContain("Boxyard has been installed, it now works offline!");
  });

  it("S1-4.028 / a second worker installed in the same session is an update, not another first install", async () => {
    const { env, registration } = environment();
    await startServiceWorker(env);
    const first = new FakeWorker();
    registration.find(first);
    first.become("installed");
    const second = new FakeWorker();
    registration.find(second);
    second.become("installed");
    expect(getServiceWorkerStatus()).toBe("update-available");
    expect(toastTexts()).toEqual([
      "Boxyard has been installed, it now works offline!",
      UPDATE_AVAILABLE_MESSAGE,
    ]);
  });

  it("S1-4.030 / a worker gone redundant with storage at 95% of the quota is unregistered and every cache cleared", async () => {
    const { env, registration, cacheNames } = environment({ storage: { usage: 950, quota: 1000 } });
    await startServiceWorker(env);
    const worker = new FakeWorker();
    registration.find(worker);
    worker.become("redundant");
    await vi.waitFor(() => expect(cacheNames).toEqual([]));
    expect(registration.unregister).toHaveBeenCalledTimes(1);
  });

  it("S1-4.030 / below 95% a redundant worker leaves the registration and the caches alone", async () => {
    const { env, registration, cacheNames } = environment({ storage: { usage: 949, quota: 1000 } });
    await startServiceWorker(env);
    const worker = new FakeWorker();
    registration.find(worker);
    worker.become("redundant");
    await vi.waitFor(() => expect(env.storage.estimate).toHaveBeenCalled());
    await Promise.resolve();
    expect(registration.unregister).not.toHaveBeenCalled();
    expect(env.caches.delete).not.toHaveBeenCalled();
    expect(cacheNames).toHaveLength(2);
  });

  it("S1-4.031 / on localhost a worker file answering 404 unregisters the worker and reloads the page", async () => {
    const existing = new FakeRegistration();
    const { env } = environment({
      existing,
      hostname: "127.0.0.1",
      workerFile: new Response("Not found", { status: 404, headers: { "content-type": "text/html" } }),
    });
    await startServiceWorker(env);
    expect(existing.unregister).toHaveBeenCalledTimes(1);
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(env.container.register).not.toHaveBeenCalled();
    expect(getServiceWorkerStatus()).toBe("unregistered");
  });

  it("S1-4.032 / without a connection the worker file cannot be checked: the client logs offline mode", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const { env } = environment({ workerFile: new TypeError("Failed to fetch") });
    await startServiceWorker(env);
    expect(info).toHaveBeenCalledWith(
      "No internet connection found. Boxyard is running in offline mode.",
      expect.any(TypeError),
    );
    expect(env.container.register).not.toHaveBeenCalled();
  });

  it("S1-4.032 / online and offline are tracked; subscribers hear each change; going offline is logged", () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const target = new EventTarget();
    let connected = true;
    trackOnlineStatus(target as unknown as Window, () => connected);
    const heard: boolean[] = [];
    const stop = subscribeOnline((online) => heard.push(online));
    connected = false;
    target.dispatchEvent(new Event("offline"));
    expect(isOnline()).toBe(false);
    expect(info).toHaveBeenCalledWith(OFFLINE_MESSAGE);
    connected = true;
    target.dispatchEvent(new Event("online"));
    expect(isOnline()).toBe(true);
    stop();
    connected = false;
    target.dispatchEvent(new Event("offline"));
    expect(heard).toEqual([false, true]);
  });

  it("S1-8.027 / a failed registration is only logged", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { env } = environment();
    env.container.register.mockRejectedValueOnce(new DOMException("The script has an unsupported MIME type"));
    await expect(startServiceWorker(env)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith("Service worker registration failed", expect.any(DOMException));
    expect(toastTexts()).toEqual([]);
  });
});
