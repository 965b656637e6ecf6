import type { Universe } from "../_internal/fixtures.ts";
import { MOCK_STATUS_HEADER } from "../context/mockHeaders.ts";
import type { Clock } from "../clock/Clock.ts";
import { createManualClock } from "../clock/ManualClock.ts";
import type { ServiceContext } from "../context/ServiceContext.ts";
import type { SessionControl } from "../context/SessionControl.ts";
import { LIMITS } from "../schemas/limits.ts";
import {
  EXAMPLE_OTHER,
  EXAMPLE_OWNER,
  type ExampleCase,
  type ExampleRequest,
  exampleIds,
  fixtureUser,
  specialCases,
  UNKNOWN_ID,
  validRequests,
} from "./exampleRequests.ts";
import type { OpenApiExamples, OperationExamples } from "./OpenApiExamples.ts";
import { operationKey } from "./operationIds.ts";
import { trimExample } from "./trimExample.ts";

/** Longest array an example keeps (the rest of a long list or series is left out). */
export const EXAMPLE_MAX_ITEMS = 8;

/** An operation of the OpenAPI document, as far as the capture reads it. */
interface DocumentOperation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

interface CapturableDocument {
  paths: Record<string, Record<string, DocumentOperation>>;
}

/**
 * Makes the throwaway mock the examples are captured from: `createSessionDispatcher` of `app/`,
 * passed in by the caller (this floor documents the app and does not import it). Typed as far as
 * the capture uses it.
 */
export type CaptureMock = (options: {
  universe: Universe;
  clock: Clock;
  quiet: true;
  maxSessions: number;
  buildDurationMs: number;
  latencyMs: number;
  seed: number;
}) => {
  fetch(request: Request): Promise<Response>;
  readonly mock: { readonly ctx: Pick<ServiceContext, "store" | "clock" | "options"> };
  readonly sessions: Pick<SessionControl, "list" | "remove">;
};

/**
 * Captures the examples of every operation of the mock's OpenAPI document: for each operation, its
 * valid "Try it out" request (`validRequests`) and, for each documented JSON response status, a
 * request that gets that status (`specialCases`, else a derivation of the valid request: a
 * malformed id or body for 400, no key for 401, another user for 403, an unknown id for 404, an
 * oversized body for 413, a text body for 415), each sent to a throwaway mock on `universe` made
 * by `createMock` (`createSessionDispatcher`; never a serving instance's state), reset to the
 * fixtures before every case, with a manual clock two days after the fixtures' as-of date (so the
 * capture is reproducible). A status no request
 * reaches gets the mock's `X-Mock-Status` answer (listed in `forced`). Arrays are cut to
 * {@link EXAMPLE_MAX_ITEMS}.
 *
 * Cost: one request per documented response plus setups (about 400 in process; optimizer solves included).
 * @example
 * openApiExamplesSource(await captureExamples(loadUniverse(), createSessionDispatcher)) // => the text of openApiExamples.generated.ts
 * @throws Error when an operation has no valid request, or that request does not get a 2xx answer
 */
