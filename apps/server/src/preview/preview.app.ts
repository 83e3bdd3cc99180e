import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import type { Deps } from "../deps.ts";
import { frameworkErrorHandler, registerErrorHandler } from "../http/errors.ts";
import { registerJsonBodyParser } from "../http/json-body.ts";
import { registerPackageRoutes } from "../modules/packages/packages.routes.ts";
import { previewCsp } from "./preview-csp.ts";
import { registerPreviewFilesRoute } from "./preview-files.routes.ts";
import { shellPage } from "./shell-page.ts";

export type PreviewAppOptions = {
  config: Config;
  deps: Deps;
  /** The built runtime (apps/preview/dist): the runtime script and the Vue and Svelte compilers. */
  runtimeDist: string | undefined;
  logger?: FastifyInstance["log"] | false;
};

/** A sandbox id or alias as it appears in the first segment of a preview URL. */
const SANDBOX_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The preview origin (issue 16): a second Fastify instance of the same process, on its own port
 * and host name, where browser sandboxes run. It never reads or sets a cookie (the `cookie`
 * header is dropped before any route sees it), answers no credentialed CORS, and its pages may be
 * framed by Boxyard's origin only.
 */
export async function buildPreviewApp(options: PreviewAppOptions): Promise<FastifyInstance> {
  const { config, deps } = options;
  const boxyardOrigin = new URL(config.publicUrl).origin;
  const app = Fastify({
    loggerInstance: options.logger === false || !options.logger ? undefined : options.logger,
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: frameworkErrorHandler,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  app.addHook("onRequest", async (request, reply) => {
    delete request.headers.cookie;
    delete request.raw.headers.cookie;
    reply
      .header("x-content-type-options", "nosniff")
      .header("referrer-policy", "no-referrer")
      .header("content-security-policy", previewCsp(boxyardOrigin));
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.removeHeader("set-cookie");
    reply.removeHeader("access-control-allow-credentials");
    return payload;
  });
  registerJsonBodyParser(app);
  registerErrorHandler(app);
  // Limits per address and per process, for the routes that ask for one (resolve, files): they
  // cost work on a miss; prepared modules are immutable and cached by browsers, so they have none.
  await app.register(rateLimit, { global: false });

  // The shell names the runtime with its content's hash, so browsers keep it until it changes.
  let runtimeVersion = "";
  if (options.runtimeDist && existsSync(join(options.runtimeDist, "runtime.js"))) {
    runtimeVersion = createHash("sha256")
      .update(readFileSync(join(options.runtimeDist, "runtime.js")))
      .digest("hex")
      .slice(0, 12);
    await app.register(fastifyStatic, {
      root: options.runtimeDist,
      prefix: "/_runtime/",
      wildcard: true,
      index: false,
      setHeaders: (res, path) => {
        res.header(
          "cache-control",
          path.endsWith("runtime.js") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        );
      },
    });
  } else {
    app.log.warn({ runtimeDist: options.runtimeDist }, "preview runtime not built: previews cannot start");
  }

  await app.register(async (scope) => registerPackageRoutes(scope, deps));
  registerPreviewFilesRoute(app, deps);

  // The shell is the same for everyone (no cookie, no data): browsers keep it a while, so a
  // preview opened again starts without asking the server.
  const shell = (sandboxId: string, reply: import("fastify").FastifyReply) =>
    reply
      .header("cache-control", "public, max-age=600")
      .type("text/html; charset=utf-8")
      .send(shellPage({ sandboxId, boxyardOrigin, runtimeVersion }));

  app.get("/", async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").send("Boxyard previews run here: open one from the editor."),
  );
  app.get<{ Params: { sandboxId: string } }>("/:sandboxId", async (request, reply) => {
    if (!SANDBOX_SEGMENT.test(request.params.sandboxId)) return reply.status(404).send();
    return reply.redirect(`/${request.params.sandboxId}/`);
  });
  // Every page of a sandbox is the shell: its runtime builds the app's page in place.
  app.get<{ Params: { sandboxId: string } }>("/:sandboxId/*", async (request, reply) => {
    if (!SANDBOX_SEGMENT.test(request.params.sandboxId) || request.params.sandboxId.startsWith("_")) {
      return reply.status(404).type("text/plain").send("Not found.");
    }
    return shell(request.params.sandboxId, reply);
  });
  return app;
}
