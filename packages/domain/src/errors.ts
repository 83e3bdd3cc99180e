/** Error codes shared by server and web; the server maps each to an HTTP status and a GraphQL error. */
export const ERROR_CODES = [
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "INVALID",
  "CONFLICT",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "SANDBOX_LIMIT",
  "DRAFT_LIMIT",
  "CODE_HOST_UNAVAILABLE",
  "CODE_HOST_TIMEOUT",
  "INTERNAL",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  INVALID: 422,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  SANDBOX_LIMIT: 422,
  DRAFT_LIMIT: 422,
  /** The code host answered an error of its own (5xx) or could not be reached. */
  CODE_HOST_UNAVAILABLE: 502,
  /** The code host did not answer in time; the client ignores it during a background sync (spec 1 §8). */
  CODE_HOST_TIMEOUT: 504,
  INTERNAL: 500,
};
