/**
 * A request the server cannot read (a body that is not JSON, text with a NUL character, a GraphQL
 * query over a limit): answered 400 with its message. Fastify's error handler and mercurius's
 * error formatter read `statusCode`; `errors` carries several GraphQL errors at once.
 */
export class BadRequest extends Error {
  readonly statusCode = 400;
  readonly errors: Error[] | undefined;

  constructor(message: string, errors?: Error[]) {
    super(message);
    this.name = "BadRequest";
    this.errors = errors;
  }
}
