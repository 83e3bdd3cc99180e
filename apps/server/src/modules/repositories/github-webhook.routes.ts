import type { FastifyInstance } from "fastify";
import { ZodError } from "zod";
import type { Deps } from "../../deps.ts";
import { errorBody } from "../../http/errors.ts";
import { routeDoc } from "../../http/openapi.ts";
import { runCommand } from "../../service/context.ts";
import { handleGithubWebhook, payloadDigest, validSignature } from "./github-webhook.service.ts";

/**
 * `POST /api/webhooks/github`: GitHub's deliveries of pull-request and review events (spec 1 §3
 * pull-request notifications). The body is read as bytes: the signature is over them exactly.
 * Without GITHUB_WEBHOOK_SECRET the route answers 404; a missing or wrong signature 401, and
 * nothing changes.
 */
export function registerGithubWebhookRoute(app: FastifyInstance, deps: Deps) {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    scope.post(
      "/api/webhooks/github",
      {
        schema: routeDoc({
          tag: "repositories",
          summary: "GitHub's pull-request and review events (signed with GITHUB_WEBHOOK_SECRET)",
        }),
      },
      async (request, reply) => {
        const secret = deps.config.codeHost.webhookSecret;
        if (!secret) return reply.status(404).send(errorBody("Webhooks are not configured."));
        const body = request.body as Buffer | undefined;
        const signature = request.headers["x-hub-signature-256"];
        if (!body || !validSignature(secret, body, typeof signature === "string" ? signature : undefined)) {
          return reply.status(401).send(errorBody("Invalid webhook signature."));
        }
        const event = request.headers["x-github-event"];
        const id = request.headers["x-github-delivery"];
        if (typeof event !== "string" || typeof id !== "string" || id === "") {
          return reply.status(400).send(errorBody("Missing X-GitHub-Event or X-GitHub-Delivery header."));
        }
        if (event === "ping") return reply.status(204).send();
        let payload: unknown;
        try {
          payload = JSON.parse(body.toString("utf8"));
        } catch {
          return reply.status(400).send(errorBody("The payload is not JSON."));
        }
        let outcome: Awaited<ReturnType<typeof handleGithubWebhook>>;
        try {
          outcome = await runCommand(deps, null, handleGithubWebhook, {
            id,
            event,
            payload,
            payloadSha256: payloadDigest(body),
          });
        } catch (error) {
          if (error instanceof ZodError) {
            return reply.status(422).send(errorBody("The event could not be read."));
          }
          throw error;
        }
        return reply.status(outcome === "handled" ? 200 : 202).send({ outcome });
      },
    );
  });
}
