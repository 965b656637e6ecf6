import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context/ServiceContext.ts";
import { MCP_PATH } from "../context/mcpPath.ts";
import type { DriftLog } from "./DriftLog.ts";
import { foreignBodyPolicy } from "./foreignBodyPolicy.ts";
import { type AnswerInspector, type DriftDocument, inspectAnswer } from "./inspectAnswer.ts";
import { operationMatcher } from "./operationMatcher.ts";
import { readCapped } from "./readCapped.ts";
import type { RecordedExchange } from "./RecordedExchange.ts";

export type { DriftDocument } from "./inspectAnswer.ts";

/** Default cap on one upstream answer's body: 16 MiB (`ProxySetup.maxBodyBytes`, `--max-upstream-body`). */
export const DEFAULT_UPSTREAM_BODY_MAX_BYTES = 16 * 1024 * 1024;

/** `--proxy`: where to forward, where drift goes, and (`--record`) where answers are saved. */
export interface ProxySetup {
  /** Base URL of the real deployment, e.g. `https://api.example.com` (paths are appended). */
  upstream: string;
  drift: DriftLog;
  /** Saves an answer (`--record <dir>`); given with personal data already removed. Used by the default `inspect`. */
  record?: (exchange: RecordedExchange) => void;
  /**
   * Where each answer's parsing, drift check, redaction and saving run. Default: on the calling
   * thread, saving with `record` (about 0.1 s of blocked event loop per MiB of JSON); the Node
   * server runs them on a worker thread and saves there (`workerAnswerInspector`).
   */
  inspect?: AnswerInspector;
  /**
   * Largest upstream body, bytes (default {@link DEFAULT_UPSTREAM_BODY_MAX_BYTES}). A larger one is
   * not read past the cap: the upstream connection is closed and the caller gets 502 `{error}`.
   */
  maxBodyBytes?: number;
  /** Where a line goes when an answer could not be inspected (default: nowhere). */
  log?: (line: string) => void;
  /** The fetch used to reach the upstream (tests); default `globalThis.fetch`. */
  fetch?: typeof fetch;
}

/** Whether a request path is the service's API (forwarded, recorded, replayed): `/v1/*`, `/v2/*`, not the mock's own MCP endpoint. */
export function isApiPath(path: string): boolean {
  return (path.startsWith("/v1/") || path.startsWith("/v2/")) && path !== MCP_PATH;
}

/**
 * Middleware of `--proxy <url>`: forwards every API request (`isApiPath`) to the upstream with the
 * caller's `Authorization`, answers with the upstream's status, body, content type and
 * `Location`, and checks the answer against the mock's own document (`document()`, its
 * `/openapi.json`): an undocumented status, or each field that is missing, extra, of another type
 * or value (`findDrift`), is recorded in `setup.drift` per operation and field. With
 * `setup.record`, each answer is saved with every secret and personal datum removed (`recordExchange`;
 * `knownKeys()`: the API keys the mock knows, cut out wherever they appear). The
 * control surface, docs and studio stay the mock's. An unreachable upstream, or an answer that
 * breaks off, is a 502 `{error}`.
 *
 * Bounded: an upstream body is read chunk by chunk up to `setup.maxBodyBytes` (default 16 MiB)
 * and no further: past it the upstream connection is closed and the caller gets 502 `{error}`
 * naming the cap and how to raise it. The per-answer work runs in `setup.inspect` (on a worker
 * thread in the Node server), awaited before the answer is sent, so a request holds its body
 * (and the worker a copy) only until it is answered. A body that is not JSON, PDF, an image or plain text is sent with
 * `Content-Security-Policy: sandbox` ({@link foreignBodyPolicy}): an upstream page opened in a
 * browser cannot run on the mock's origin.
 */
