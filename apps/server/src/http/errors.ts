import { type ErrorCode, HTTP_STATUS_BY_CODE, MESSAGES } from "@boxyard/domain";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/** The one error type services throw; the HTTP and GraphQL doors map it by `code`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  /**
   * What the refusal carries besides its text (a stale save's current file): the REST body's
   * top-level keys beside `errors`, GraphQL's `extensions`.
   */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    field?: string,
    options?: { cause?: unknown; details?: Record<string, unknown> },
  ) {
    super(message, options);
    this.name = "AppError";
    this.code = code;
    this.field = field;
    this.details = options?.details;
  }

  get status(): number {
    return HTTP_STATUS_BY_CODE[this.code];
  }
}

export const unauthenticated = (message = "You need to sign in first.") =>
  new AppError("UNAUTHENTICATED", message);
export const forbidden = (message = "You are not allowed to do that.") => new AppError("FORBIDDEN", message);
export const notFound = (message = "Not found.") => new AppError("NOT_FOUND", message);
export const invalid = (message: string, field?: string) => new AppError("INVALID", message, field);
export const conflict = (message: string, field?: string, details?: Record<string, unknown>) =>
  new AppError("CONFLICT", message, field, details ? { details } : undefined);

/** `{errors: {detail: [msg]}}` or `{errors: {<field>: [msg]}}`: the REST error body of the API contract. */
export function errorBody(message: string, field = "detail") {
  return { errors: { [field]: [message] } };
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode (`%E0%A4%A`), a path parameter over its
 * length, answered in the API's error shape rather than Fastify's own.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  void reply
    .status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
    .send(errorBody(error.message));
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A failure of ours or of a service we call (a payment provider): logged, answered with its text.
      if (error.status >= 500)
        request.log.error({ err: error, cause: error.cause, reqId: request.id }, error.message);
      return reply.status(error.status).send({ ...error.details, ...errorBody(error.message, error.field) });
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || error.statusCode === 413) {
      return reply.status(413).send(errorBody(MESSAGES.fileTooLarge));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody("Too many requests, please try again later."));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody(error.message));
    }
    request.log.error({ err: error, reqId: request.id }, "unexpected error");
    return reply.status(500).send(errorBody(`Something went wrong (request ${request.id}).`));
  });
}
