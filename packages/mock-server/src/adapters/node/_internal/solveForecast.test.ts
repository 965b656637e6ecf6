import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSolveForecast, DEFAULT_SOLVE_ESTIMATE_MS, ESTIMATE_WEIGHT, predictStarts } from "./solveForecast.ts";

describe("predictStarts", () => {
  it("examples", () => {
    expect(predictStarts([500], [1000, 1000])).toEqual([500, 1500]);
    expect(predictStarts([0, 200], [1000, 1000, 1000])).toEqual([0, 200, 1000]);
    expect(predictStarts([], [])).toEqual([]);
  });

  it("one slot: each job starts when the ones before it are done", () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.array(fc.nat(10_000), { maxLength: 20 }), (free, durations) => {
        let at = free;
        expect(predictStarts([free], durations)).toEqual(durations.map((d) => ((at += d), at - d)));
      }),
    );
  });

  it("k idle slots and equal jobs: job i starts after floor(i / k) jobs", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 5000 }), fc.nat(40), (k, d, n) => {
        expect(predictStarts(Array(k).fill(0), Array(n).fill(d))).toEqual(
          Array.from({ length: n }, (_, i) => Math.floor(i / k) * d),
        );
      }),
    );
  });

  it("starts never decrease along the queue (FIFO), and none is before the earliest free slot", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(10_000), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(10_000), { maxLength: 20 }),
        (free, durations) => {
          const starts = predictStarts(free, durations);
          for (let i = 1; i < starts.length; i++) expect(starts[i]!).toBeGreaterThanOrEqual(starts[i - 1]!);
          for (const s of starts) expect(s).toBeGreaterThanOrEqual(Math.min(...free));
        },
      ),
    );
  });
});

describe("createSolveForecast", () => {
  it("starts from the defaults, then blends each measurement with weight ESTIMATE_WEIGHT", () => {
    const f = createSolveForecast();
    expect(f.solveMs("mean-cvar")).toBe(DEFAULT_SOLVE_ESTIMATE_MS["mean-cvar"]);
    f.recordSolve("mean-cvar", 2000);
    expect(f.solveMs("mean-cvar")).toBeCloseTo(1000 + ESTIMATE_WEIGHT * 1000, 9);
    expect(f.solveMs("score-tilt")).toBe(DEFAULT_SOLVE_ESTIMATE_MS["score-tilt"]);
  });

  it("knows no worker start time until one is measured, then takes the first as is", () => {
    const f = createSolveForecast();
    expect(f.bootMs()).toBeUndefined();
    f.recordBoot(300);
    expect(f.bootMs()).toBe(300);
    f.recordBoot(Number.NaN);
    f.recordBoot(-1);
    expect(f.bootMs()).toBe(300);
  });
});
