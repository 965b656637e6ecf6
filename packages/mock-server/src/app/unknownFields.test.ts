import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { describeUnknownField, unknownFields } from "./unknownFields.ts";

const Body = z.object({
  name: z.string(),
  objective: z.string().optional(),
  holdings: z.array(z.object({ companyId: z.string(), weight: z.number() })).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  loose: z.looseObject({ a: z.number() }).optional(),
});

describe("unknownFields", () => {
  it("finds unknown names at any depth with the closest known ones", () => {
    const found = unknownFields(Body, {
      name: "n",
      objectve: "x",
      colour: "red",
      holdings: [{ companyId: "c", weight: 1, wieght: 2 }],
      metadata: { any: 1 },
      loose: { a: 1, b: 2 },
    });
    expect(found.map((f) => [f.path, f.suggestions])).toEqual([
      [["objectve"], ["objective"]],
      [["colour"], []],
      [["holdings", 0, "wieght"], ["weight"]],
    ]);
    expect(describeUnknownField("body", found[0]!)).toBe(
      "body.objectve is not a field of this request; did you mean objective? (fields: name, objective, holdings, metadata, loose)",
    );
    expect(describeUnknownField("body", found[2]!)).toMatch(
      /^body\.holdings\[0\]\.wieght is not a field of this request; did you mean weight\?/,
    );
  });

  it("treats prototype names in a body as unknown fields (no crash)", () => {
    const value = JSON.parse('{"name":"n","__proto__":{"polluted":true},"constructor":{"prototype":{}}}');
    expect(unknownFields(Body, value).map((f) => f.path)).toEqual([["__proto__"], ["constructor"]]);
  });

  it("follows unions by the value's shape and ignores strict objects (zod rejects their keys)", () => {
    const U = z.union([z.object({ companyIds: z.array(z.string()) }), z.array(z.string())]).transform((b) => b);
    expect(unknownFields(U, { companyIds: [], company_ids: [] }).map((f) => f.suggestions)).toEqual([["companyIds"]]);
    expect(unknownFields(U, ["a"])).toEqual([]);
    expect(unknownFields(z.strictObject({ a: z.string() }), { b: 1 })).toEqual([]);
  });
});