export function proxyMiddleware(
  setup: ProxySetup,
  document: () => Promise<DriftDocument>,
  knownKeys: () => readonly string[] = () => [],
): MiddlewareHandler<AppEnv> {
  const base = setup.upstream.replace(/\/$/, "");
  const send = setup.fetch ?? globalThis.fetch;
  const maxBytes = setup.maxBodyBytes ?? DEFAULT_UPSTREAM_BODY_MAX_BYTES;
  const inspect = setup.inspect ?? inThreadInspector(setup.record);
  let loaded: Promise<{ doc: DriftDocument; match: ReturnType<typeof operationMatcher> }> | undefined;
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (!isApiPath(url.pathname) || c.req.method === "OPTIONS") return next();
    loaded ??= document().then((doc) => ({ doc, match: operationMatcher(doc.paths) }));
    const { doc, match } = await loaded;
    const headers = new Headers();
    for (const name of ["authorization", "content-type", "accept"]) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    const bodyText = c.req.method === "GET" || c.req.method === "HEAD" ? "" : await c.req.text();
    let upstream: Response;
    try {
      upstream = await send(`${base}${url.pathname}${url.search}`, {
        method: c.req.method,
        headers,
        redirect: "manual",
        signal: c.req.raw.signal,
        ...(bodyText === "" ? {} : { body: bodyText }),
      });
    } catch (error) {
      return c.json({ error: `the upstream ${base} could not be reached (${messageOf(error)})` }, 502);
    }
    let read;
    try {
      read = await readCapped(upstream, maxBytes);
    } catch (error) {
      return c.json({ error: `the upstream's answer broke off before its end (${messageOf(error)})` }, 502);
    }
    if (!read.complete) {
      const size = read.declaredBytes === null ? "" : ` (${sizeText(read.declaredBytes)} declared)`;
      return c.json(
        {
          error: `the upstream's answer is larger than ${sizeText(maxBytes)}${size}, the proxy's cap on one answer: raise it with --max-upstream-body <MiB> (startServer: maxUpstreamBodyBytes)`,
        },
        502,
      );
    }
    const bytes = read.bytes;
    const contentType = upstream.headers.get("content-type");
    const location = upstream.headers.get("location");
    const operation = match(c.req.method, url.pathname);
    const exchange = {
      request: {
        method: c.req.method,
        path: url.pathname,
        query: [...url.searchParams],
        headers: pairsOf(headers),
        body: bodyText,
      },
      response: { status: upstream.status, headers: pairsOf(upstream.headers), body: bytes },
    };
    try {
      const issues = await inspect(doc, {
        operation,
        exchange,
        secrets: [...bearerKey(c.req.header("authorization")), ...knownKeys()],
        recordedAt: new Date().toISOString(),
      });
      setup.drift.record(operation ?? `${c.req.method} ${url.pathname}`, upstream.status, issues);
    } catch (error) {
      setup.log?.(
        `[thematic-mock] proxy: an answer of ${operation ?? c.req.method} (${upstream.status}, ${sizeText(bytes.length)}) could not be checked or recorded: ${messageOf(error)}`,
      );
    }
    const out = new Headers();
    if (contentType !== null) out.set("Content-Type", contentType);
    if (location !== null) out.set("Location", location);
    const www = upstream.headers.get("www-authenticate");
    if (www !== null) out.set("WWW-Authenticate", www);
    const nullBody =
      upstream.status === 204 || upstream.status === 205 || upstream.status === 304 || bytes.length === 0;
    const policy = nullBody ? null : foreignBodyPolicy(contentType);
    if (policy !== null) out.set("Content-Security-Policy", policy);
    return new Response(nullBody ? null : bytes, { status: upstream.status, headers: out });
  };
}

/** The default {@link AnswerInspector}: the work on this thread, the exchange handed to `record`. */
function inThreadInspector(record: ((exchange: RecordedExchange) => void) | undefined): AnswerInspector {
  return async (doc, answer) => {
    const { issues, exchange } = inspectAnswer(doc, answer, record !== undefined);
    if (exchange !== undefined) record?.(exchange);
    return issues;
  };
}

function bearerKey(header: string | undefined): string[] {
  const key = header?.replace(/^\s*bearer\s+/i, "").trim();
  return key === undefined || key === "" ? [] : [key, header!.trim()];
}

function pairsOf(headers: Headers): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  headers.forEach((value, name) => pairs.push([name, value]));
  return pairs;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `16 MiB` for whole mebibytes, else bytes. */
function sizeText(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
