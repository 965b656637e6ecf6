/**
 * The client's one error type: the service answered a status other than 200/201/204, or its body
 * could not be read. Carries the HTTP status, the service's `{error}` message, and which request
 * failed. A 202 from the optimizers ("build not finished") is one too, unless you call
 * {@link ThematicClient.optimize}, which waits and retries instead.
 *
 * Cancellation and timeouts are not wrapped: they reject with the signal's reason (a
 * `DOMException` named `AbortError` or `TimeoutError`), as `fetch` itself does.
 *
 * @example
 * try { await client.get("/v1/strategies/{id}", { params: { path: { id } } }); }
 * catch (e) { if (isThematicApiError(e) && e.status === 404) … } // e.message => "GET /v1/strategies/… → 404: strategy … not found"
 */
export class ThematicApiError extends Error {
  override readonly name = "ThematicApiError";
  /** HTTP status (202, 400, 401, 403, 404, 409, 423, 5xx…). */
  readonly status: number;
  /** The service's `{error}` text (or the status text when the body had none). */
  readonly error: string;
  /** HTTP method of the failed request. */
  readonly method: string;
  /** Path of the failed request, parameters filled in (no origin, no query). */
  readonly path: string;

  constructor(init: { status: number; error: string; method: string; path: string; cause?: unknown }) {
    super(`${init.method} ${init.path} → ${init.status}: ${init.error}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.error = init.error;
    this.method = init.method;
    this.path = init.path;
  }
}

/** True when `value` is a {@link ThematicApiError} (optionally with the given status). */
export function isThematicApiError(value: unknown, status?: number): value is ThematicApiError {
  return value instanceof ThematicApiError && (status === undefined || value.status === status);
}
