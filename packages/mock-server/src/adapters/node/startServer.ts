import { mkdirSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { serve } from "@hono/node-server";
import type { Mock } from "../../app/createApp.ts";
import {
  createSessionDispatcher,
  SESSION_DISPATCHER_OPTION_NAMES,
  type SessionDispatcher,
  type SessionDispatcherOptions,
} from "../../app/createSessionDispatcher.ts";
import { refuseUnknownOptions } from "../../config/refuseUnknownOptions.ts";
import { capConnections, DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS } from "./_internal/capConnections.ts";
import { createDriftLog } from "../../proxy/DriftLog.ts";
import { filePersistence } from "./filePersistence.ts";
import { loadRecordings } from "./recordingDir.ts";
import { workerAnswerInspector, type WorkerAnswerInspector } from "./workerAnswerInspector.ts";
import { createWorkerSolverRunner } from "./workerSolverRunner.ts";

/** Time a request (head and body) has to arrive unless the head timeout is longer (Node's `requestTimeout`; its default is 300 s). */
const REQUEST_TIMEOUT_MS = 30_000;

/** Options of {@link startServer}: the app's, plus where to listen, the state file and the optimizer pool. */
export interface StartServerOptions extends SessionDispatcherOptions {
  /** TCP port; 0 picks a free one. Default 4010. */
  port?: number;
  /** Interface to bind. Default "127.0.0.1". A non-loopback address exposes the mock to the network (see `isLoopbackHost`). */
  hostname?: string;
  /** State file: persist every write there (atomically, before the response); default in memory. */
  dataFile?: string;
  /** Optimizer worker threads; default cores − 1, at least 1 (ignored when `solver` is given). */
  optimizerWorkers?: number;
  /** Optimizer solves that may wait for a worker (429 beyond); default 16 (ignored when `solver` is given). */
  optimizerQueue?: number;
  /**
   * Start the optimizer threads as soon as the server listens, rather than on the first solve
   * (the default): a thread takes about 0.1 s to start from compiled JavaScript, about 1 s from
   * the TypeScript sources, and that time counts against the first request's time limit.
   */
  warmOptimizer?: boolean;
  /**
   * Connections open at once (1..1000000), shared between clients (remote addresses): at the cap,
   * a client under its share ⌊cap / clients⌋ takes the place of an idle connection of the
   * client holding the most; a client at its share is answered 503 `{error}` at once and closed
   * (`capConnections`). Default 1024 (`DEFAULT_MAX_CONNECTIONS`).
   */
  maxConnections?: number;
  /**
   * Milliseconds a connection has to send a complete request head, when new or kept alive after
   * a response (1..3600000): then it is closed (408 `{error}` if it had sent part of one).
   * Default 10 s (`DEFAULT_HEADERS_TIMEOUT_MS`). The body must then arrive within
   * max(30 s, this) of the request's start (Node's `requestTimeout`).
   */
  headersTimeoutMs?: number;
  /** `--proxy`: base URL of a real deployment every API request is forwarded to (drift reported at `/__mock/drift`). */
  proxyUrl?: string;
  /** `--record`: save the upstream's answers (keys and personal data removed) in this directory; needs `proxyUrl`. */
  recordDir?: string;
  /** `--replay`: answer the requests recorded in this directory from it. */
  replayDir?: string;
  /**
   * `--max-upstream-body`: largest upstream answer body `proxyUrl` reads, bytes (1 to 1 GiB;
   * default 16 MiB). A larger one is cut off at the cap and answered 502 `{error}`.
   */
  maxUpstreamBodyBytes?: number;
}

/** The option names {@link startServer} adds to the dispatcher's (the record makes the compiler check that none is missing). */
const SERVER_OPTIONS: Record<Exclude<keyof StartServerOptions, keyof SessionDispatcherOptions>, true> = {
  port: true,
  hostname: true,
  dataFile: true,
  optimizerWorkers: true,
  optimizerQueue: true,
  warmOptimizer: true,
  maxConnections: true,
  headersTimeoutMs: true,
  proxyUrl: true,
  recordDir: true,
  replayDir: true,
  maxUpstreamBodyBytes: true,
};
const START_SERVER_OPTION_NAMES: readonly string[] = [
  ...SESSION_DISPATCHER_OPTION_NAMES,
  ...Object.keys(SERVER_OPTIONS),
];

/** A running server. */
export interface RunningServer extends Mock {
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  /** The sandbox sessions (`X-Mock-Session`) next to the default state (`app`, `ctx`). */
  dispatcher: SessionDispatcher;
  /** Stops accepting connections, closes open ones and stops the optimizer threads. */
  close(): Promise<void>;
}

/**
 * Serves the mock over HTTP with Node (`@hono/node-server`), file persistence when `dataFile` is set, sandbox sessions (`X-Mock-Session`,
 * one dispatcher for every session), optimizer solves on a pool of worker
 * threads (`createWorkerSolverRunner`), the `Host` check on (loopback names, IP addresses, the
 * bound name and `allowedHosts`), and `{error}` JSON bodies for the requests Node itself refuses
 * before the app sees them (a malformed request line 400, headers over 16 KB 431, a connection
 * past its client's share of `maxConnections` 503, a head not received within `headersTimeoutMs` 408).
 *
 * @example
 * const server = await startServer({ port: 0, universe, quiet: true });
 * (await fetch(`${server.url}/v1/health`)).status // => 200
 * await server.close();
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  refuseUnknownOptions(options, START_SERVER_OPTION_NAMES);
  const {
    port = 4010,
    hostname = "127.0.0.1",
    dataFile,
    optimizerWorkers,
    optimizerQueue,
    warmOptimizer = false,
    maxConnections = DEFAULT_MAX_CONNECTIONS,
    headersTimeoutMs = DEFAULT_HEADERS_TIMEOUT_MS,
    proxyUrl,
    recordDir,
    replayDir,
    maxUpstreamBodyBytes,
    ...appOptions
  } = options;
  if (!Number.isInteger(maxConnections) || maxConnections < 1 || maxConnections > 1_000_000)
    throw new RangeError(`maxConnections must be an integer in 1..1000000, got ${maxConnections}`);
  if (!Number.isInteger(headersTimeoutMs) || headersTimeoutMs < 1 || headersTimeoutMs > 3_600_000)
    throw new RangeError(`headersTimeoutMs must be an integer in 1..3600000, got ${headersTimeoutMs}`);
  if (recordDir !== undefined && proxyUrl === undefined && appOptions.proxy === undefined)
    throw new RangeError("recordDir needs proxyUrl (it saves the upstream's answers)");
  if (maxUpstreamBodyBytes !== undefined && proxyUrl === undefined)
    throw new RangeError("maxUpstreamBodyBytes needs proxyUrl (it caps the upstream's answers)");
  if (
    maxUpstreamBodyBytes !== undefined &&
    !(Number.isInteger(maxUpstreamBodyBytes) && maxUpstreamBodyBytes >= 1 && maxUpstreamBodyBytes <= 2 ** 30)
  )
    throw new RangeError(
      `maxUpstreamBodyBytes must be an integer from 1 to 1073741824 (1 GiB), got ${maxUpstreamBodyBytes}`,
    );
  const log = appOptions.log ?? ((line: string) => console.log(line));
  let inspector: WorkerAnswerInspector | undefined;
  if (proxyUrl !== undefined) {
    if (recordDir !== undefined) mkdirSync(recordDir, { recursive: true }); // a folder that cannot be made fails the start, not the first answer
    // Parsing, drift checks, redaction and saving run on a worker thread: a large answer never blocks the event loop.
    inspector = workerAnswerInspector({
      ...(recordDir === undefined ? {} : { recordDir }),
      ...(maxUpstreamBodyBytes === undefined ? {} : { maxBodyBytes: maxUpstreamBodyBytes }),
    });
    appOptions.proxy = {
      upstream: proxyUrl,
      drift: createDriftLog(proxyUrl, () => Date.now(), log),
      inspect: inspector.inspect,
      log,
      ...(maxUpstreamBodyBytes === undefined ? {} : { maxBodyBytes: maxUpstreamBodyBytes }),
    };
  }
  if (replayDir !== undefined) {
    const recordings = loadRecordings(replayDir);
    appOptions.replay = (key) => recordings.get(key);
  }
  const pool =
    appOptions.solver === undefined
      ? createWorkerSolverRunner({
          ...(optimizerWorkers === undefined ? {} : { workers: optimizerWorkers }),
          ...(optimizerQueue === undefined ? {} : { queueMax: optimizerQueue }),
        })
      : undefined;
  const allowedHosts = appOptions.allowedHosts ?? (isIpOrWildcard(hostname) ? [] : [hostname]);
  const dispatcher = createSessionDispatcher({
    ...appOptions,
    allowedHosts,
    ...(pool === undefined ? {} : { solver: pool }),
    ...(dataFile === undefined ? {} : { persistence: filePersistence(dataFile) }),
  });
  const mock = dispatcher.mock;
  return new Promise((resolve, reject) => {
    const serverOptions = {
      // Node's own checks, behind capConnections' exact head deadline: the head, then the whole request.
      headersTimeout: headersTimeoutMs,
      requestTimeout: Math.max(REQUEST_TIMEOUT_MS, headersTimeoutMs),
      connectionsCheckingInterval: 1000,
    };
    const server = serve(
      { fetch: (request: Request) => dispatcher.fetch(request), port, hostname, serverOptions },
      (info: AddressInfo) => {
        const host = info.family === "IPv6" ? `[${info.address}]` : info.address;
        if (warmOptimizer) pool?.warm();
        resolve({
          ...mock,
          dispatcher,
          url: `http://${host}:${info.port}`,
          port: info.port,
          close: () =>
            new Promise<void>((done, fail) => {
              server.close((error) => (error ? fail(error) : done()));
              if ("closeAllConnections" in server && typeof server.closeAllConnections === "function")
                server.closeAllConnections();
            }).finally(() => Promise.all([pool?.close(), inspector?.close()])),
        });
      },
    );
    capConnections(server as Server, { max: maxConnections, headersTimeoutMs });
    server.on("clientError", answerClientError);
    server.once("error", (error: Error & { code?: string }) => {
      void pool?.close();
      void inspector?.close();
      reject(listenError(error, port, hostname));
    });
  });
}

/**
 * The error of a `listen` that failed, with what to do for the usual causes: the port is taken
 * (EADDRINUSE: another server, or a mock still running) or needs privileges (EACCES, below
 * 1024); others are returned unchanged. The `code` is kept, Node's error is the `cause`.
 *
 * @example
 * listenError(Object.assign(new Error("listen EADDRINUSE"), { code: "EADDRINUSE" }), 4010, "127.0.0.1").message
 * // => "port 4010 on 127.0.0.1 is already in use (another thematic-mock, or another server): …"
 */
function listenError(error: Error & { code?: string }, port: number, hostname: string): Error {
  const where = `port ${port} on ${hostname}`;
  const message =
    error.code === "EADDRINUSE"
      ? `${where} is already in use (another thematic-mock, or another server): start on another port with --port <n> (the \`port\` option; 0 picks a free one), ` +
        `or stop the process that holds it, found with \`lsof -i :${port}\` (macOS, Linux) or \`netstat -ano | findstr :${port}\` (Windows)`
      : error.code === "EACCES"
        ? `${where} needs privileges to bind (ports below 1024 usually do): start on a port from 1024 up with --port <n> (the \`port\` option)`
        : null;
  return message === null ? error : Object.assign(new Error(message, { cause: error }), { code: error.code });
}

/**
 * Node's `clientError`: a request Node could not parse. Answered with `{error}` JSON (Node's own
 * answer has an empty body) when the socket can still be written: 431 for headers over Node's
 * 16 KB limit, 408 for a request that timed out, 400 otherwise; then the connection is closed.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", "request headers too large: Node accepts at most 16 KB of headers"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", "the request was not received in time"]
        : [400, "Bad Request", `malformed HTTP request (${error.code ?? "parse error"})`];
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** True for an IP literal or a wildcard bind address (nothing to add to the allowed host names). */
function isIpOrWildcard(hostname: string): boolean {
  return /^[\d.]+$/.test(hostname) || hostname.includes(":") || hostname === "";
}
