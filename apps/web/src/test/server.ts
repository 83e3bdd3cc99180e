import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";

/**
 * Pages under test run without the live socket (setup.ts removes WebSocket): its token request
 * fails as on a lost connection, and the client backs off as it would.
 */
const socketTokenUnreachable = http.get("/api/v1/auth/jwt", () => HttpResponse.error());

/**
 * The network of the web tests (MSW): every request a test's code sends must meet a handler, or the
 * test fails (setup.ts). Tests add their handlers with `server.use(...)`; they go after each test.
 */
export const server = setupServer(socketTokenUnreachable);

const unhandled: string[] = [];

/** Notes a request no handler answered (a GraphQL one with its operation's name); reported at the end of the test. */
export function noteUnhandled(request: Request) {
  const url = new URL(request.url);
  const index = unhandled.push(`${request.method} ${url.pathname}${url.search}`) - 1;
  if (url.pathname !== "/api/graphql") return;
  void request
    .clone()
    .json()
    .then((body: { operationName?: string }) => {
      unhandled[index] = `${unhandled[index]} ${body.operationName ?? "(no operation name)"}`;
    })
    .catch(() => undefined);
}

/**
 * Answers a request whose test handler threw (an `expect` in it, a bug): 500, and the test fails
 * at its end with the error, instead of the request going on to the real network.
 */
export function handlerFailed(request: Request, error: unknown): Response {
  const url = new URL(request.url);
  unhandled.push(`${request.method} ${url.pathname}${url.search} (its handler threw: ${String(error)})`);
  return HttpResponse.json({ errors: [{ message: String(error) }] }, { status: 500 });
}

export function takeUnhandled(): string[] {
  return unhandled.splice(0);
}
