import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EngineError } from "../errors/EngineError.ts";
import { convictionScores, DEFAULT_SCORING_MIN_MARKET_CAP, sizeNeutralBuzz, type ConvictionInput } from "./index.ts";
import {
  arbitraryConvictionInput,
  arbitraryConvictionInputs,
  arbitraryMarketCap,
  arbitraryMinMarketCap,
  arbitraryUnit,
  eligibleXY,
  isEligible,
  leverage,
  logistic,
  permutationOf,
  sd,
} from "../testing/index.ts";

const unit = arbitraryUnit();
const cap = arbitraryMarketCap();
const company = arbitraryConvictionInput();
const companies = arbitraryConvictionInputs();
const minCap = arbitraryMinMarketCap();

const EPSILON = 2 ** -52;

function one(linguisticBeta: number, marketBuzz: number, marketCap: number | null): ConvictionInput {
  return { linguisticBeta, marketBuzz, marketCap };
}

/** Companies with at least one eligible at the default minimum, and the index of one eligible company. */
const withEligible = fc
  .tuple(
    companies,
    fc.record({
      linguisticBeta: unit,
      marketBuzz: unit,
      marketCap: fc.double({ min: 9, max: 13, noNaN: true }).map((u) => 10 ** u),
    }),
    fc.nat(),
  )
  .map(([cs, c, k]) => {
    const at = k % (cs.length + 1);
    const all = [...cs.slice(0, at), c, ...cs.slice(at)];
    return { cs: all, i: at };
  });

describe("convictionScores: values", () => {
  // Expected values computed independently with Python: 1 / (1 + math.exp(-z)).
  it("scores a lone eligible company from its linguistic beta (its buzz residual is 0)", () => {
    expect(convictionScores([one(0.5, 0.3, 1e9)])[0]).toBe(0.5);
    expect(convictionScores([one(0.9, 0.3, 1e9)])[0]).toBeCloseTo(0.8320183851339245, 15); // z = 1.6
    expect(convictionScores([one(0.1, 0.3, 1e9)])[0]).toBeCloseTo(0.16798161486607552, 15); // z = −1.6
  });

  it("matches a hand computation with the regression (see sizeNeutralBuzz.test.ts)", () => {
    // e = −0.1, 0.2, −0.1 (x = 1, 2, 3; y = 0.1, 0.5, 0.3); ℓ = 0.5, 0.5, 0.7.
    // z = 6·(−0.1) = −0.6; 6·0.2 = 1.2; 4·0.2 + 6·(−0.1) = 0.2.
    const s = convictionScores([one(0.5, 0.1, Math.E), one(0.5, 0.5, Math.E ** 2), one(0.7, 0.3, Math.E ** 3)], {
      minMarketCap: 0,
    });
    expect(s[0]).toBeCloseTo(0.35434369377420455, 13);
    expect(s[1]).toBeCloseTo(0.7685247834990175, 13);
    expect(s[2]).toBeCloseTo(0.549833997312478, 13); // Python: 1/(1+exp(-0.2))
  });

  it("gives exactly 0 to a null cap, a cap below the minimum, and a zero cap", () => {
    const s = convictionScores([one(1, 1, null), one(1, 1, 499_999_999), one(1, 1, 500_000_000), one(1, 1, 0)]);
    expect(Object.is(s[0], 0)).toBe(true);
    expect(Object.is(s[1], 0)).toBe(true);
    expect(s[2]).toBeGreaterThan(0.5); // exactly the default minimum is eligible
    expect(Object.is(s[3], 0)).toBe(true);
    expect(DEFAULT_SCORING_MIN_MARKET_CAP).toBe(500_000_000);
    // minMarketCap 0 still requires a positive cap (ln 0 is undefined).
    expect(Object.is(convictionScores([one(1, 1, 0)], { minMarketCap: 0 })[0], 0)).toBe(true);
  });

  it("returns an empty array for no companies", () => {
    const s = convictionScores([]);
    expect(s).toBeInstanceOf(Float64Array);
    expect(s.length).toBe(0);
  });

  // Regression cases for the clamp: a residual large enough to saturate the logistic. Clusters of
  // 2000 companies at ln cap 0 (buzz 0) and 1 (buzz 1) fix a slope near 0.9; one more company far
  // from them, where the line is far outside [0, 1]: at ln cap −10 with buzz 1 it sits about 9.9
  // above the line (z ≈ 61, and 1/(1+e^−z) rounds to 1); at ln cap +11 with buzz 0 about 9 below
  // it (z ≈ −56, below 2^−52).
  function saturating(buzz: number, beta: number, lnCap: number): ConvictionInput[] {
    const cs: ConvictionInput[] = [];
    for (let k = 0; k < 2000; k++) cs.push(one(0.5, 0, 1e9), one(0.5, 1, 1e9 * Math.E));
    cs.push(one(beta, buzz, 1e9 * Math.exp(lnCap)));
    return cs;
  }

  it("clamps a saturated high score to 1 − 2^−52, strictly below 1", () => {
    const s = convictionScores(saturating(1, 1, -10), { minMarketCap: 0 });
    expect(sizeNeutralBuzz(saturating(1, 1, -10), { minMarketCap: 0 })[4000]).toBeGreaterThan(9);
    expect(s[4000]).toBe(1 - EPSILON);
    expect(s[4000]).toBeLessThan(1);
  });

  it("clamps a saturated low score to 2^−52, strictly above 0", () => {
    const s = convictionScores(saturating(0, 0, 11), { minMarketCap: 0 });
    expect(sizeNeutralBuzz(saturating(0, 0, 11), { minMarketCap: 0 })[4000]).toBeLessThan(-8);
    expect(s[4000]).toBe(EPSILON);
  });

  it("equals clamp(logistic(4(ℓ − 0.5) + 6e)) with e from sizeNeutralBuzz (property)", () => {
    fc.assert(
      fc.property(companies, minCap, (cs, min) => {
        const s = convictionScores(cs, { minMarketCap: min });
        const e = sizeNeutralBuzz(cs, { minMarketCap: min });
        cs.forEach((c, i) => {
          if (!isEligible(c, min)) return;
          const expected = Math.min(1 - EPSILON, Math.max(EPSILON, logistic(4 * (c.linguisticBeta - 0.5) + 6 * e[i]!)));
          expect(s[i]).toBeCloseTo(expected, 15);
        });
      }),
    );
  });
});

