import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { resetModals } from "../features/modals/modalStore.ts";
import { resetDashboardVisit } from "../features/session/dashboardState.ts";
import { loadMenus } from "../ui/Menu.tsx";
import { resetToasts } from "../ui/toastStore.ts";
import { stopRecordingOperations } from "./graphql-handlers.ts";
import { noteUnhandled, server, takeUnhandled } from "./server.ts";

// Pages load in pieces (lazy imports): on a busy two-core machine the first piece of a test file
// can take longer than the default second to arrive.
configure({ asyncUtilTimeout: 5000 });

// happy-dom does not know the <search> element yet; browsers do.
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].includes("The tag <%s> is unrecognized")) return;
  if (typeof args[0] === "string" && args[0].includes("The tag <search> is unrecognized")) return;
  consoleError(...args);
};

// Pages under test do not open the live socket: its client is tested with a stand-in socket.
Reflect.deleteProperty(globalThis, "WebSocket");

// Menus fetch Radix when first opened (ui/Menu.tsx); a test file loads it once up front, so the
// first menu a test opens is not also the one that waits for the module to be transformed.
beforeAll(() => loadMenus());

// A request no handler answers fails the test: a test states everything its page asks the server.
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      noteUnhandled(request);
      print.error();
      // The request fails here rather than going on to the network.
      throw new Error(`No handler answers ${request.method} ${request.url}`);
    },
  }),
);
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  server.resetHandlers();
  stopRecordingOperations();
  resetToasts();
  resetModals();
  resetDashboardVisit();
  window.localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: tests reset the login marker cookie.
  document.cookie = "boxyard_signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  const unhandled = takeUnhandled();
  if (unhandled.length > 0)
    throw new Error(`Requests no handler answered (or whose handler failed): ${unhandled.join(", ")}`);
});
