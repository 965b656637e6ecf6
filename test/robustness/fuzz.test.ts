// Robustness of every documented endpoint against malformed input, on the
// real fixtures, in process. For every request: never a 5xx; a status the OpenAPI document lists
// for the operation; every 4xx (and 202) body is exactly {error: message}; no NaN/Infinity in any
// body; a rejected request leaves the state (store, clock offset, settings) unchanged; nothing
// unexpected logged (a body sent without a JSON content type may also get hono's 415, and a
// mutated path id a 404). Two passes per endpoint: a fixed sweep (each bad path id, each bad query
// value, each bad field value, each number of the body as 1e999/NaN/…, each raw body × content
// type) and fast-check combinations (fixed seeds: a failure prints its seed and path; replay with
// `{ seed, path }` in fc.assert). Each case starts from the fixtures' state. The `X-Mock-Status`
// header (a deliberate 5xx on request) is not fuzzed.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../packages/mock-server/src/schemas/limits.ts";
import { type Operation, operationKey } from "./_support/documentedOperations.ts";
import {
  type Endpoint,
  endpointTable,
  fillPath,
  fixtureIds,
  queryString,
  tableOperations,
  withPresignedQuery,
} from "./_support/endpoints.ts";
import {
  applyMutation,
  badIds,
  bodyMutations,
  CONTENT_TYPES,
  deepObject,
  jsonPaths,
  NASTY_QUERY_VALUES,
  NASTY_VALUES,
  nastyValue,
  numericTokenBodies,
  queryValue,
  rawBodies,
} from "./_support/malformed.ts";
import { describeRequest, probe, stateKey } from "./_support/probe.ts";
import { responseProblems } from "./_support/responseChecks.ts";
import type { Outgoing } from "./_support/world.ts";
import { createWorld } from "./_support/world.ts";

const world = createWorld();
const table = await endpointTable(world);
const SEED = 20261122;
const RUNS_PER_ENDPOINT = 100;
let operations: Map<string, Operation>;
let pristine: string;

beforeAll(async () => {
  operations = await tableOperations(world);
  world.restore();
  pristine = stateKey(world);
});

/** How a case sends its body. */
type BodyCase =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; text: string; contentType: string | undefined };

interface Case {
  params?: { name: string; value: string; raw: boolean } | undefined;
  query?: Array<[string, string]> | undefined;
  body?: BodyCase | undefined;
}

const exampleBody = (e: Endpoint): BodyCase =>
  e.body === undefined ? { kind: "none" } : { kind: "json", value: e.body };
const takesBody = (e: Endpoint) => e.method !== "GET";

function request(e: Endpoint, c: Case): Outgoing {
  const params = { ...e.params };
  let path: string;
  if (c.params === undefined) path = fillPath(e.path, params);
  else {
    const marker = "\u0001marker\u0001";
    params[c.params.name] = marker;
    path = fillPath(e.path, params).replace(
      encodeURIComponent(marker),
      c.params.raw ? c.params.value : encodeURIComponent(c.params.value),
    );
  }
  const query = c.query ?? Object.entries(e.query);
  const headers: Record<string, string> = world.auth(world.owner);
  const body = c.body ?? exampleBody(e);
  let text: string | undefined;
  if (body.kind === "json") {
    text = JSON.stringify(body.value) ?? "";
    headers["Content-Type"] = "application/json";
  } else if (body.kind === "raw") {
    text = body.text;
    if (body.contentType !== undefined) headers["Content-Type"] = body.contentType;
  }
  return { method: e.method, path: path + queryString(query), headers, ...(text === undefined ? {} : { body: text }) };
}

async function check(e: Endpoint, c: Case): Promise<string[]> {
  const r = await probe(world, pristine, e, operations.get(operationKey(e.method, e.path)), request(e, c), {
    pathMutated: c.params !== undefined,
  });
  return r.problems;
}

