import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";

export function registerMetaRoutes(app: FastifyInstance, deps: Deps) {
  const features = () => deps.identity.features();
  app.get("/api/meta/features", features);
  app.get("/api/v1/meta/features", features);
}
