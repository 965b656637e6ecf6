import { describe, expect, it } from "vitest";
import { extractExamples } from "./_support/docExamples/extractExamples.ts";
import { parseExpected } from "./_support/docExamples/parseExpected.ts";
import { runExample } from "./_support/docExamples/runExample.ts";

/** The failures of running `code` as an example, with `scope` in scope. */
async function failuresOf(code: string, scope: Record<string, unknown> = {}): Promise<string[]> {
  return (await runExample({ file: "x.ts", line: 1, caption: "", code }, scope, {})).failures;
}

describe("the doc-example runner (test/docExamples.test.ts)", () => {
  it("extracts @example blocks up to the next tag, without the comment's stars, with their caption", () => {
    const source = [
      "/**",
      " * Adds.",
      " *",
      " * @example",
      " * add(1, 2) // => 3",
      " *   .toString()",
      " * @param a x",
      " */",
      "/** @example not run: needs a server",
      " * fetch(url)",
      " */",
    ].join("\n");
    expect(extractExamples("f.ts", source)).toEqual([
      { file: "f.ts", line: 4, caption: "", code: "add(1, 2) // => 3\n  .toString()" },
      { file: "f.ts", line: 9, caption: "not run: needs a server", code: "fetch(url)" },
    ]);
  });

  it("reads expected values: literals, typed arrays, objects, remarks; refuses trailing text", () => {
    expect(parseExpected("Float64Array [0.1, -2e-3] (remark)")).toEqual({
      kind: "typed",
      name: "Float64Array",
      elements: [
        { kind: "number", value: 0.1 },
        { kind: "number", value: -0.002 },
      ],
    });
    expect(parseExpected(`{ a: 'x', "b c": [true, null, undefined, NaN] }`)).toEqual({
      kind: "object",
      entries: [
        ["a", { kind: "string", value: "x" }],
        [
          "b c",
          {
            kind: "array",
            elements: [
              { kind: "literal", value: true },
              { kind: "literal", value: null },
              { kind: "literal", value: undefined },
              { kind: "number", value: Number.NaN },
            ],
          },
        ],
      ],
    });
    expect(() => parseExpected("3 apples")).toThrowError(/a remark in parentheses/);
  });

  it("passes an example whose values are as printed, on its line or the next", async () => {
    expect(
      await failuresOf(
        "const x = 0.1 + 0.2;\nx // => 0.30000000000000004\nFloat64Array.of(1, 2);\n// => Float64Array [1, 2]\n({ a: [1], b: 'svg' }) // => { b: \"svg\", a: [1] } (key order is free)",
      ),
    ).toEqual([]);
    expect(
      await failuresOf(
        '"<svg width=3>…</svg>"; // => "<svg…</svg>"\n(() => { throw new Error("boom at 3") })() // throws "boom…"',
      ),
    ).toEqual([]);
    expect(
      await failuresOf("const r = await Promise.resolve(add(2, 3));\nr // => 5", {
        add: (a: number, b: number) => a + b,
      }),
    ).toEqual([]);
  });

  it("reports a value that drifted, even in its last digit, and a wrong kind of array or set of keys", async () => {
    expect(await failuresOf("0.1 + 0.2 // => 0.3")).toEqual([
      "x.ts:2: value is 0.30000000000000004, expected 0.3 (// => 0.3)",
    ]);
    expect(await failuresOf("Float64Array.of(1) // => [1]")).toEqual([expect.stringContaining("expected an Array")]);
    expect(await failuresOf("({ a: 1, b: 2 }) // => { a: 1 }")).toEqual([
      expect.stringContaining("has the keys a, b, expected a"),
    ]);
    expect(await failuresOf('"<div>" // => "<svg…"')).toEqual([expect.stringContaining("in order")]);
  });

  it("reports a line that throws, a // throws line that does not, a wrong message, and an undefined name", async () => {
    expect(await failuresOf("JSON.parse('{') // => 1")).toEqual([expect.stringContaining("threw SyntaxError")]);
    expect(await failuresOf('Math.max(1) // throws "x"')).toEqual(['x.ts:2: did not throw (// throws "x")']);
    expect(await failuresOf('(() => { throw new Error("a") })() // throws "b"')).toEqual([
      expect.stringContaining('the error\'s message is "a"'),
    ]);
    expect(await failuresOf("window.x // => 1")).toEqual([
      expect.stringContaining("ReferenceError: window is not defined"),
    ]);
  });
});
