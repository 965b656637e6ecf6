import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { body, makeMock } from "../_test/makeMock.ts";
import { expectError } from "../_test/contractShapes.ts";
import { id, keys, testUniverse } from "../_test/testUniverse.ts";
import { createManualClock } from "../clock/ManualClock.ts";
import { createApp, createMock } from "./createApp.ts";
import { createSessionDispatcher } from "./createSessionDispatcher.ts";

describe("health", () => {
  it("needs no credential", async () => {
    const r = await makeMock().anonymous.get("/v1/health");
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: "OK", message: "Service is running" });
  });
});

describe("errors", () => {
  it("unknown route: 404 {error}", async () => {
    const m = makeMock();
    for (const r of [
      await m.alice.get("/v1/nothing-here"),
      await m.anonymous.get("/elsewhere"),
      await m.alice.put("/v1/strategies", {}),
    ]) {
      expect(r.status).toBe(404);
      expectError(await r.json());
    }
  });

  it("malformed JSON: 400 {error}; a non-JSON content type: 415 {error}", async () => {
    const m = makeMock();
    const bad = await m.alice.post("/v1/strategies", "{");
    expect(bad.status).toBe(400);
    expectError(await bad.json());
    const form = await m.alice.post("/v1/strategies", "a=b", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expectError(await form.json());
  });

  it("no request produces a 5xx (random methods, paths, queries and bodies)", async () => {
    const m = makeMock();
    const segment = fc.oneof(
      fc.constantFrom(
        "v1",
        "v2",
        "strategies",
        "companies",
        "versions",
        "submit",
        "revive",
        "archive",
        "__mock",
        "health",
        id("alice-quantum"),
        id("bob-water"),
        id("qbit"),
      ),
      fc.string({ maxLength: 6 }).map(encodeURIComponent),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PATCH", "PUT", "DELETE"),
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        fc.dictionary(
          fc.constantFrom("scope", "includeReasoning", "scoringMinMarketCap", "archived"),
          fc.string({ maxLength: 5 }),
        ),
        fc.oneof(fc.constant(undefined), fc.json(), fc.string({ maxLength: 20 })),
        async (method, segments, query, payload) => {
          const qs = new URLSearchParams(query).toString();
          const path = `/${segments.join("/")}${qs === "" ? "" : `?${qs}`}`;
          const r = await m.app.request(path, {
            method,
            headers: {
              Authorization: `Bearer ${keys.alice}`,
              ...(payload === undefined ? {} : { "Content-Type": "application/json" }),
            },
            ...(payload === undefined || method === "GET" ? {} : { body: payload }),
          });
          expect(r.status, `${method} ${path} ${payload ?? ""}`).toBeLessThan(500);
          if (r.status >= 400) expectError(await r.json());
        },
      ),
      { numRuns: 300 },
    );
  });
  // (PUT /__mock/settings is left out: a valid random latency would slow every later request.)
  it("no body on a body-taking route produces a 5xx", async () => {
    const m = makeMock();
    const routes: Array<[string, string]> = [
      ["POST", "/v1/strategies"],
      ["PATCH", `/v1/strategies/${id("alice-quantum")}`],
      ["PUT", `/__mock/strategies/${id("alice-quantum")}/next-build`],
      ["POST", "/__mock/clock/advance"],
    ];
    const payload = fc.oneof(
      fc.json(),
      fc
        .record(
          {
            name: fc.oneof(fc.string(), fc.integer()),
            objective: fc.string({ maxLength: 300 }),
            exclusions: fc.array(fc.string({ maxLength: 30 }), { maxLength: 4 }),
            outcome: fc.integer(),
            ms: fc.integer(),
          },
          { requiredKeys: [] },
        )
        .map((o) => JSON.stringify(o)),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), payload, async ([method, path], text) => {
        const r = await m.app.request(path, {
          method,
          headers: { Authorization: `Bearer ${keys.alice}`, "Content-Type": "application/json" },
          body: text,
        });
        expect(r.status, `${method} ${path} ${text}`).toBeLessThan(500);
        if (r.status >= 400) expectError(await r.json());
      }),
      { numRuns: 300 },
    );
  });
});

