import { VM_TIERS } from "@boxyard/domain";
import type { FastifyInstance } from "fastify";
import { routeDoc } from "../../http/openapi.ts";

/**
 * The VM tier table (api-contract §14): the server owns it, the client hard-codes none of it.
 * Anyone may read it (the plans page shows it to signed-out visitors too).
 */
export function registerVmTierRoutes(app: FastifyInstance) {
  for (const path of ["/api/v1/vm_tiers", "/api/vm_tiers"]) {
    app.get(
      path,
      { schema: routeDoc({ tag: "billing", summary: "The VM tiers devboxes run on" }) },
      async (_request, reply) => {
        reply.header("cache-control", "public, max-age=3600");
        return { vmTiers: VM_TIERS };
      },
    );
  }
}
