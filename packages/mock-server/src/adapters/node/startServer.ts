import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Mock } from "../../app/createApp.ts";
import { createSessionDispatcher, type SessionDispatcher, type SessionDispatcherOptions } from "../../app/createSessionDispatcher.ts";
import { filePersistence } from "./filePersistence.ts";
import { swaggerAssets } from "./swaggerAssets.ts";

/** Options of {@link startServer}: the app's, plus where to listen and the state file. */
export interface StartServerOptions extends SessionDispatcherOptions {
  /** TCP port; 0 picks a free one. Default 4010. */
  port?: number;
  /** Interface to bind. Default "127.0.0.1". */
  hostname?: string;
  /** State file: persist every write there (atomically, before the response); default in memory. */
  dataFile?: string;
}

/** A running server. */
export interface RunningServer extends Mock {
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  /** The sandbox sessions (`X-Mock-Session`) next to the default state (`app`, `ctx`). */
  dispatcher: SessionDispatcher;
  /** Stops accepting connections and closes open ones. */
  close(): Promise<void>;
}

/**
 * Serves the mock over HTTP with Node (`@hono/node-server`), Swagger UI files from
 * swagger-ui-dist, and file persistence when `dataFile` is set.
 *
 * @example
 * const server = await startServer({ port: 0, universe, quiet: true });
 * (await fetch(`${server.url}/v1/health`)).status // => 200
 * await server.close();
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const { port = 4010, hostname = "127.0.0.1", dataFile, ...appOptions } = options;
  const dispatcher = createSessionDispatcher({
    docsAssets: swaggerAssets(),
    ...appOptions,
    ...(dataFile === undefined ? {} : { persistence: filePersistence(dataFile) }),
  });
  const mock = dispatcher.mock;
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: (request: Request) => dispatcher.fetch(request), port, hostname }, (info: AddressInfo) => {
      const host = info.family === "IPv6" ? `[${info.address}]` : info.address;
      resolve({
        ...mock,
        dispatcher,
        url: `http://${host}:${info.port}`,
        port: info.port,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            if ("closeAllConnections" in server && typeof server.closeAllConnections === "function") server.closeAllConnections();
          }),
      });
    });
    server.once("error", reject);
  });
}
