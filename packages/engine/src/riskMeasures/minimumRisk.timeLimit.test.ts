/** A binding holdings rule under a time limit: feasible weights, the "time-limit" status, a finite gap and a warning. */
import { describe, expect, it } from "vitest";
import { scaled } from "../../../../test/_support/timeScale.ts";
import { assetReturns } from "../data/assetReturns.ts";
import { syntheticUniverse } from "../testing/index.ts";
import { minimumRisk } from "./minimumRisk.ts";

describe("minimumRisk with a binding minHoldings rule and timeLimitSeconds", () => {
  for (const targeted of [false, true]) {
    it(
      `returns weights that meet every rule${targeted ? " and the target return" : ""}, with status "time-limit"`,
      async () => {
        const u = syntheticUniverse(5, 24, 250).scenarios;
        const r = assetReturns(u.returns, { assets: u.assetIds, frequency: "daily" });
        // Near the largest return the rules allow (15 best means at 0.05, the rest on the best), which the
        // minimum-risk LP's 15 largest weights miss: only the maximum-return support meets it.
        const means = Array.from({ length: 24 }, (_, i) => {
          let s = 0;
          for (let t = 0; t < r.periods; t++) s += r.returns[t * 24 + i]!;
          return s / r.periods;
        }).sort((a, b) => b - a);
        const best = 0.05 * means.slice(0, 15).reduce((a, m) => a + m, 0) + 0.25 * means[0]!;
        const target = Math.min(0.99, 0.97 * best * 252);
        const p = await minimumRisk(r, {
          riskMeasure: "cdar",
          confidence: 0.9,
          minHoldings: 15,
          minActiveWeight: 0.05,
          timeLimitSeconds: 1e-6,
          ...(targeted ? { targetReturn: target } : {}),
        });
        expect(p.certificate.status).toBe("time-limit");
        expect(p.certificate.solver).toBe("milp");
        expect(Number.isFinite(p.certificate.gap) && p.certificate.gap >= 0).toBe(true);
        expect(p.warnings.join(" ")).toContain("time limit");
        const w = Array.from(p.vector);
        expect(Math.abs(w.reduce((a, x) => a + x, 0) - 1)).toBeLessThanOrEqual(1e-9);
        expect(w.filter((x) => x >= 0.05 * (1 - 1e-9)).length).toBeGreaterThanOrEqual(15);
        if (targeted) expect(p.performance.expectedReturn!).toBeGreaterThanOrEqual(target - 1e-9 * 252);
        // Still no riskier than the proven bound allows, and the reported risk is the weights' own.
        expect(p.certificate.objective).toBe(p.risk);
      },
      scaled(120_000),
    );
  }
});
