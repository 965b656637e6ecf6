import { describe, expect, it } from "vitest";
import { body, makeMock } from "../_test/makeMock.ts";

describe("GET /v1/health and /v2/health", () => {
  it("answer 200 with the fixed status and message, without a credential and with any credential", async () => {
    const m = makeMock();
    for (const path of ["/v1/health", "/v2/health"]) {
      for (const client of [m.anonymous, m.alice, m.client("not-a-key")]) {
        const r = await client.get(path);
        expect(r.status, path).toBe(200);
        expect(await body(r)).toEqual({ status: "OK", message: "Service is running" });
      }
    }
  });

  it("only the health checks are public: the rest of /v2 still needs a key", async () => {
    const m = makeMock();
    expect((await m.anonymous.get("/v2/strategies")).status).toBe(401);
    expect((await m.anonymous.get("/v2/health/extra")).status).toBe(401);
  });

  it("both appear in the OpenAPI document", async () => {
    const m = makeMock();
    const doc = await body<{ paths: Record<string, { get?: { summary?: string; security?: unknown } }> }>(
      await m.anonymous.get("/openapi.json"),
    );
    for (const path of ["/v1/health", "/v2/health"]) expect(doc.paths[path]?.get?.summary, path).toContain("health");
  });
});
