/**
 * The request headers that steer the mock itself (not the API): read by the app's middleware
 * (`app/mockHeadersMiddleware.ts`) and the session dispatcher, sent by the example capture.
 *
 * @example
 * fetch(url, { headers: { [MOCK_STATUS_HEADER]: "503" } }) // answered 503 {error} without running the route
 */

/** Request header forcing an error status on a request, e.g. `X-Mock-Status: 503`. */
export const MOCK_STATUS_HEADER = "X-Mock-Status";
/** Request header adding latency to a request, in ms (0..60000), on top of the global latency. */
export const MOCK_LATENCY_HEADER = "X-Mock-Latency";
/** Request header naming the sandbox session a request acts in (see `createSessionDispatcher`). */
export const MOCK_SESSION_HEADER = "X-Mock-Session";
