import type { FastifyInstance } from "fastify";

export type RouteEntry = { method: string; url: string };

declare module "fastify" {
  interface FastifyInstance {
    /** Every route this server answers (HEAD aside), in registration order. */
    routeIndex: RouteEntry[];
  }
}

/**
 * Records the routes as they are registered. The authorization table (test/authorization/) walks
 * this list so that a route without a row of expected answers fails the build.
 */
export function registerRouteIndex(app: FastifyInstance) {
  const routes: RouteEntry[] = [];
  app.decorate("routeIndex", routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routes.push({ method, url: route.url });
    }
  });
}
