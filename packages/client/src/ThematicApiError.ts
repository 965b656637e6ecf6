/**
 * The client's one error type: the service answered a status other than 200/201/204, its body
 * could not be read, or it did not answer at all (`status` 0: refused connection, unknown host,
 * network down). Carries the HTTP status, the service's `{error}` message, and which request
 * failed. A 202 from the optimizers ("build not finished") is one too, unless you call
 * {@link ThematicClient.optimize}, which waits and retries instead.
 *
 * Cancellation and timeouts are not wrapped: they reject with the signal's reason (a
 * `DOMException` named `AbortError` or `TimeoutError`), as `fetch` itself does.
 *
 * @example
 * try { await client.get("/v1/strategies/{id}", { params: { path: { id } } }); }
 * catch (e) { if (isThematicApiError(e) && e.status === 404) … } // e.message => "GET /v1/strategies/… → 404: strategy … not found"
 * // With nothing listening: e.status => 0, e.message =>
 * // "GET http://localhost:4010/v1/health → no answer: fetch failed (ECONNREFUSED). Is the mock running? Start it with `npx thematic-mock` (port 4010), or set baseUrl."
 */
export class ThematicApiError extends Error {
  override readonly name = "ThematicApiError";
  /** HTTP status (202, 400, 401, 403, 404, 409, 423, 429, 5xx…), or 0 when the service did not answer (network error). */
  readonly status: number;
  /** The service's `{error}` text (or the status text when the body had none; for status 0, what the network layer said). */
  readonly error: string;
  /** HTTP method of the failed request. */
  readonly method: string;
  /** Path of the failed request, parameters filled in (no origin, no query). */
  readonly path: string;
  /** The full address of the failed request (origin, path prefix, path and query). */
  readonly url: string | undefined;
  /**
   * For a 429 or 503 with a `Retry-After` header: the wait the service asked for, in ms (after the
   * client's own retries, when the wait was longer than its cap or the retries ran out).
   */
  readonly retryAfterMs: number | undefined;

  constructor(init: {
    status: number;
    error: string;
    method: string;
    path: string;
    url?: string;
    retryAfterMs?: number;
    message?: string;
    cause?: unknown;
  }) {
    super(
      init.message ?? `${init.method} ${init.path} → ${init.status}: ${init.error}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.status = init.status;
    this.error = init.error;
    this.method = init.method;
    this.path = init.path;
    this.url = init.url;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** True when `value` is a {@link ThematicApiError} (optionally with the given status; 0 for "no answer"). */
export function isThematicApiError(value: unknown, status?: number): value is ThematicApiError {
  return value instanceof ThematicApiError && (status === undefined || value.status === status);
}
