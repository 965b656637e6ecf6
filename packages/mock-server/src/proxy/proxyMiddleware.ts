import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app/ServiceContext.ts";
import { MCP_PATH } from "../mcp/registerMcpRoutes.ts";
import type { DriftLog } from "./DriftLog.ts";
import { type DriftIssue, findDrift, type JsonSchema } from "./findDrift.ts";
import { operationMatcher } from "./operationMatcher.ts";
import type { RecordedExchange } from "./RecordedExchange.ts";
import { recordExchange } from "./recordExchange.ts";

/** `--proxy`: where to forward, where drift goes, and (`--record`) where answers are saved. */
export interface ProxySetup {
  /** Base URL of the real deployment, e.g. `https://api.example.com` (paths are appended). */
  upstream: string;
  drift: DriftLog;
  /** Saves an answer (`--record <dir>`); given with personal data already removed. */
  record?: (exchange: RecordedExchange) => void;
  /** The fetch used to reach the upstream (tests); default `globalThis.fetch`. */
  fetch?: typeof fetch;
}

/** The OpenAPI document as far as drift checks read it. */
export interface DriftDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> }>>;
  components?: { schemas?: Record<string, JsonSchema> };
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
 * or value ({@link findDrift}), is recorded in `setup.drift` per operation and field. With
 * `setup.record`, each answer is saved with secrets and personal data removed (`recordExchange`;
 * `knownKeys()`: the API keys the mock knows, cut out wherever they appear). The
 * control surface, docs and studio stay the mock's. An unreachable upstream is a 502 `{error}`.
 */
export function proxyMiddleware(setup: ProxySetup, document: () => Promise<DriftDocument>, knownKeys: () => readonly string[] = () => []): MiddlewareHandler<AppEnv> {
  const base = setup.upstream.replace(/\/$/, "");
  const send = setup.fetch ?? globalThis.fetch;
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
      upstream = await send(`${base}${url.pathname}${url.search}`, { method: c.req.method, headers, redirect: "manual", ...(bodyText === "" ? {} : { body: bodyText }) });
    } catch (error) {
      return c.json({ error: `the upstream ${base} could not be reached (${error instanceof Error ? error.message : String(error)})` }, 502);
    }
    const bytes = new Uint8Array(await upstream.arrayBuffer());
    const contentType = upstream.headers.get("content-type");
    const isJson = contentType !== null && contentType.includes("json");
    let json: unknown;
    if (isJson && bytes.length > 0) {
      try {
        json = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        json = undefined;
      }
    }
    const operation = match(c.req.method, url.pathname);
    setup.drift.record(operation ?? `${c.req.method} ${url.pathname}`, upstream.status, driftOf(doc, operation, upstream.status, json, isJson));
    if (setup.record !== undefined) {
      const exchange = { request: { method: c.req.method, path: url.pathname, query: [...url.searchParams], headers, body: bodyText }, response: { status: upstream.status, headers: upstream.headers, body: bytes } };
      setup.record(recordExchange(exchange, knownKeys(), new Date().toISOString()));
    }
    const out = new Headers();
    if (contentType !== null) out.set("Content-Type", contentType);
    const location = upstream.headers.get("location");
    if (location !== null) out.set("Location", location);
    const www = upstream.headers.get("www-authenticate");
    if (www !== null) out.set("WWW-Authenticate", www);
    const nullBody = upstream.status === 204 || upstream.status === 304 || bytes.length === 0;
    return new Response(nullBody ? null : bytes, { status: upstream.status, headers: out });
  };
}

function driftOf(doc: DriftDocument, operation: string | null, status: number, json: unknown, isJson: boolean): DriftIssue[] {
  if (operation === null) return [{ path: "$", kind: "undocumented", expected: "an operation of the mock's document", got: "none" }];
  const [method, path] = operation.split(" ") as [string, string];
  const responses = doc.paths[path]?.[method.toLowerCase()]?.responses ?? {};
  const response = responses[String(status)];
  if (response === undefined) return [{ path: "$", kind: "status", expected: Object.keys(responses).join(", "), got: String(status) }];
  const schema = response.content?.["application/json"]?.schema;
  if (schema === undefined) return [];
  if (!isJson || json === undefined) return [{ path: "$", kind: "type", expected: "a JSON body", got: isJson ? "an empty or malformed body" : "a non-JSON body" }];
  return findDrift(json, schema, doc.components?.schemas ?? {});
}
