// The two ways the client's tests reach the mock: msw's Node interception of `fetch` (in process,
// no socket) and the standalone Node server on an ephemeral port (real HTTP). Both serve the real
// fixtures with a manual clock, so builds only move when a test moves them (control surface).
import { loadUniverse } from "@thematic/fixtures/load";
import type { SetupServer } from "msw/node";
import { setupServer } from "msw/node";
import { createMswMock } from "../../../packages/mock-server/src/adapters/msw/handlers.ts";
import { startServer, type RunningServer } from "../../../packages/mock-server/src/adapters/node/startServer.ts";
import type { Mock } from "../../../packages/mock-server/src/app/createApp.ts";
import { createManualClock } from "../../../packages/mock-server/src/clock/ManualClock.ts";
import type { Universe } from "../../../packages/mock-server/src/_internal/fixtures.ts";

/** A mock the client can reach at `baseUrl`, started and stopped around a test file. */
export interface Transport {
  name: string;
  /** Valid after `start()`. */
  baseUrl: string;
  /** The mock behind it (tests read `mock.ctx` only to check what the API reports). */
  mock: Mock;
  universe: Universe;
  start(): Promise<void>;
  stop(): Promise<void>;
}

let universe: Universe | undefined;
function fixtures(): Universe {
  universe ??= loadUniverse();
  return universe;
}

function clockFor(u: Universe) {
  return createManualClock(Date.parse(`${u.asOf}T12:00:00Z`) + 2 * 86_400_000);
}

/** msw's `setupServer` in this process: the client's `fetch` calls never leave it. */
export function mswTransport(): Transport {
  const u = fixtures();
  const baseUrl = "http://localhost:4010/api"; // loopback, as the control surface expects; msw answers before any socket
  const msw = createMswMock({ baseUrl, universe: u, clock: clockFor(u), quiet: true, latencyMs: 0 });
  let server: SetupServer | undefined;
  return {
    name: "msw (in process)",
    baseUrl,
    mock: msw,
    universe: u,
    async start() {
      server = setupServer(...msw.handlers);
      server.listen({ onUnhandledRequest: "error" });
    },
    async stop() {
      server?.close();
    },
  };
}

/** The standalone server (`startServer`) on 127.0.0.1, port 0. */
export function httpTransport(): Transport {
  const u = fixtures();
  let server: RunningServer | undefined;
  const transport: Transport = {
    name: "real HTTP",
    baseUrl: "",
    mock: undefined as unknown as Mock,
    universe: u,
    async start() {
      server = await startServer({ port: 0, universe: u, clock: clockFor(u), quiet: true, latencyMs: 0 });
      transport.baseUrl = server.url;
      transport.mock = server;
    },
    async stop() {
      await server?.close();
    },
  };
  return transport;
}
