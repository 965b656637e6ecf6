import { describe, expect, it } from "vitest";
import { findDrift } from "./findDrift.ts";

const components = {
  Item: {
    type: "object",
    properties: { id: { type: "string" }, weight: { type: "number" } },
    required: ["id", "weight"],
  },
};
const schema = {
  type: "object",
  properties: {
    items: { type: "array", items: { $ref: "#/components/schemas/Item" } },
    status: { type: "integer" },
    kind: { type: "string", enum: ["a", "b"] },
    note: { anyOf: [{ type: "string" }, { type: "null" }] },
    pair: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }] },
  },
  required: ["items", "status"],
};

describe("findDrift", () => {
  it("a matching answer has no drift", () => {
    expect(
      findDrift(
        { items: [{ id: "x", weight: 1 }], status: 100, kind: "a", note: null, pair: [1, 2.5] },
        schema,
        components,
      ),
    ).toEqual([]);
  });
  it("names each missing, extra, mistyped and out-of-enum field once, array items at []", () => {
    const issues = findDrift(
      { items: [{ id: 1, weight: 1, extra: true }, { id: 2 }], kind: "c", note: 3, pair: [1, "2"] },
      schema,
      components,
    );
    expect(issues.map((i) => `${i.path} ${i.kind}`).sort()).toEqual(
      [
        "$.items[].id type",
        "$.items[].extra extra",
        "$.items[].weight missing",
        "$.kind value",
        "$.note type",
        "$.pair[1] type",
        "$.status missing",
      ].sort(),
    );
    expect(issues.find((i) => i.path === "$.note")).toMatchObject({ expected: "string | null", got: "integer" });
  });
  it("an integer is a number; a float is not an integer", () => {
    expect(findDrift(3, { type: "number" }, {})).toEqual([]);
    expect(findDrift(3.5, { type: "integer" }, {})).toEqual([
      { path: "$", kind: "type", expected: "integer", got: "number" },
    ]);
  });
});
