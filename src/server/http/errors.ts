/** A domain error that maps to one HTTP status; its message is safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(400, message, details);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Sign in with your wallet first') {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'This action belongs to another account') {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class MethodNotAllowedError extends HttpError {
  constructor(message = 'Method not allowed') {
    super(405, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(409, message, details);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(message = 'Request body is too large') {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends HttpError {
  constructor(message = 'Request body must be JSON (content-type: application/json)') {
    super(415, message);
  }
}
export class TooManyRequestsError extends HttpError {
  constructor(message = 'Too many requests, slow down') {
    super(429, message);
  }
}
/** An upstream (ledger, market, price source) failed; the request itself was fine. */
export class UpstreamError extends HttpError {
  constructor(message = 'An upstream service is unavailable, try again shortly') {
    super(503, message);
  }
}
