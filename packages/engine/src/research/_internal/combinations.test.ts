import { describe, expect, it } from "vitest";
import { binomial, combinations } from "./combinations.ts";
import { contiguousGroups } from "./contiguousGroups.ts";

describe("research helpers", () => {
  it("their doc examples hold", () => {
    expect(binomial(6, 2)).toBe(15);
    expect(combinations(4, 2).map((c) => Array.from(c))).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    expect(contiguousGroups(10, 3)).toEqual(Int32Array.of(0, 4, 7, 10));
  });

  it("binomial is exact for every C(n, k) up to n = 50, and stops above the cap", () => {
    for (let n = 0; n <= 50; n++) {
      let row = 1n;
      for (let k = 0; k <= n; k++) {
        if (Number(row) <= Number.MAX_SAFE_INTEGER) expect(binomial(n, k)).toBe(Number(row));
        row = (row * BigInt(n - k)) / BigInt(k + 1);
      }
    }
    expect(binomial(30, 10, 10_000)).toBe(Infinity);
    expect(binomial(5, 6)).toBe(0);
  });

  it("combinations lists C(n, k) distinct ascending subsets in lexicographic order", () => {
    for (let n = 1; n <= 9; n++) {
      for (let k = 1; k <= n; k++) {
        const all = combinations(n, k).map((c) => Array.from(c));
        expect(all.length).toBe(binomial(n, k));
        for (const c of all) for (let i = 1; i < k; i++) expect(c[i]).toBeGreaterThan(c[i - 1]!);
        const keys = all.map((c) => c.map((x) => String(x).padStart(2, "0")).join(","));
        expect(keys).toEqual([...keys].sort());
        expect(new Set(keys).size).toBe(keys.length);
      }
    }
  });
});
