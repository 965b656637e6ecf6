/**
 * The mock in Node tests through msw's request interception.
 *
 * @module @thematic/mock-server/msw/node
 */
import { type SetupServer, setupServer } from "msw/node";
import { createHandlers, type HandlerOptions } from "./handlers.ts";

/**
 * An msw server intercepting `fetch` in Node tests; call `.listen()` before and `.close()` after.
 *
 * @example
 * const server = setupMockServer({ baseUrl: "https://api.test", universe }); server.listen();
 */
export function setupMockServer(options: HandlerOptions): SetupServer {
  return setupServer(...createHandlers(options));
}

export { createHandlers, createMswMock, type HandlerOptions, type MswMock } from "./handlers.ts";
