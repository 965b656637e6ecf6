import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonByteLength } from "./jsonByteLength.ts";

describe("jsonByteLength", () => {
  it("equals the UTF-8 byte length of JSON.stringify for any JSON value (astral, lone surrogates included)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: "binary" }), (value, text) => {
        for (const v of [value, { text }]) expect(jsonByteLength(v)).toBe(Buffer.byteLength(JSON.stringify(v), "utf8"));
      }),
    );
  });

  it("counts 1 to 4 bytes per code point", () => {
    expect(jsonByteLength({ a: "é" })).toBe(10);
    expect(jsonByteLength("😀")).toBe(6);
    expect(jsonByteLength("€")).toBe(5);
  });
});
