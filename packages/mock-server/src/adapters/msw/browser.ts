/**
 * The mock in the browser through msw's service worker.
 *
 * @module @thematic/mock-server/msw/browser
 */
import { setupWorker, type SetupWorker } from "msw/browser";
import { type BrowserMockOptions, createLazyHandlers } from "./createLazyHandlers.ts";

/**
 * An msw service worker serving the mock in the browser; call `.start()` on it (after
 * `npx msw init public/` in the frontend project). Nothing of the mock is loaded with the page:
 * its code and the fixture data (fetched as JSON, not bundled) are loaded on the first request
 * under `baseUrl` (see {@link createLazyHandlers}).
 *
 * @throws TypeError when `baseUrl` is not an absolute http(s) URL
 * @example
 * await setupMockWorker({ baseUrl: "https://api.example.com" }).start();
 */
export function setupMockWorker(options: BrowserMockOptions): SetupWorker {
  return setupWorker(...createLazyHandlers(options));
}

export { createLazyHandlers, type BrowserMockOptions } from "./createLazyHandlers.ts";
export type { HandlerOptions } from "./handlers.ts";
