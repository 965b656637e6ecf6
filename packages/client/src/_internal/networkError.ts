import { ThematicApiError } from "../ThematicApiError.ts";

/** A short reason from a fetch failure: Node's `TypeError: fetch failed` hides the system error code in its `cause`. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const code =
    cause !== undefined && cause !== null && typeof cause === "object"
      ? typeof cause.code === "string"
        ? cause.code
        : typeof cause.message === "string"
          ? cause.message
          : undefined
      : undefined;
  return code === undefined || message.includes(code) ? message : `${message} (${code})`;
}

/**
 * The {@link ThematicApiError} (status 0) for a request that got no answer: the method, the full
 * address, the network layer's reason and a hint: for a local address, whether the mock is
 * running and how to start it; otherwise whether the address is right.
 *
 * @example
 * networkError(new Request("http://localhost:4011/v1/health"), new TypeError("fetch failed"), "/v1/health").message
 * // => "GET http://localhost:4011/v1/health → no answer: fetch failed. Is the mock running? Start it with `npx thematic-mock --port 4011`, or set baseUrl."
 */
export function networkError(request: Request, error: unknown, path: string): ThematicApiError {
  const url = new URL(request.url);
  const local = url.hostname === "localhost" || url.hostname.startsWith("127.") || url.hostname === "[::1]";
  const port = url.port === "" ? "" : url.port === "4010" ? "" : ` --port ${url.port}`;
  const hint = local
    ? `Is the mock running? Start it with \`npx thematic-mock${port}\`, or set baseUrl.`
    : `Is ${url.origin} the right address, and reachable from here?`;
  const reason = reasonOf(error);
  return new ThematicApiError({
    status: 0,
    error: reason,
    method: request.method,
    path,
    url: request.url,
    message: `${request.method} ${request.url} → no answer: ${reason}. ${hint}`,
    cause: error,
  });
}
