import { decamelizeKeys } from "@boxyard/domain";
import { ApiError, networkError } from "./errors.ts";

/** Sent with every request; the server requires it on state-changing ones (CSRF defence). */
export const CLIENT_HEADER = { "x-boxyard-client": "web" } as const;

type QueryValue = string | number | boolean | null | undefined;

export type RestOptions = {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Sent as it is (a file's bytes, say) with its own content type, instead of a JSON body. */
  rawBody?: Blob;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(decamelizeKeys<Record<string, QueryValue>>(query))) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes("?") ? "&" : "?"}${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === "") return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Answers are camelCase already; a top-level `data` key is unwrapped. */
export function unwrapData(body: unknown): unknown {
  if (typeof body === "object" && body !== null && !Array.isArray(body) && "data" in body) {
    return (body as { data: unknown }).data;
  }
  return body;
}

/** Sends a request; a non-2xx answer throws an ApiError with its parsed body. */
async function send(method: string, path: string, options: RestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { accept, ...CLIENT_HEADER, ...options.headers };
  let body: string | Blob | undefined;
  if (options.rawBody !== undefined) {
    headers["content-type"] = options.rawBody.type || "application/octet-stream";
    body = options.rawBody;
  } else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(decamelizeKeys(options.body));
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (cause) {
    throw networkError(cause);
  }
  if (!response.ok) {
    const parsed = await readBody(response).catch(() => undefined);
    throw new ApiError(`Request failed with status code ${response.status}`, {
      status: response.status,
      body: parsed,
    });
  }
  return response;
}

export async function request<T>(method: string, path: string, options: RestOptions = {}): Promise<T> {
  const response = await send(method, path, options, "application/json");
  const parsed = await readBody(response).catch(() => undefined);
  return unwrapData(parsed) as T;
}

/** A file the server sends (e.g. a zip), with its headers and the name it suggests. */
async function download(path: string, options: Omit<RestOptions, "body"> = {}) {
  const response = await send("GET", path, options, "*/*");
  const disposition = response.headers.get("content-disposition") ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
  return {
    file: await response.blob(),
    headers: response.headers,
    fileName: encoded ? decodeURIComponent(encoded) : (plain ?? null),
  };
}

export const rest = {
  get: <T>(path: string, options?: Omit<RestOptions, "body">) => request<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: RestOptions) =>
    request<T>("POST", path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: RestOptions) =>
    request<T>("PUT", path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RestOptions) =>
    request<T>("PATCH", path, { ...options, body }),
  delete: <T>(path: string, options?: RestOptions) => request<T>("DELETE", path, options),
  download,
};