describe("mock headers", () => {
  it("X-Mock-Status forces an error status with {error}, before auth", async () => {
    const m = makeMock();
    const r = await m.anonymous.get("/v1/strategies", { "X-Mock-Status": "503" });
    expect(r.status).toBe(503);
    expect((await body<{ error: string }>(r)).error).toMatch(/X-Mock-Status/);
    expect((await m.alice.get("/v1/health", { "X-Mock-Status": "429" })).status).toBe(429);
  });

  it("rejects a bad X-Mock-Status or X-Mock-Latency value with 400", async () => {
    const m = makeMock();
    for (const headers of [
      { "X-Mock-Status": "200" },
      { "X-Mock-Status": "abc" },
      { "X-Mock-Latency": "-5" },
      { "X-Mock-Latency": "999999" },
    ] as Array<Record<string, string>>) {
      const r = await m.alice.get("/v1/health", headers);
      expect(r.status).toBe(400);
      expectError(await r.json());
    }
  });

  it("X-Mock-Latency within range is accepted", async () => {
    expect((await makeMock().alice.get("/v1/health", { "X-Mock-Latency": "5" })).status).toBe(200);
  });
});

describe("CORS", () => {
  it("answers a preflight without credentials, allowing Authorization and the mock headers", async () => {
    const m = makeMock();
    const r = await m.app.request("/v1/strategies", {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type",
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get("Access-Control-Allow-Origin")).toBe("http://localhost:5173");
    expect(r.headers.get("Access-Control-Allow-Headers")).toMatch(/Authorization/);
    expect(r.headers.get("Access-Control-Allow-Methods")).toMatch(/PATCH/);
  });

  it("adds the CORS headers to error responses too", async () => {
    const r = await makeMock().app.request("/v1/strategies", { headers: { Origin: "http://localhost:5173" } });
    expect(r.status).toBe(401);
    expect(r.headers.get("Access-Control-Allow-Origin")).toBe("http://localhost:5173");
    expect(r.headers.get("Access-Control-Expose-Headers")).toMatch(/WWW-Authenticate/);
  });
});

describe("request log", () => {
  it("writes one line per request (method, path, status, ms); none when quiet", async () => {
    const lines: string[] = [];
    const m = makeMock({ quiet: false, log: (l) => lines.push(l) });
    await m.alice.get("/v1/health");
    await m.anonymous.get("/v1/strategies");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^GET \/v1\/health 200 \d+ms$/);
    expect(lines[1]).toMatch(/^GET \/v1\/strategies 401 \d+ms$/);
    const quietLines: string[] = [];
    await makeMock({ quiet: true, log: (l) => quietLines.push(l) }).alice.get("/v1/health");
    expect(quietLines).toEqual([]);
  });
});

