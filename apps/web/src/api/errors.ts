import { MESSAGES, networkErrorMessage } from "@boxyard/domain";

/** An HTTP or transport failure. `status` is undefined when no response came back. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number | undefined;
  readonly body: unknown;

  constructor(message: string, options: { status?: number; body?: unknown; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.body = options.body;
  }
}

export type GraphQLErrorEntry = {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: Record<string, unknown>;
};

/** A GraphQL answer carrying `errors`. Its message is the first error's message. */
export class GraphQLRequestError extends Error {
  override readonly name = "GraphQLRequestError";
  readonly errors: GraphQLErrorEntry[];
  readonly operationName: string;

  constructor(operationName: string, errors: GraphQLErrorEntry[]) {
    super(errors[0]?.message ?? "Unknown GraphQL error");
    this.errors = errors;
    this.operationName = operationName;
  }
}

/** A failure before any response (offline, DNS, CORS, aborted): 'Network Error: {detail}'. */
export function networkError(cause: unknown): ApiError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new ApiError(networkErrorMessage(detail), { cause });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export type ErrorTextInput = {
  /** The error's own message (shown for server errors and missing responses). */
  message: string;
  /** HTTP status; undefined when there was no response. */
  status?: number | undefined;
  /** The parsed response body. */
  body?: unknown;
};

/**
 * The text to show for a failed request (spec 1 §8):
 * - status >= 500 or no response: the error message;
 * - 413: 'File too large, upload limit is 5MB.';
 * - a string body: that string;
 * - an `errors` object: its first entry, prefixed with the field name unless the field is `detail`;
 * - an `error` field: its message;
 * - otherwise the error message.
 * 413 is checked before the string body: proxies answer 413 with an HTML page.
 */
export function extractErrorText({ message, status, body }: ErrorTextInput): string {
  if (status === undefined || status >= 500) return message;
  if (status === 413) return MESSAGES.fileTooLarge;
  if (typeof body === "string") return body.trim() === "" ? message : body;
  if (!isRecord(body)) return message;

  const errors = body.errors;
  if (isRecord(errors)) {
    const [field, entry] = Object.entries(errors)[0] ?? [];
    const text = Array.isArray(entry) ? entry[0] : entry;
    if (field !== undefined && typeof text === "string" && text !== "") {
      return field === "detail" ? text : `${field}: ${text}`;
    }
  }
  if (Array.isArray(errors)) {
    const first = errors[0];
    if (typeof first === "string") return first;
    if (isRecord(first) && typeof first.message === "string") return first.message;
  }

  const error = body.error;
  if (typeof error === "string" && error !== "") return error;
  if (isRecord(error) && typeof error.message === "string") return error.message;

  return message;
}

/** The user-facing text of any thrown value. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return extractErrorText({ message: error.message, status: error.status, body: error.body });
  }
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return "Something went wrong";
}

/** The first `errors.detail` entry of a body, if any (developer sign-in shows it). */
export function firstDetailError(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return undefined;
  const errors = error.body.errors;
  if (!isRecord(errors)) return undefined;
  const detail = errors.detail;
  const first = Array.isArray(detail) ? detail[0] : detail;
  return typeof first === "string" ? first : undefined;
}

/** GraphQL errors whose path starts with githubRepo are silent (spec 1 §8). */
export function isSilentGraphQLError(error: unknown): boolean {
  return (
    error instanceof GraphQLRequestError &&
    error.errors.length > 0 &&
    error.errors.every((entry) => entry.path?.[0] === "githubRepo")
  );
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
