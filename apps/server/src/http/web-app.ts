import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { errorBody } from "./errors.ts";
import { routeDoc } from "./openapi.ts";

const API_PREFIXES = ["/api/", "/auth/"];
/** Pages of the web app under /auth/ (spec 1 §2 'authorisation pages'); other /auth/ paths are the server's. */
export const WEB_PAGES_UNDER_AUTH = ["/auth/sandbox/:id", "/auth/sandpack/:teamId"];

/**
 * The standalone screens (spec 2 §2.2) are made to be embedded: besides Boxyard's own pages, the
 * origins trusted with previews (BOXYARD_PREVIEW_ORIGINS) may frame them. Every other page may be
 * framed by Boxyard's own origin only.
 */
export const STANDALONE_PAGE = "/standalone/:componentId";

/** The CSP helmet set, with the standalone screens' frame-ancestors. */
export function embeddableCsp(csp: string, embedOrigins: readonly string[]): string {
  const ancestors = ["'self'", ...embedOrigins].join(" ");
  return /frame-ancestors [^;]*/.test(csp)
    ? csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`)
    : `${csp};frame-ancestors ${ancestors}`;
}

/**
 * Files only the server's choice may send: the build's brotli and gzip copies (chosen by
 * Accept-Encoding, never asked for by name) and, unless BOXYARD_SOURCEMAPS=true, source maps.
 */
export function servableAsAsked(pathname: string, serveSourceMaps: boolean): boolean {
  if (/\.(br|gz)$/i.test(pathname)) return false;
  return serveSourceMaps || !/\.map$/i.test(pathname);
}

/** Serves the built web app; every other GET that is not an API call gets index.html (client routing). */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  embedOrigins: readonly string[] = [],
  options: { serveSourceMaps?: boolean } = {},
) {
  const noRoute = (method: string, url: string) => errorBody(`No route for ${method} ${url.split("?")[0]}.`);
  if (!distDir || !existsSync(join(distDir, "index.html"))) {
    if (distDir) app.log.warn({ distDir }, "web app not built: serving the API only");
    app.setNotFoundHandler((request, reply) => reply.status(404).send(noRoute(request.method, request.url)));
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes a .br and a .gz beside each text file; the smallest one the client accepts
    // is sent, with Vary: Accept-Encoding.
    preCompressed: true,
    allowedPath: (pathname) => servableAsAsked(pathname, options.serveSourceMaps === true),
    // Page pieces under static/ are named by their content hash: they never change. The rest
    // (index.html, the service worker) is checked again on every use.
    setHeaders: (res, path) => {
      if (relative(distDir, path).startsWith(`static${sep}`)) {
        res.header("cache-control", "public, max-age=31536000, immutable");
      } else {
        res.header("cache-control", "no-cache");
      }
    },
  });
  const page = { schema: routeDoc({ tag: "operations", summary: "A page of the web app", hide: true }) };
  app.get(STANDALONE_PAGE, page, (_request, reply) => {
    const csp = reply.getHeader("content-security-policy");
    if (typeof csp === "string") reply.header("content-security-policy", embeddableCsp(csp, embedOrigins));
    reply.removeHeader("x-frame-options");
    return reply.type("text/html").header("cache-control", "no-cache").sendFile("index.html");
  });
  for (const path of WEB_PAGES_UNDER_AUTH) {
    app.get(path, page, (_request, reply) =>
      reply.type("text/html").header("cache-control", "no-cache").sendFile("index.html"),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    if (request.method !== "GET" || isApi || /\.[a-z0-9]+$/i.test(request.url.split("?")[0]!)) {
      return reply
        .status(404)
        .send(errorBody(`No route for ${request.method} ${request.url.split("?")[0]}.`));
    }
    return reply.type("text/html").header("cache-control", "no-cache").sendFile("index.html");
  });
}
