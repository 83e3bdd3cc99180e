import type { FastifyInstance } from "fastify";
import { BadRequest } from "./request-errors.ts";

/** Deeper JSON is refused before it is parsed: the API's bodies are a few levels deep at most. */
export const JSON_MAX_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** How deep the JSON text nests, counted on its bytes (brackets inside strings left out). */
export function jsonDepth(bytes: Uint8Array): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
  }
  return deepest;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * application/json bodies: valid UTF-8 and at most JSON_MAX_DEPTH levels deep, then Fastify's own
 * parser (which refuses `__proto__` keys). Invalid bytes were silently replaced, and thousands of
 * nested arrays overflowed the stack of the code that walks the body.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const bytes = body as Buffer;
    if (jsonDepth(bytes) > JSON_MAX_DEPTH) {
      done(new BadRequest(`The JSON body is nested more than ${JSON_MAX_DEPTH} levels deep.`), undefined);
      return;
    }
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      done(new BadRequest("The body is not valid UTF-8."), undefined);
      return;
    }
    parse(request, text, done);
  });
}