/** The fixed cases of an endpoint: each malformed value in each place, the rest of the example kept. */
function sweep(e: Endpoint, op: Operation): Case[] {
  const cases: Case[] = [];
  for (const name of op.pathParams)
    for (const bad of badIds(e.params[name] ?? "x")) cases.push({ params: { name, ...bad } });
  const example = Object.entries(e.query);
  for (const key of [...op.queryParams, "extra", "__proto__"]) {
    for (const value of NASTY_QUERY_VALUES)
      cases.push({ query: [...example.filter(([k]) => k !== key), [key, value]] });
    cases.push({ query: [...example, [key, "1"], [key, "NaN"]] }); // repeated parameter
  }
  if (takesBody(e)) {
    const value = e.body ?? {};
    for (const path of jsonPaths(value)) {
      for (const v of NASTY_VALUES)
        cases.push({ body: { kind: "json", value: applyMutation(value, { op: "replace", path, value: v }) } });
      if (path.length > 0) cases.push({ body: { kind: "json", value: applyMutation(value, { op: "delete", path }) } });
      cases.push({ body: { kind: "json", value: applyMutation(value, { op: "add", path, key: "extra", value: 1 }) } });
    }
    for (const text of rawBodies(JSON.stringify(value)))
      for (const contentType of CONTENT_TYPES) cases.push({ body: { kind: "raw", text, contentType } });
    for (const text of numericTokenBodies(JSON.stringify(value)))
      cases.push({ body: { kind: "raw", text, contentType: "application/json" } });
    cases.push({ body: { kind: "none" } });
  }
  return cases;
}

function caseArbitrary(e: Endpoint, op: Operation): fc.Arbitrary<Case> {
  const idValue = (name: string) =>
    fc.oneof(
      fc.constantFrom(...badIds(e.params[name] ?? "x")),
      fc.uuid().map((value) => ({ value, raw: false })),
      fc.string({ unit: "binary", maxLength: 40 }).map((value) => ({ value, raw: false })),
    );
  const params: fc.Arbitrary<Case["params"]> =
    op.pathParams.length === 0
      ? fc.constant(undefined)
      : fc.option(
          fc.constantFrom(...op.pathParams).chain((name) => idValue(name).map((v) => ({ name, ...v }))),
          { nil: undefined, freq: 3 },
        );
  const keys = [...op.queryParams, ...Object.keys(e.query)];
  const queryKey =
    keys.length === 0
      ? fc.string({ maxLength: 8 })
      : fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...keys) },
          { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
        );
  const query: fc.Arbitrary<Case["query"]> = fc.option(
    fc
      .tuple(fc.subarray(Object.entries(e.query)), fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 }))
      .map(
        ([kept, extra]) =>
          [...kept.filter(([k]) => !extra.some(([x]) => x === k)), ...extra] as Array<[string, string]>,
      ),
    { nil: undefined, freq: 2 },
  );
  const value = e.body ?? {};
  const body: fc.Arbitrary<Case["body"]> = !takesBody(e)
    ? fc.constant(undefined)
    : fc.oneof(
        { weight: 2, arbitrary: fc.constant(undefined) },
        {
          weight: 5,
          arbitrary: bodyMutations(value).map(
            (ms): BodyCase => ({ kind: "json", value: ms.reduce<unknown>((b, m) => applyMutation(b, m), value) }),
          ),
        },
        { weight: 1, arbitrary: nastyValue.map((v): BodyCase => ({ kind: "json", value: v })) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              fc.oneof(
                fc.constantFrom(...rawBodies(JSON.stringify(value))),
                fc.string({ unit: "binary", maxLength: 60 }),
              ),
              fc.constantFrom(...CONTENT_TYPES),
            )
            .map(([text, contentType]): BodyCase => ({ kind: "raw", text, contentType })),
        },
      );
  // Failure reports print the case through this (bodies of 1 MB cut), not whole.
  return fc
    .record({ params, query, body })
    .map((c) => Object.assign(c, { [fc.toStringMethod]: () => describeRequest(request(e, c)) }));
}

