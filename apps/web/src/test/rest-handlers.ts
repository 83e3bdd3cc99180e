import { HttpResponse, http, type JsonBodyType } from "msw";
import type { RestAnswer, RestRoute } from "../api/rest-routes.ts";
import { handlerFailed, server } from "./server.ts";

/** A path pattern as a template: `:name` (and a trailing `*`) stand for any text. */
type Template<P extends string> = P extends `${infer Head}:${string}/${infer Rest}`
  ? `${Head}${string}/${Template<Rest>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P extends `${infer Head}*`
      ? `${Head}${string}`
      : P;

type Matching<K extends string> = { [R in RestRoute]: K extends Template<R> ? R : never }[RestRoute];
type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

/** The route a `METHOD /path` key stands for: itself, or the one pattern it fits (never when none or several). */
export type RouteOf<K extends string> = K extends RestRoute
  ? K
  : true extends IsUnion<Matching<K>>
    ? never
    : Matching<K>;

/** An answer other than the route's success: an error status with its body. */
export class Failure {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

/** Answers a route with an error (`{errors: {detail: [...]}}` and the like) instead of its data. */
export const failure = (status: number, body?: unknown) => new Failure(status, body);

class LostConnection {}

/** The request fails as on a lost connection (fetch rejects). */
export const lostConnection = () => new LostConnection();

/** What a route's handler sees of the request: its method, headers (lowercase names) and body text. */
export type SentRequest = { method: string; headers: Record<string, string>; body: string | undefined };

type Answer<R extends RestRoute> = RestAnswer<R> | Failure | LostConnection;
export type RouteHandler<R extends RestRoute> = (url: URL, init: SentRequest) => Answer<R> | Promise<Answer<R>>;

type Method = "get" | "post" | "put" | "patch" | "delete";

function respond(answer: unknown): Response {
  if (answer instanceof LostConnection) return HttpResponse.error();
  if (answer instanceof Failure) {
    return answer.body === undefined
      ? new HttpResponse(null, { status: answer.status })
      : HttpResponse.json(answer.body as JsonBodyType, { status: answer.status });
  }
  if (answer === undefined) return new HttpResponse(null, { status: 204 });
  return HttpResponse.json({ data: answer } as JsonBodyType);
}

/**
 * Answers `METHOD /path` routes through the test server (MSW) with the data `api/rest-routes.ts`
 * gives each route (a key is a route pattern or a path that fits exactly one), sent as the server
 * does, under `data`; `failure(...)` answers an error and `lostConnection()` fails the request. A request no handler answers fails the test. Returns the requests it saw, in order.
 */
export function serveRoutes<const K extends string>(routes: { [P in K]: RouteHandler<RouteOf<P>> }) {
  const calls: { method: string; url: URL; init: SentRequest }[] = [];
  server.use(
    ...(Object.entries(routes) as [string, RouteHandler<RestRoute>][]).map(([route, handler]) => {
      const [method, path] = route.split(" ") as [string, string];
      return http[method.toLowerCase() as Method](path, async ({ request }) => {
        const url = new URL(request.url);
        const text = await request.text();
        const init: SentRequest = {
          method,
          headers: Object.fromEntries(request.headers),
          body: text === "" ? undefined : text,
        };
        calls.push({ method, url, init });
        try {
          return respond(await handler(url, init));
        } catch (error) {
          return handlerFailed(request, error);
        }
      });
    }),
  );
  return calls;
}
