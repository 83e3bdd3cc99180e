import { HttpResponse, http, type JsonBodyType } from "msw";
import type { RestAnswer, RestRoute } from "../api/rest-routes.ts";
import { handlerFailed, server } from "./server.ts";

type Segments<S extends string> = S extends `${infer Head}/${infer Tail}` ? [Head, ...Segments<Tail>] : [S];

/** Whether a path's segments fit a pattern's: `:name` stands for one segment, a last `*` for the rest. */
type Fits<Path extends string[], Pattern extends string[]> = Pattern extends [
  infer P extends string,
  ...infer PatternRest extends string[],
]
  ? P extends "*"
    ? true
    : Path extends [infer S extends string, ...infer PathRest extends string[]]
      ? P extends `:${string}`
        ? Fits<PathRest, PatternRest>
        : S extends P
          ? Fits<PathRest, PatternRest>
          : false
      : false
  : Path extends []
    ? true
    : false;

type Matching<K extends string> = {
  [R in RestRoute]: Fits<Segments<K>, Segments<R>> extends true ? R : never;
}[RestRoute];
type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

/** The route a `METHOD /path` key stands for: itself, or the one pattern it fits (never when none or several). */
export type RouteOf<K extends string> = K extends RestRoute
  ? K
  : true extends IsUnion<Matching<K>>
    ? never
    : Matching<K>;

/** An answer other than the route's success: an error status with its body. */
export class Failure {
  readonly kind = "failure";
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

/** Answers a route with an error (`{errors: {detail: [...]}}` and the like) instead of its data. */
export const failure = (status: number, body?: unknown) => new Failure(status, body);

class LostConnection {
  readonly kind = "lost connection";
}

/** The request fails as on a lost connection (fetch rejects). */
export const lostConnection = () => new LostConnection();

class FileAnswer {
  readonly kind = "file";
  constructor(
    readonly content: string,
    readonly headers: Record<string, string>,
  ) {}
}

/** A route that answers a file answers it with its content and headers (type, disposition). */
export const fileAnswer = (content: string, headers: Record<string, string>) =>
  new FileAnswer(content, headers);

/** What a route's handler sees of the request: its method, headers (lowercase names) and body text. */
export type SentRequest = { method: string; headers: Record<string, string>; body: string | undefined };

type Answer<R extends RestRoute> =
  | (RestAnswer<R> extends Blob ? FileAnswer : RestAnswer<R>)
  | Failure
  | LostConnection;
export type RouteHandler<R extends RestRoute> = (
  url: URL,
  init: SentRequest,
) => Answer<R> | Promise<Answer<R>>;

type Method = "get" | "post" | "put" | "patch" | "delete";

function respond(answer: unknown): Response {
  if (answer instanceof LostConnection) return HttpResponse.error();
  if (answer instanceof FileAnswer) return new HttpResponse(answer.content, { headers: answer.headers });
  if (answer instanceof Failure) {
    const { status, body } = answer;
    if (body === undefined) return new HttpResponse(null, { status });
    // A proxy's page rather than the server's JSON.
    if (typeof body === "string")
      return new HttpResponse(body, { status, headers: { "content-type": "text/html" } });
    return HttpResponse.json(body as JsonBodyType, { status });
  }
  if (answer === undefined) return new HttpResponse(null, { status: 204 });
  return HttpResponse.json({ data: answer } as JsonBodyType);
}

/**
 * Answers `METHOD /path` routes through the test server (MSW) with the data `api/rest-routes.ts`
 * gives each route (a key is a route pattern or a path that fits exactly one), sent as the server
 * does, under `data`; `failure(...)` answers an error and `lostConnection()` fails the request. A request no handler answers fails the test. Returns the requests it saw, in order.
 */
export type RouteTable<K extends string> = { [P in K]: RouteHandler<RouteOf<P>> };

export function serveRoutes<const K extends string>(routes: RouteTable<K>) {
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
