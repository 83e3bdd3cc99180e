import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "../config.ts";

/**
 * The CSP hashes of the web app's inline scripts (index.html paints the dashboard's frame before
 * the bundle arrives): allowed by their content, so no other inline script runs.
 */
export function inlineScriptHashes(distDir: string | undefined): string[] {
  const index = distDir ? join(distDir, "index.html") : "";
  if (!index || !existsSync(index)) return [];
  const html = readFileSync(index, "utf8");
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash("sha256").update(match[1]!).digest("base64")}'`,
  );
}

/**
 * Helmet's headers on every answer. Its middleware is made once (the Fastify plugin makes it
 * anew for every request, parsing the policy each time: a tenth of a cached search's time).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  scriptHashes: readonly string[] = [],
) {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        frameAncestors: ["'self'"],
        // The editor frames the preview origin (browser sandboxes); its URL is settled once it listens.
        frameSrc: ["'self'", () => config.preview.url ?? "'self'"],
        formAction: ["'self'", "https:", "http:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The sign-in popup goes through the identity provider's origin and must keep its link to the
    // opener to post the result back, so no Cross-Origin-Opener-Policy is sent.
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook("onRequest", (request, reply, done) =>
    apply(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}
