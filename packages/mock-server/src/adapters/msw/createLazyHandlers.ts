import { http, type HttpHandler } from "msw";
import type { HandlerOptions } from "./handlers.ts";
import { mswRoute } from "./_internal/mswRoute.ts";

/** Options of {@link createLazyHandlers} (and `setupMockWorker`): the handlers' options, plus where the fixture files are served. */
export interface BrowserMockOptions extends HandlerOptions {
  /**
   * The folder the fixture data files are fetched from (those of `@thematic/fixtures/data/`),
   * e.g. `"/fixtures/"`. Default: the files of the installed `@thematic/fixtures`, which Vite's
   * dev server serves and `vite build` (or webpack) emits as assets. Give it with a bundler that
   * does not handle `new URL(…, import.meta.url)` (esbuild, Rollup without a plugin), after
   * copying the files to the app's public folder. Ignored when `universe` is given.
   */
  dataUrl?: string | URL;
}

/**
 * msw handlers serving the whole mock API under `baseUrl`, like `createHandlers` (from
 * `…/msw/node`), except that the mock is built on the first request: its code
 * is imported then (a separate chunk for bundlers) and the fixture universe fetched
 * (`loadUniverseAsync` of @thematic/fixtures, from `dataUrl`) unless `universe` is given. Later
 * requests wait for the same build. When the build fails (the data files cannot be fetched),
 * each request gets a 503 `{error}` saying why, and the next one tries again.
 *
 * @throws TypeError when `baseUrl` is not an absolute http(s) URL
 * @example
 * const worker = setupWorker(...createLazyHandlers({ baseUrl: "https://api.example.com", dataUrl: "/fixtures/" }));
 */
export function createLazyHandlers(options: BrowserMockOptions): HttpHandler[] {
  const { baseUrl, dataUrl, ...appOptions } = options;
  const route = mswRoute(baseUrl);
  let building: Promise<(request: Request) => Promise<Response>> | undefined;
  const build = async () => {
    const [{ createSessionDispatcher }, universe] = await Promise.all([
      import("../../app/createSessionDispatcher.ts"),
      appOptions.universe ??
        import("@thematic/fixtures/load").then(({ loadUniverseAsync }) =>
          loadUniverseAsync(dataUrl === undefined ? {} : { dataUrl }),
        ),
    ]);
    const dispatcher = createSessionDispatcher({ quiet: true, ...appOptions, universe });
    return (request: Request) => dispatcher.fetch(request);
  };
  const handler = http.all(route.pattern, async ({ request }) => {
    building ??= build();
    const attempt = building;
    let fetch: (request: Request) => Promise<Response>;
    try {
      fetch = await attempt;
    } catch (error) {
      // The next request tries again (unless another one already has).
      if (building === attempt) building = undefined;
      const message = `the mock could not start: ${error instanceof Error ? error.message : String(error)}`;
      console.error(`[thematic-mock] ${message}`);
      return Response.json({ error: message }, { status: 503, headers: { "Retry-After": "1" } });
    }
    return route.forward(request, fetch);
  });
  return [handler];
}