export async function captureExamples(universe: Universe, createMock: CaptureMock): Promise<OpenApiExamples> {
  const clockAt = Date.parse(`${universe.asOf}T12:00:00Z`) + 2 * 86_400_000;
  const dispatcher = createMock({
    universe,
    clock: createManualClock(clockAt),
    quiet: true,
    maxSessions: 2,
    buildDurationMs: 4000,
    latencyMs: 0,
    seed: 1,
  });
  const ctx = dispatcher.mock.ctx;
  const settings = { ...ctx.options };
  const keys = {
    owner: fixtureUser(universe, EXAMPLE_OWNER).apiKey,
    other: fixtureUser(universe, EXAMPLE_OTHER).apiKey,
  };
  const ids = exampleIds(universe);
  const valid = validRequests(ids);
  const document = (await (
    await dispatcher.fetch(new Request("http://localhost/openapi.json"))
  ).json()) as CapturableDocument;

  const restore = (): void => {
    ctx.store.reset();
    ctx.clock.resetOffset();
    Object.assign(ctx.options, settings);
    for (const { name } of dispatcher.sessions.list()) dispatcher.sessions.remove(name);
  };
  const send = async (r: ExampleRequest): Promise<{ status: number; json: unknown }> => {
    const caller = r.as ?? (r.path.startsWith("/__mock/") ? "none" : "owner");
    const headers: Record<string, string> = {
      ...(caller === "none" ? {} : { Authorization: `Bearer ${keys[caller]}` }),
      ...(r.headers ?? {}),
    };
    let body: string | undefined = r.rawBody;
    if (body === undefined && r.body !== undefined) {
      body = JSON.stringify(r.body);
      headers["Content-Type"] ??= "application/json";
    }
    const url = `http://localhost${fillPath(r.path, r.params ?? {})}${queryString(r.query ?? {})}`;
    const response = await dispatcher.fetch(
      new Request(url, { method: r.method, headers, ...(body === undefined ? {} : { body }) }),
    );
    const text = await response.text();
    const isJson = (response.headers.get("content-type") ?? "").includes("json");
    return { status: response.status, json: isJson && text !== "" ? JSON.parse(text) : undefined };
  };
  const attempt = async (c: ExampleCase): Promise<unknown> => {
    restore();
    for (const step of c.setup ?? []) await send(step);
    const answer = await send(c.request);
    return answer.status === c.status && answer.json !== undefined ? answer.json : undefined;
  };

  const operations: Record<string, OperationExamples> = {};
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const key = operationKey(method, path);
      const request = valid[key];
      if (request === undefined)
        throw new Error(`no example request for ${key}: add one to validRequests (openapi/exampleRequests.ts)`);
      const entry: OperationExamples = {
        request: {
          ...(request.params === undefined ? {} : { params: request.params }),
          ...(request.query === undefined ? {} : { query: request.query }),
          ...(request.body === undefined ? {} : { body: request.body }),
        },
        responses: {},
      };
      const forced: number[] = [];
      for (const [code, response] of Object.entries(op.responses ?? {})) {
        if (response.content?.["application/json"] === undefined) continue;
        const status = Number(code);
        let example: unknown;
        for (const c of candidates(key, status, request, op)) {
          example = await attempt(c);
          if (example !== undefined) break;
        }
        if (example === undefined && status >= 200 && status < 300) {
          throw new Error(
            `${key}: no example request got ${status} (the valid request of openapi/exampleRequests.ts must get its success status)`,
          );
        }
        if (example === undefined) {
          example = await attempt({
            status,
            request: { ...request, headers: { [MOCK_STATUS_HEADER]: String(status) } },
          });
          if (example === undefined) throw new Error(`${key}: even ${MOCK_STATUS_HEADER} got no ${status} answer`);
          forced.push(status);
        }
        entry.responses[code] = trimExample(example, EXAMPLE_MAX_ITEMS);
      }
      if (forced.length > 0) entry.forced = forced;
      operations[key] = entry;
    }
  }
  restore();
  return {
    capturedOn: {
      fixturesAsOf: universe.asOf,
      clock: new Date(clockAt).toISOString(),
      owner: fixtureUser(universe, EXAMPLE_OWNER).name,
      ownerKey: keys.owner,
    },
    maxItems: EXAMPLE_MAX_ITEMS,
    operations,
  };

  function candidates(key: string, status: number, request: ExampleRequest, op: DocumentOperation): ExampleCase[] {
    const special = specialCases(ids, key, status, request);
    if (special !== undefined) return [special];
    const control = request.path.startsWith("/__mock/");
    const params = Object.keys(request.params ?? {});
    const withParam = (name: string, value: string): ExampleCase => ({
      status,
      request: { ...request, params: { ...request.params, [name]: value } },
    });
    switch (status) {
      case 400:
        return [
          ...params.flatMap((p) => [withParam(p, "not-a-uuid"), withParam(p, "not a valid name!")]),
          ...(op.requestBody === undefined
            ? []
            : [
                {
                  status,
                  request: { ...request, body: { ...(isObject(request.body) ? request.body : {}), unexpected: true } },
                },
                { status, request: { ...request, body: [] } },
              ]),
          ...(op.parameters ?? [])
            .filter((p) => p.in === "query")
            .map((p) => ({ status, request: { ...request, query: { ...request.query, [p.name]: "%%not-valid%%" } } })),
        ];
      case 401:
        return [{ status, request: { ...request, as: "none" } }];
      case 403:
        return control
          ? [{ status, request: { ...request, headers: { Origin: "https://elsewhere.example" } } }]
          : [
              { status, request: { ...request, as: "other" } },
              { status, request: { ...request, as: "other", params: { ...request.params, id: ids.publicPortfolio } } },
            ];
      case 404:
        return [
          ...params.map((p) => withParam(p, p === "symbol" ? "NOSUCH" : UNKNOWN_ID)),
          ...(request.body === undefined
            ? []
            : [{ status, request: { ...request, body: replaceFirstUuid(request.body, UNKNOWN_ID) } }]),
        ];
      case 413:
        return [
          {
            status,
            request: {
              ...request,
              rawBody: JSON.stringify({ padding: "x".repeat(LIMITS.BODY_MAX_BYTES) }),
              headers: { "Content-Type": "application/json" },
            },
          },
        ];
      case 415:
        return [{ status, request: { ...request, rawBody: "{}", headers: { "Content-Type": "text/plain" } } }];
      default:
        return [{ status, request }];
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `value` with its first UUID (a string value, or a key) replaced by `replacement`. */
function replaceFirstUuid(value: unknown, replacement: string): unknown {
  let done = false;
  const walk = (v: unknown): unknown => {
    if (done) return v;
    if (typeof v === "string" && UUID.test(v)) {
      done = true;
      return replacement;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (isObject(v))
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => (!done && UUID.test(k) ? ((done = true), [replacement, x]) : [k, walk(x)])),
      );
    return v;
  };
  return walk(value);
}

/** `/v1/strategies/{id}` with `params` substituted (URI-encoded). */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
}

/** `?a=1&b=2` (URI-encoded), or "" when there is nothing. */
export function queryString(query: Record<string, string>): string {
  const pairs = Object.entries(query);
  return pairs.length === 0
    ? ""
    : `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}`;
}
