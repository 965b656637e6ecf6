import { describe, expect, it } from "vitest";
import { body, makeMock } from "../_test/makeMock.ts";
import { id, keys } from "../_test/testUniverse.ts";

describe("validation errors and unknown fields", () => {
  it("an unknown body field is accepted with a Warning header naming it and the known fields", async () => {
    const r = await makeMock().alice.post("/v1/strategies", { name: "n", objective: "water", colour: "red" });
    expect(r.status).toBe(201);
    expect(r.headers.get("warning")).toBe(
      '299 thematic-mock "body.colour is not a field of this request (fields: name, objective, exclusions); it was ignored"',
    );
  });

  it("a near miss gets the closest name, at any depth", async () => {
    const r = await makeMock().alice.post("/v1/backtest", {
      holdings: [{ companyId: id("qbit"), weight: 1, wieght: 2 }],
      years: 1,
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("warning")).toMatch(
      /body\.holdings\[0\]\.wieght is not a field of this request; did you mean weight\?/,
    );
  });

  it("--strict (strictBodies) refuses unknown fields with 400 naming each", async () => {
    const r = await makeMock({ strictBodies: true }).alice.post("/v1/strategies", {
      name: "n",
      objective: "water",
      colour: "red",
      nmae: "x",
    });
    expect(r.status).toBe(400);
    expect((await body<{ error: string }>(r)).error).toBe(
      "body.colour is not a field of this request (fields: name, objective, exclusions); body.nmae is not a field of this request; did you mean name? (fields: name, objective, exclusions)",
    );
  });

  it("a mistyped required field is one problem, said once with the right name", async () => {
    const r = await makeMock().alice.post("/v1/strategies", { name: "n", objectve: "water" });
    expect(r.status).toBe(400);
    expect((await body<{ error: string }>(r)).error).toBe(
      "body.objective: missing; the body has objectve: did you mean objective?",
    );
  });

  it("one message per field: years 1e308 names the field's own rule once", async () => {
    const r = await makeMock().alice.post("/v1/backtest", {
      holdings: [{ companyId: id("qbit"), weight: 1 }],
      years: 1e308,
    });
    expect(r.status).toBe(400);
    const { error } = await body<{ error: string }>(r);
    expect(error.match(/body\.years/g)).toHaveLength(1);
    expect(error).toMatch(/^body\.years: .*20/);
  });

  it("a body without a JSON content type says what to send", async () => {
    const m = makeMock();
    for (const headers of [{}, { "Content-Type": "text/plain" }] as Array<Record<string, string>>) {
      const r = await m.app.request("/v1/strategies", {
        method: "POST",
        headers: { Authorization: `Bearer ${keys.alice}`, ...headers },
        body: JSON.stringify({ name: "n", objective: "x" }),
      });
      expect(r.status).toBe(415);
      expect((await body<{ error: string }>(r)).error).toContain("Content-Type: application/json");
    }
  });

  it("a company search limit above 10 is answered with a Warning, not capped silently", async () => {
    const m = makeMock();
    const capped = await m.alice.post("/v1/helper/companies/search", { query: "q", limit: 50 });
    expect(capped.status).toBe(200);
    expect(capped.headers.get("warning")).toMatch(/body\.limit: 50 is above the cap; at most 10 results/);
    expect(
      (await m.alice.post("/v1/helper/companies/search", { query: "q", limit: 5 })).headers.get("warning"),
    ).toBeNull();
  });

  it("the Warning header is exposed to browser pages", async () => {
    const r = await makeMock().app.request("/v1/health", { headers: { Origin: "http://localhost:5173" } });
    expect(r.headers.get("access-control-expose-headers")).toMatch(/Warning/);
  });
});

describe("unknown paths", () => {
  it("401 without a key (the key is checked before routing: no path list leaks), 404 with one", async () => {
    const m = makeMock();
    expect((await m.anonymous.get("/v1/no-such-thing")).status).toBe(401);
    const r = await m.alice.get("/v1/no-such-thing");
    expect(r.status).toBe(404);
    expect((await body<{ error: string }>(r)).error).toMatch(/no route/);
  });
});
