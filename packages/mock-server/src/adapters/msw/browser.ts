import { setupWorker, type SetupWorker } from "msw/browser";
import { createHandlers, type HandlerOptions } from "./handlers.ts";

/**
 * An msw service worker serving the mock in the browser; call `.start()` on it (after
 * `npx msw init public/` in the frontend project).
 *
 * @example
 * await setupMockWorker({ baseUrl: "https://api.example.com", universe }).start();
 */
export function setupMockWorker(options: HandlerOptions): SetupWorker {
  return setupWorker(...createHandlers(options));
}

export { createHandlers, createMswMock, type HandlerOptions, type MswMock } from "./handlers.ts";
