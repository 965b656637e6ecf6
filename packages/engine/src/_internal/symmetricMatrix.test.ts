import { describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
import { readCovariance } from "../data/covariance.ts";
import { scaledByLargestVariance, toSquareMatrix } from "./symmetricMatrix.ts";

describe("toSquareMatrix / scaledByLargestVariance (covariances read by the one validator, readCovariance)", () => {
  it("reads rows, flat row-major values and { size, values } alike", () => {
    const rows = [
      [4, 1],
      [1, 9],
    ];
    const expected = [4, 1, 1, 9];
    expect(Array.from(toSquareMatrix("m", rows).data)).toEqual(expected);
    expect(Array.from(toSquareMatrix("m", Float64Array.from(expected)).data)).toEqual(expected);
    expect(Array.from(toSquareMatrix("m", expected).data)).toEqual(expected);
    expect(Array.from(toSquareMatrix("m", { size: 2, values: Float64Array.from(expected) }).data)).toEqual(expected);
    const cov = scaledByLargestVariance(readCovariance("m", { size: 2, values: expected }).values, 2);
    expect([cov.n, cov.scale, ...cov.data]).toEqual([2, 9, 4 / 9, 1 / 9, 1 / 9, 1]);
  });

  it("accepts a singular PSD matrix (rank 1) and rejects an indefinite one, naming the field", () => {
    expect(
      readCovariance("c", [
        [1, 1],
        [1, 1],
      ]).size,
    ).toBe(2);
    const bad: Array<[unknown, string]> = [
      [
        [
          [1, 1.1],
          [1.1, 1],
        ],
        "c",
      ],
      [{ size: 2, values: [1, 0, 0] }, "c.values"],
      [{ size: 0, values: [] }, "c.size"],
      [
        [
          [1, 0],
          [0, 1e-200],
        ],
        "c[1][1]",
      ],
    ];
    for (const [value, field] of bad) {
      try {
        readCovariance("c", value);
        expect.fail(`expected an EngineError naming ${field}`);
      } catch (e) {
        expect(isEngineError(e, "INVALID_INPUT") && e.field === field, String(e)).toBe(true);
      }
    }
  });
});
