import { http, type HttpHandler } from "msw";
import type { Mock } from "../../app/createApp.ts";
import { mswRoute } from "./_internal/mswRoute.ts";
import {
  createSessionDispatcher,
  type SessionDispatcher,
  type SessionDispatcherOptions,
} from "../../app/createSessionDispatcher.ts";

/** Options of {@link createHandlers}: where the mocked service lives, plus the app's options. */
export interface HandlerOptions extends SessionDispatcherOptions {
  /** Base URL the client calls, e.g. `https://api.example.com` or `http://localhost:4010/api`. */
  baseUrl: string;
}

/** The msw handlers and the mock behind them (tests may use `mock.ctx` directly). */
export interface MswMock extends Mock {
  handlers: HttpHandler[];
  /** The sandbox sessions (`X-Mock-Session`) next to the default state (`app`, `ctx`). */
  dispatcher: SessionDispatcher;
}

/**
 * msw handlers serving the whole mock API under `baseUrl` (every method, every path below it),
 * for `setupWorker` (browser) or `setupServer` (Node). A path prefix in `baseUrl` is stripped
 * before the request reaches the app, and put back into the `Location` of its redirects.
 *
 * @throws TypeError when `baseUrl` is not an absolute http(s) URL
 * @example
 * const server = setupServer(...createHandlers({ baseUrl: "https://api.test", universe }));
 */
export function createHandlers(options: HandlerOptions): HttpHandler[] {
  return createMswMock(options).handlers;
}

/** {@link createHandlers} plus the mock (app and ServiceContext). */
export function createMswMock(options: HandlerOptions): MswMock {
  const { baseUrl, ...appOptions } = options;
  const route = mswRoute(baseUrl);
  const dispatcher = createSessionDispatcher({ quiet: true, ...appOptions });
  const handler = http.all(route.pattern, ({ request }) =>
    route.forward(request, (forwarded) => dispatcher.fetch(forwarded)),
  );
  return { ...dispatcher.mock, handlers: [handler], dispatcher };
}
