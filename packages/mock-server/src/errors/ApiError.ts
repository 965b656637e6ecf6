import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The mock server's one error type: an HTTP status and a message. Services and routes throw it;
 * `toErrorResponse` (the only place that maps errors to HTTP) turns it into `status {error: message}`.
 * Extra headers (for example `WWW-Authenticate` on 401) travel with it.
 *
 * @example
 * throw new ApiError(404, "strategy 7f0c… not found"); // => HTTP 404 {"error":"strategy 7f0c… not found"}
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: ApiErrorStatus;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: ApiErrorStatus,
    message: string,
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.headers = options.headers ?? {};
  }
}

/** A status the mock may answer with `{error}`: 4xx and 5xx, and 202 (the optimizer's "not ready yet"). */
export type ApiErrorStatus = ContentfulStatusCode;

/** True when `value` is an {@link ApiError}. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** 404 `{error: "<what> <id> not found"}`: absent, archived past retention, or invisible to the caller. */
export function notFound(what: string, id: string): ApiError {
  return new ApiError(404, `${what} ${id} not found`);
}