describe("fuzz: regressions (cases the fuzzing found)", () => {
  it("POST /v1/premade-strategies/search with one word as long as the objective may be is 200, not 500 (minisearch's fuzzy table was O(length²)); longer is a 400", async () => {
    const e = table.find((x) => x.path === "/v1/premade-strategies/search")!;
    for (const [objective, status] of [
      ["x".repeat(LIMITS.OBJECTIVE_MAX), 200],
      [`water ${"y".repeat(LIMITS.OBJECTIVE_MAX - 6)}`, 200],
      ["x".repeat(100_000), 400],
      [`water ${"y".repeat(1_000_000)}`, 400],
    ] as const) {
      const r = await probe(
        world,
        pristine,
        e,
        operations.get(operationKey(e.method, e.path)),
        request(e, { body: { kind: "json", value: { objective } } }),
      );
      expect(r.problems).toEqual([]);
      expect(r.response.status).toBe(status);
    }
  });

  it("POST and PUT /v1/portfolios with metadata or raw_payload nested 5 000 and 200 000 deep are 400, not 500 (stack overflow when stored)", async () => {
    const ids = fixtureIds(world);
    for (const e of table.filter(
      (x) => x.path.startsWith("/v1/portfolios") && (x.method === "POST" || x.method === "PUT"),
    )) {
      for (const depth of [5_000, 200_000]) {
        const deep = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
        const holding = `{"security_id":"${ids.security}","weight":1`;
        for (const text of [
          `{"name":"Deep","holdings":[${holding}}],"metadata":${deep}}`,
          `{"name":"Deep","holdings":[${holding},"raw_payload":{"x":${deep}}}]}`,
        ]) {
          const r = await probe(
            world,
            pristine,
            e,
            operations.get(operationKey(e.method, e.path)),
            request(e, { body: { kind: "raw", text, contentType: "application/json" } }),
          );
          expect(r.problems).toEqual([]);
          // 200 000 levels make a body over LIMITS.BODY_MAX_BYTES: refused unread (413).
          if (text.length > LIMITS.BODY_MAX_BYTES) expect(r.response.status).toBe(413);
          else {
            expect(r.response.status).toBe(400);
            expect(r.response.text).toMatch(/must not nest deeper than 64 levels/);
          }
        }
      }
      // 64 levels are fine
      const ok = await probe(
        world,
        pristine,
        e,
        operations.get(operationKey(e.method, e.path)),
        request(e, { body: { kind: "json", value: { ...(e.body as object), metadata: deepObject(63) } } }),
      );
      expect(ok.problems).toEqual([]);
      expect(ok.response.status).toBeLessThan(300);
    }
  });
});

describe("fuzz: the checks themselves", () => {
  it("responseProblems flags a 5xx, NaN/Infinity tokens, 1e999, and a 4xx that is not {error: message}", () => {
    const json = new Headers({ "content-type": "application/json" });
    const r = (status: number, text: string) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      return responseProblems({ status, headers: json, text, json: parsed });
    };
    expect(r(200, '{"a":"NaN in a string is fine","b":[1,2]}')).toEqual([]);
    expect(r(400, '{"error":"body.x: bad"}')).toEqual([]);
    for (const [status, text] of [
      [500, '{"error":"x"}'],
      [200, '{"a":NaN}'],
      [200, '{"a":-Infinity}'],
      [200, '{"a":1e999}'],
      [400, '{"error":""}'],
      [404, '{"error":"x","detail":1}'],
      [409, '"x"'],
      [202, "{}"],
    ] as const) {
      expect(r(status, text).length, `${status} ${text}`).toBeGreaterThan(0);
    }
  });

  it("stateKey sees a write, and restore() brings back the fixtures' state (so 'state unchanged' can fail)", async () => {
    const e = table.find((x) => x.method === "PATCH" && x.path === "/v1/strategies/{id}")!;
    await world.send(request(e, {}));
    expect(stateKey(world)).not.toBe(pristine);
    world.restore();
    expect(stateKey(world)).toBe(pristine);
  });
});

