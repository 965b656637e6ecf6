import { OpenAPIHono } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { createSessionDispatcher } from "../app/createSessionDispatcher.ts";
import { loadDefaultUniverse } from "../app/loadDefaultUniverse.ts";
import { createManualClock } from "../clock/ManualClock.ts";
import type { OpenApiDocument } from "./applyOpenApiExtras.ts";
import { captureExamples, fillPath, queryString } from "./captureExamples.ts";
import {
  PRESIGNED_ONLY,
  EXAMPLE_OWNER,
  exampleIds,
  fixtureUser,
  specialCases,
  validRequests,
} from "./exampleRequests.ts";
import { openApiDocumentMiddleware } from "./openApiDocumentMiddleware.ts";
import { OPENAPI_EXAMPLES } from "./openApiExamples.generated.ts";
import { openApiExamplesSource } from "./openApiExamplesSource.ts";
import { OPERATION_IDS, operationKey } from "./operationIds.ts";
import { responseSchemas } from "./responseSchemas.ts";
import { readFileSync } from "node:fs";

const universe = loadDefaultUniverse();
const clockAt = Date.parse(`${universe.asOf}T12:00:00Z`) + 2 * 86_400_000;
const dispatcher = createSessionDispatcher({ universe, clock: createManualClock(clockAt), quiet: true });
const ownerKey = fixtureUser(universe, EXAMPLE_OWNER).apiKey;

interface Operation {
  operationId?: string;
  parameters?: Array<{ name: string; in: string; example?: unknown }>;
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

async function servedDocument(): Promise<OpenApiDocument & { paths: Record<string, Record<string, Operation>> }> {
  const response = await dispatcher.fetch(new Request("http://localhost/openapi.json"));
  expect(response.status).toBe(200);
  return (await response.json()) as OpenApiDocument & { paths: Record<string, Record<string, Operation>> };
}

function operations(doc: { paths: Record<string, Record<string, Operation>> }): Array<[string, Operation]> {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): [string, Operation] => [operationKey(method, path), op]),
  );
}

describe("/openapi.json operation ids", () => {
  it("every documented operation has the operationId of the table; ids are unique; every table entry names a documented operation", async () => {
    const ops = operations(await servedDocument());
    expect(ops.length).toBeGreaterThan(70);
    for (const [key, op] of ops) expect(op.operationId, key).toBe(OPERATION_IDS[key]);
    const ids = Object.values(OPERATION_IDS);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(OPERATION_IDS).sort()).toEqual(ops.map(([key]) => key).sort());
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });
});