describe("convictionScores: input checks", () => {
  const bad = (cs: unknown, options?: unknown) => () =>
    convictionScores(cs as ConvictionInput[], options as { minMarketCap?: number });

  it("names the field and the rule", () => {
    expect(bad([one(0.5, 0.5, 1e9), one(1.5, 0.5, 1e9)])).toThrow(
      "companies[1].linguisticBeta must satisfy 0 <= companies[1].linguisticBeta <= 1, got 1.5",
    );
    expect(bad([one(0.5, Number.NaN, 1e9)])).toThrow("companies[0].marketBuzz must be a finite number, got NaN");
    expect(bad([one(0.5, -0.1, 1e9)])).toThrow(
      "companies[0].marketBuzz must satisfy 0 <= companies[0].marketBuzz <= 1, got -0.1",
    );
    expect(bad([one(0.5, 0.5, -1)])).toThrow("companies[0].marketCap must be null or a finite number >= 0, got -1");
    expect(bad([one(0.5, 0.5, Number.POSITIVE_INFINITY)])).toThrow(
      "companies[0].marketCap must be null or a finite number >= 0, got Infinity",
    );
    expect(bad([{ linguisticBeta: 0.5, marketBuzz: 0.5 }])).toThrow(
      "companies[0].marketCap must be null or a finite number >= 0, got undefined",
    );
    expect(bad([{ linguisticBeta: 0.5, marketBuzz: 0.5, marketCap: "1e9" }])).toThrow(/got string/);
    expect(bad([null])).toThrow("companies[0] must be an object, got null");
    expect(bad(undefined)).toThrow("companies must be an array of companies, got undefined");
    expect(bad([], { minMarketCap: -1 })).toThrow(
      "options.minMarketCap must satisfy 0 <= options.minMarketCap, got -1",
    );
    expect(bad([], { minMarketCap: Number.NaN })).toThrow("options.minMarketCap must be a finite number, got NaN");
  });

  it("throws EngineError INVALID_INPUT with the field set", () => {
    try {
      convictionScores([one(0.5, 0.5, 1e9), one(0.5, 2, 1e9)]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(EngineError);
      expect((e as EngineError).code).toBe("INVALID_INPUT");
      expect((e as EngineError).field).toBe("companies[1].marketBuzz");
    }
  });

  it("never mutates its input (frozen input)", () => {
    const cs = Object.freeze([Object.freeze(one(0.2, 0.7, 1e9)), Object.freeze(one(0.8, 0.1, 5e10))]);
    expect(() => convictionScores(cs, Object.freeze({ minMarketCap: 0 }))).not.toThrow();
    expect(cs[0]).toEqual(one(0.2, 0.7, 1e9));
  });
});

describe("convictionScores: properties", () => {
  it("is strictly inside (0, 1) for every eligible company and exactly 0 otherwise", () => {
    // Extreme inputs too: betas and buzz at 0 or 1.
    const extreme = fc.record({
      linguisticBeta: fc.constantFrom(0, 1),
      marketBuzz: fc.constantFrom(0, 1),
      marketCap: cap,
    });
    fc.assert(
      fc.property(fc.array(fc.oneof(company, extreme), { maxLength: 60 }), minCap, (cs, min) => {
        const s = convictionScores(cs, { minMarketCap: min });
        expect(s.length).toBe(cs.length);
        cs.forEach((c, i) => {
          if (isEligible(c, min)) {
            expect(s[i]).toBeGreaterThan(0);
            expect(s[i]).toBeLessThan(1);
          } else {
            expect(Object.is(s[i], 0)).toBe(true);
          }
        });
      }),
    );
  });

  it("is deterministic: the same input gives bit-identical output", () => {
    fc.assert(
      fc.property(companies, minCap, (cs, min) => {
        const a = convictionScores(cs, { minMarketCap: min });
        const b = convictionScores(cs, { minMarketCap: min });
        a.forEach((v, i) => expect(Object.is(v, b[i])).toBe(true));
      }),
    );
  });

  it("is unchanged (1e-12 relative) when every market cap is multiplied by c in [1e-3, 1e3]", () => {
    fc.assert(
      fc.property(companies, fc.double({ min: 1e-3, max: 1e3, noNaN: true }), fc.constantFrom(0, 5e8), (cs, c, min) => {
        const scaled = cs.map((x) => ({ ...x, marketCap: x.marketCap === null ? null : x.marketCap * c }));
        // Eligibility is the same at both scales: the minimum is scaled too (rounding of m·c could
        // in principle move a cap across it; then the case says nothing about invariance).
        fc.pre(cs.every((x, i) => isEligible(x, min) === isEligible(scaled[i]!, min * c)));
        // Conditioning: m·c is itself rounded (relative 2^−53), which moves ln m by ~1e−16, and
        // the slope amplifies that by about 1/sd(ln m). With caps spread by at least 0.1% (or all
        // exactly equal, the degenerate case) the effect is far below 1e−12.
        const { x } = eligibleXY(cs, min);
        const spread = sd(x);
        fc.pre(spread === 0 || spread >= 1e-3);
        const a = convictionScores(cs, { minMarketCap: min });
        const b = convictionScores(scaled, { minMarketCap: min * c });
        a.forEach((v, i) => expect(Math.abs(v - b[i]!)).toBeLessThanOrEqual(1e-12 * v));
      }),
    );
  });

  it("is bit-for-bit unchanged when every market cap is multiplied by a power of two", () => {
    // Both m and the largest cap scale exactly, so ln(m / max) is the same number.
    fc.assert(
      fc.property(companies, fc.integer({ min: -20, max: 20 }), minCap, (cs, k, min) => {
        const c = 2 ** k;
        const scaled = cs.map((x) => ({ ...x, marketCap: x.marketCap === null ? null : x.marketCap * c }));
        const a = convictionScores(cs, { minMarketCap: min });
        const b = convictionScores(scaled, { minMarketCap: min * c });
        a.forEach((v, i) => expect(Object.is(v, b[i])).toBe(true));
      }),
    );
  });

  it("does not depend on input order (permute, score, permute back)", () => {
    const input = companies.chain((cs) => fc.tuple(fc.constant(cs), permutationOf(cs.length)));
    fc.assert(
      fc.property(input, minCap, ([cs, perm], min) => {
        const a = convictionScores(cs, { minMarketCap: min });
        const b = convictionScores(
          perm.map((p) => cs[p]!),
          { minMarketCap: min },
        );
        // Sums run in a different order, so equal up to rounding (1e-12 relative), not bit for bit.
        perm.forEach((p, k) => expect(Math.abs(b[k]! - a[p]!)).toBeLessThanOrEqual(1e-12 * a[p]!));
      }),
    );
  });

  it("is non-decreasing in linguistic beta, strictly for increments >= 1e-6 away from the clamp", () => {
    fc.assert(
      fc.property(withEligible, unit, (w, t) => {
        const { cs, i } = w;
        const l = cs[i]!.linguisticBeta;
        const l2 = l + t * (1 - l);
        const raised = cs.map((c, k) => (k === i ? { ...c, linguisticBeta: l2 } : c));
        const s = convictionScores(cs)[i]!;
        const s2 = convictionScores(raised)[i]!;
        expect(s2).toBeGreaterThanOrEqual(s); // exact: beta enters only through a monotone chain
        // Strict: z rises by 4·(ℓ2 − ℓ) >= 4e-6, so s rises by about s(1 − s)·4e-6, far above one
        // unit in the last place when s is in [1e-6, 1 − 1e-6].
        if (l2 - l >= 1e-6 && s >= 1e-6 && s <= 1 - 1e-6) expect(s2).toBeGreaterThan(s);
      }),
    );
  });

  it("is non-decreasing in the company's buzz, strictly when its leverage h_ii < 1 − 1e-9", () => {
    // Raising y_i by δ raises e_i by (1 − h_ii)·δ, because the fitted line also moves up by h_ii·δ
    // at x_i (h_ii = 1/n + (x_i − x̄)²/Sxx, the leverage). When h_ii = 1 (two eligible
    // companies, or every other eligible company at one same cap) the line passes through
    // company i whatever its buzz, and its score cannot move: non-decreasing, not strictly.
    fc.assert(
      fc.property(withEligible, unit, (w, t) => {
        const { cs, i } = w;
        const y = cs[i]!.marketBuzz;
        const y2 = y + t * (1 - y);
        const raised = cs.map((c, k) => (k === i ? { ...c, marketBuzz: y2 } : c));
        const s = convictionScores(cs)[i]!;
        const s2 = convictionScores(raised)[i]!;
        // In exact arithmetic s2 >= s; the sums are rounded (|error| ~1e-16 on e), so when the
        // exact change is 0 (h_ii = 1) the computed scores may differ by a few units in the
        // last place: allow 1e-14.
        expect(s2).toBeGreaterThanOrEqual(s - 1e-14);
        const { idx, x } = eligibleXY(cs, DEFAULT_SCORING_MIN_MARKET_CAP);
        const h = leverage(x, idx.indexOf(i));
        // Strict when h < 1 − 1e-9 and the first-order rise s(1 − s)·6(1 − h)δ is well above
        // rounding (>= 1e-12).
        if (h < 1 - 1e-9 && s * (1 - s) * 6 * (1 - h) * (y2 - y) >= 1e-12 && s2 < 1 - EPSILON) {
          expect(s2).toBeGreaterThan(s);
        }
      }),
    );
  });
});
