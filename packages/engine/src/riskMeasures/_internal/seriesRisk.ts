import { EngineError } from "../../errors/EngineError.ts";
import { conditionalValueAtRisk } from "../../stats/index.ts";
import type { RiskMeasure } from "../RiskMeasure.ts";

/** `D_t = max(0, max_{s<=t} c_s) − c_t` for t = 1..T, with `c_t = Σ_{s<=t} r_s` and `c_0 = 0` (docs/maths.md#uncompounded-drawdown). */
export function drawdownsOf(r: Float64Array): Float64Array {
  const d = new Float64Array(r.length);
  let c = 0;
  let peak = 0;
  for (let t = 0; t < r.length; t++) {
    c += r[t]!;
    if (c > peak) peak = c;
    d[t] = finite(peak - c, "drawdown");
  }
  return d;
}

/** `(1/T)·Σ_t max(0, r̄ − r_t)`, the lower semi-absolute deviation. */
export function semiDeviationOf(r: Float64Array): number {
  const T = r.length;
  let mean = 0;
  for (let t = 0; t < T; t++) mean += r[t]!;
  mean /= T;
  let below = 0;
  for (let t = 0; t < T; t++) if (r[t]! < mean) below += mean - r[t]!;
  return below / T;
}

/**
 * The value of `measure` on checked returns (at least 1, finite), per the formulas of
 * docs/maths.md#risk-measures; `confidence` is read by "cdar" only.
 */
export function seriesRisk(measure: RiskMeasure, r: Float64Array, confidence: number): number {
  const value = unchecked(measure, r, confidence);
  return finite(value, measure);
}

/** `value`, or INVALID_INPUT when the returns are so large that it overflows. */
export function finite(value: number, what: string): number {
  if (!Number.isFinite(value))
    throw new EngineError("INVALID_INPUT", `returns are too large: their ${what} overflows a double`, {
      field: "returns",
    });
  return value;
}

function unchecked(measure: RiskMeasure, r: Float64Array, confidence: number): number {
  switch (measure) {
    case "mad": {
      const T = r.length;
      let mean = 0;
      for (let t = 0; t < T; t++) mean += r[t]!;
      mean /= T;
      let total = 0;
      for (let t = 0; t < T; t++) total += Math.abs(r[t]! - mean);
      return total / T;
    }
    case "semi-deviation":
      return semiDeviationOf(r);
    case "cdar": {
      const d = drawdownsOf(r);
      for (let t = 0; t < d.length; t++) d[t] = -d[t]!;
      return conditionalValueAtRisk(d, confidence) + 0;
    }
    case "max-drawdown": {
      const d = drawdownsOf(r);
      let worst = 0;
      for (let t = 0; t < d.length; t++) if (d[t]! > worst) worst = d[t]!;
      return worst;
    }
    case "minimax": {
      let worst = -Infinity;
      for (let t = 0; t < r.length; t++) if (-r[t]! > worst) worst = -r[t]!;
      return worst + 0;
    }
  }
}