describe("/openapi.json examples", () => {
  it("every JSON response has an example, and it validates against the mock's own response schema", async () => {
    const schemas = responseSchemas(dispatcher.mock.app);
    let checked = 0;
    for (const [key, op] of operations(await servedDocument())) {
      for (const [status, response] of Object.entries(op.responses)) {
        const media = response.content?.["application/json"];
        if (media === undefined) continue;
        expect(media.example, `${key} ${status} has no example`).toBeDefined();
        const schema = schemas.get(`${key} ${status}`);
        expect(schema, `${key} ${status}: no zod schema`).toBeDefined();
        const result = schema!.safeParse(media.example);
        expect(
          result.success,
          `${key} ${status}: ${result.success ? "" : JSON.stringify(result.error.issues.slice(0, 3))}`,
        ).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it("error examples are real error bodies, and only the statuses no request reaches are forced", () => {
    const forced = Object.entries(OPENAPI_EXAMPLES.operations).flatMap(([key, e]) =>
      (e.forced ?? []).map((s) => `${key} ${s}`),
    );
    for (const [key, e] of Object.entries(OPENAPI_EXAMPLES.operations)) {
      for (const [status, body] of Object.entries(e.responses)) {
        if (Number(status) < 400) continue;
        const text = (body as { error: string }).error;
        expect(text.includes("forced by the X-Mock-Status"), `${key} ${status}: ${text}`).toBe(
          (e.forced ?? []).includes(Number(status)),
        );
      }
    }
    // 429/503 of the optimizer pool (a busy worker pool, a stopped solve), 409 of a premade run that is not completed (the fixtures
    // have none), and the presigned factsheet PDF's 403/404 (its address is signed with the serving mock's own secret)
    expect(
      forced.every(
        (f) => / (429|503|409)$/.test(f) || (PRESIGNED_ONLY.test(f.split(" ")[1]!) && / (403|404)$/.test(f)),
      ),
      forced.join(", "),
    ).toBe(true);
    expect(forced.length).toBeLessThanOrEqual(16);
  });

  it('every "Try it out" request (parameter and body examples of the document) gets its success status from a mock fresh from the fixtures', async () => {
    const ids = exampleIds(universe);
    const valid = validRequests(ids);
    const ctx = dispatcher.mock.ctx;
    for (const [key, op] of operations(await servedDocument())) {
      const [method, path] = key.split(" ") as [string, string];
      if (PRESIGNED_ONLY.test(path)) continue; // reached through GET …/factsheet's 302 only (a presigned, expiring address)
      const params: Record<string, string> = {};
      const query: Record<string, string> = {};
      for (const p of op.parameters ?? []) {
        if (p.example === undefined) continue;
        (p.in === "path" ? params : query)[p.name] = String(p.example);
      }
      const body = op.requestBody?.content?.["application/json"]?.example;
      const success = Object.keys(op.responses)
        .map(Number)
        .filter((s) => s >= 200 && s < 300)
        .sort()[0]!;
      ctx.store.reset();
      ctx.clock.resetOffset();
      for (const { name } of dispatcher.sessions.list()) dispatcher.sessions.remove(name);
      for (const step of specialCases(ids, key, success, valid[key]!)?.setup ?? []) {
        const setup = await dispatcher.fetch(
          new Request(`http://localhost${fillPath(step.path, step.params ?? {})}`, {
            method: step.method,
            headers: { Authorization: `Bearer ${ownerKey}`, "Content-Type": "application/json" },
            ...(step.body === undefined ? {} : { body: JSON.stringify(step.body) }),
          }),
        );
        expect(setup.ok, `${key}: setup ${step.method} ${step.path}`).toBe(true);
      }
      const headers: Record<string, string> = path.startsWith("/__mock/")
        ? {}
        : { Authorization: `Bearer ${ownerKey}` };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      const response = await dispatcher.fetch(
        new Request(`http://localhost${fillPath(path, params)}${queryString(query)}`, {
          method,
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
      expect(
        response.status,
        `${key}: ${await response
          .clone()
          .text()
          .then((t) => t.slice(0, 200))}`,
      ).toBe(success);
    }
    ctx.store.reset();
  }, 120_000);

  it("openApiExamples.generated.ts is a fresh capture (else: npm run openapi:examples, then npm run client:generate)", async () => {
    const committed = readFileSync(new URL("./openApiExamples.generated.ts", import.meta.url), "utf8");
    const fresh = openApiExamplesSource(await captureExamples(universe, createSessionDispatcher));
    expect(
      committed === fresh,
      "the OpenAPI examples are stale: run `npm run openapi:examples` and commit the result",
    ).toBe(true);
  }, 300_000);
});

describe("openApiDocumentMiddleware", () => {
  it("builds the document once per app and answers later requests from the cache", async () => {
    let built = 0;
    const app = new OpenAPIHono();
    app.use(
      "/openapi.json",
      openApiDocumentMiddleware(
        {
          capturedOn: { fixturesAsOf: "", clock: "", owner: "O", ownerKey: "k" },
          maxItems: 1,
          operations: { "GET /x": { request: {}, responses: { "200": { a: 1 } } } },
        },
        { "GET /x": "getX" },
      ),
    );
    app.get("/openapi.json", (c) => {
      built += 1;
      return c.json({
        openapi: "3.1.0",
        info: { description: "d" },
        paths: { "/x": { get: { responses: { "200": { description: "ok", content: { "application/json": {} } } } } } },
      });
    });
    const first = await app.request("/openapi.json");
    const second = await app.request("/openapi.json");
    expect(built).toBe(1);
    expect(first.headers.get("content-type")).toContain("application/json");
    const text = await first.text();
    expect(await second.text()).toBe(text);
    const doc = JSON.parse(text) as {
      paths: {
        "/x": {
          get: { operationId: string; responses: { "200": { content: { "application/json": { example: unknown } } } } };
        };
      };
    };
    expect(doc.paths["/x"].get.operationId).toBe("getX");
    expect(doc.paths["/x"].get.responses["200"].content["application/json"].example).toEqual({ a: 1 });
  });
});
