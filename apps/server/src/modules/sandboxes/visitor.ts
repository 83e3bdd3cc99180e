import { createHmac } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { CLIENT_MARKER_HEADER } from "../../http/client-marker.ts";

/**
 * Who opens a sandbox in the web app, as the key its views are counted under; null for any other
 * read (an API client with a bearer token, a preview's token, a request without the web app's
 * marker), which counts no view. A signed-in person is their user id. A signed-out visitor is a
 * hash of their address and browser keyed with the installation's secret: enough to count them
 * once, while neither the address nor the browser is stored.
 */
export function webAppVisitor(request: FastifyRequest, secret: Uint8Array): string | null {
  if (request.headers[CLIENT_MARKER_HEADER] !== "web") return null;
  if (request.headers.authorization?.startsWith("Bearer ")) return null;
  if (request.viewer) return request.viewer.via === "session" ? `user:${request.viewer.userId}` : null;
  const digest = createHmac("sha256", secret)
    .update(`sandbox-visitor\n${request.ip}\n${request.headers["user-agent"] ?? ""}`)
    .digest("base64url");
  return `anon:${digest.slice(0, 32)}`;
}
