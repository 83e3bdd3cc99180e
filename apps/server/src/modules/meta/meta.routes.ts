import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";

export function registerMetaRoutes(app: FastifyInstance, deps: Deps) {
  const features = () => ({ ...deps.identity.features(), previewUrl: deps.config.preview.url });
  const schema = routeDoc({
    tag: "operations",
    summary: "This installation's features and sign-in providers",
  });
  app.get("/api/meta/features", { schema }, features);
  app.get("/api/v1/meta/features", { schema }, features);
}