describe("fuzz: the endpoint table", () => {
  it("covers every operation of /openapi.json and the studio's hidden ones, and nothing else (a new endpoint needs an entry)", () => {
    const documented = [...operations.keys()].sort();
    // The hidden list is every JSON route the app serves outside the document (not the pages: the studio, its static files and the report page it frames).
    const served = world.app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/__mock/"))
      .map((r) => operationKey(r.method, r.path.replace(/:(\w+)/g, "{$1}")));
    const staticFiles = /^GET \/__mock\/studio(\/|\/studio\.(js|css)|\/favicon\.svg|\/report)?$/;
    expect(served.filter((k) => !staticFiles.test(k) && !operations.has(k))).toEqual([]);
    const covered = table.map((e) => operationKey(e.method, e.path)).sort();
    expect(covered).toEqual(documented);
    for (const e of table) {
      const op = operations.get(operationKey(e.method, e.path))!;
      expect(Object.keys(e.params).sort(), `${e.method} ${e.path} path params`).toEqual([...op.pathParams].sort());
      for (const k of Object.keys(e.query)) expect(op.queryParams, `${e.method} ${e.path} query ${k}`).toContain(k);
      expect(e.secured, `${e.method} ${e.path} security`).toBe(op.secured);
    }
  });

  it.each(table.map((e) => [`${e.method} ${e.path}`, e] as const))(
    "%s: the valid example is answered as documented",
    async (_, e) => {
      if (stateKey(world) !== pristine) world.restore(); // before a presigned address is asked for: it holds for one state
      const r = await probe(
        world,
        pristine,
        e,
        operations.get(operationKey(e.method, e.path)),
        request(await withPresignedQuery(e, world.send, world.auth(world.owner)), {}),
      );
      expect(r.problems).toEqual([]);
      expect(r.response.status, r.response.text.slice(0, 200)).toBeLessThan(e.path.endsWith("/revive") ? 500 : 300);
    },
  );
});

describe("fuzz: fixed malformed inputs on every endpoint", () => {
  it.each(table.map((e) => [`${e.method} ${e.path}`, e] as const))("%s", async (_, e) => {
    const op = operations.get(operationKey(e.method, e.path))!;
    const problems: string[] = [];
    for (const c of sweep(e, op)) {
      problems.push(...(await check(e, c)));
      if (problems.length >= 5) break;
    }
    expect(problems).toEqual([]);
  });
});

describe("fuzz: methods a documented path does not have", () => {
  it("are a 404 or 405 {error}, never a 5xx, and change nothing", async () => {
    const problems: string[] = [];
    const paths = [...new Set(table.map((e) => e.path))];
    for (const path of paths) {
      const example = table.find((e) => e.path === path)!;
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
        if (operations.has(operationKey(method, path))) continue;
        const e: Endpoint = { ...example, method };
        const fake: Operation = {
          method,
          path,
          pathParams: [],
          queryParams: [],
          hasBody: false,
          secured: true,
          statuses: [404, 405],
        };
        const c: Case =
          method === "GET" ? { body: { kind: "none" } } : { body: { kind: "json", value: example.body ?? {} } };
        problems.push(...(await probe(world, pristine, e, fake, request(e, c))).problems);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("fuzz: random malformed combinations on every endpoint (fast-check)", () => {
  it.each(table.map((e, i) => [`${e.method} ${e.path}`, e, i] as const))("%s", async (_, e, i) => {
    const op = operations.get(operationKey(e.method, e.path))!;
    await fc.assert(
      fc.asyncProperty(caseArbitrary(e, op), async (c) => {
        const problems = await check(e, c);
        if (problems.length > 0) throw new Error(problems.join("\n"));
      }),
      { numRuns: RUNS_PER_ENDPOINT, seed: SEED + i },
    );
  });
});