describe("createApp and createMock as a library", () => {
  it("write no request log lines unless asked (quiet: false); unexpected errors still go to log", async () => {
    const lines: string[] = [];
    const { app } = createMock({ universe: testUniverse, clock: createManualClock(0), log: (l) => lines.push(l) });
    expect((await app.request("/v1/health")).status).toBe(200);
    expect((await createApp({ universe: testUniverse, log: (l) => lines.push(l) }).request("/v1/health")).status).toBe(
      200,
    );
    expect(lines).toEqual([]);
    await createApp({ universe: testUniverse, quiet: false, log: (l) => lines.push(l) }).request("/v1/health");
    expect(lines).toEqual([expect.stringMatching(/^GET \/v1\/health 200 \d+ms$/)]);
  });

  it("refuse an option they do not have, naming it and the closest option (a CLI flag's spelling too)", () => {
    const bad = (options: object) => () => createApp({ universe: testUniverse, ...options });
    expect(bad({ buildSecond: 2 })).toThrow(
      new RangeError("options.buildSecond: not an option (did you mean buildDurationMs?)"),
    );
    expect(bad({ latencyMS: 5 })).toThrow(/options\.latencyMS: not an option \(did you mean latencyMs\?\)/);
    expect(bad({ strict: true })).toThrow(/did you mean strictBodies\?/);
    expect(() => createMock({ universe: testUniverse, qiuet: true } as never)).toThrow(
      /options\.qiuet: not an option \(did you mean quiet\?\)/,
    );
    expect(bad({ zzzzzzzz: 1 })).toThrow(
      /options\.zzzzzzzz: not an option; the options are .*buildDurationMs.*universe/,
    );
    // The dispatcher knows its own options and the app's.
    expect(() => createSessionDispatcher({ universe: testUniverse, maxSession: 3 } as never)).toThrow(
      /options\.maxSession: not an option \(did you mean maxSessions\?\)/,
    );
    expect(
      createSessionDispatcher({ universe: testUniverse, maxSessions: 3, buildDurationMs: 0 }).sessions.maxSessions,
    ).toBe(3);
  });
});

describe("OpenAPI and docs", () => {
  it("serves an OpenAPI 3.1 document describing every strategy route with bearer security", async () => {
    const doc = await body<{
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown }>>;
      components: { securitySchemes: unknown };
    }>(await makeMock().anonymous.get("/openapi.json"));
    expect(doc.openapi).toBe("3.1.0");
    for (const path of [
      "/v1/health",
      "/v1/strategies",
      "/v1/strategies/{id}",
      "/v1/strategies/{id}/submit",
      "/v1/strategies/{id}/revive",
      "/v1/strategies/{id}/companies",
      "/v1/strategies/{id}/companies/{companyId}",
      "/v1/strategies/{id}/versions",
      "/v1/strategies/{id}/versions/{versionId}",
      "/v2/strategies",
      "/v2/strategies/{id}",
      "/v2/strategies/{id}/archive",
      "/v2/strategies/{id}/revive",
      "/__mock/reset",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(Object.keys(doc.paths["/v1/strategies/{id}"] ?? {}).sort()).toEqual(["delete", "get", "patch"]);
    expect(doc.paths["/v1/strategies"]?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes).toHaveProperty("bearerAuth");
  });

  it("/docs is the self-contained reference page: it renders ./openapi.json, fetches nothing else, and is small", async () => {
    const response = await makeMock().anonymous.get("/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/text\/html/);
    const page = await response.text();
    expect(page).toContain('fetch("openapi.json")');
    // No script, stylesheet or image from anywhere: the only URL is the document's, relative.
    expect(page).not.toMatch(/<script[^>]+src=|<link[^>]+href=|<img/);
    expect(page).not.toMatch(/https?:\/\//);
    expect(page.length).toBeLessThan(20_000);
    expect((await makeMock().anonymous.get("/docs/swagger-ui.css")).status).toBe(404);
  });
});

describe("the OpenAPI document", () => {
  it("gives every operation a summary, and every strategy, premade and factsheet operation a description", async () => {
    const doc = (await (await makeMock().app.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { summary?: string; description?: string }>>;
    };
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        expect(op.summary?.length ?? 0, `${method} ${path}`).toBeGreaterThan(5);
        if (/^\/v[12]\/(strategies|premade-strategies)/.test(path) && !/optimize/.test(path))
          expect(op.description?.length ?? 0, `${method} ${path}`).toBeGreaterThan(20);
      }
    }
    for (const path of [
      "/v2/strategies/{id}/companies",
      "/v2/strategies/{id}/factsheet",
      "/v1/strategies/{id}/historical-data",
      "/v1/strategies/{id}/performance",
      "/v1/strategies/{id}/evidences",
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });
});
