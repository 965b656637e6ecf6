/** How the client retries a 429 or 503 that carries `Retry-After`. */
export interface RetryOptions {
  /** Retries of one request at most (default 2); 0 turns retrying off. */
  maxRetries?: number;
  /** Longest wait honoured, ms (default 10000): a longer `Retry-After` is not waited for, the error is thrown at once with its `retryAfterMs`. */
  maxWaitMs?: number;
}

/** The retry options with their defaults, checked. @throws RangeError unless maxRetries is an integer >= 0 and maxWaitMs finite >= 0 */
export function checkRetry(options: RetryOptions | false | undefined): Required<RetryOptions> {
  if (options === false) return { maxRetries: 0, maxWaitMs: 0 };
  const { maxRetries = 2, maxWaitMs = 10_000 } = options ?? {};
  if (!(Number.isInteger(maxRetries) && maxRetries >= 0))
    throw new RangeError(`retry.maxRetries must be an integer >= 0, got ${maxRetries}`);
  if (!(Number.isFinite(maxWaitMs) && maxWaitMs >= 0))
    throw new RangeError(`retry.maxWaitMs must be a finite number >= 0, got ${maxWaitMs}`);
  return { maxRetries, maxWaitMs };
}

/**
 * The wait a `Retry-After` header asks for, in ms (RFC 9110 §10.2.3): delay-seconds (a
 * non-negative integer) or an HTTP-date, counted from `now` (a date in the past is 0).
 * `undefined` when the header is missing or neither form.
 *
 * @example
 * retryAfterMs("3", 0) // => 3000
 * retryAfterMs("Wed, 21 Oct 2015 07:28:00 GMT", Date.UTC(2015, 9, 21, 7, 27, 58)) // => 2000
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT") or one of the obsolete forms Date.parse reads.
  if (!/[a-z]/i.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/** Statuses whose `Retry-After` the client honours: 429 Too Many Requests and 503 Service Unavailable. */
export function isRetryable(status: number): boolean {
  return status === 429 || status === 503;
}
