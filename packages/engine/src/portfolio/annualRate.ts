import { EngineError } from "../errors/EngineError.ts";

/**
 * The per-period equivalent of an annual figure a person types (docs/maths.md#frequency-and-annual-units):
 * a rate or return `r/P`, a volatility `σ/√P`, for P periods a year, matching the arithmetic
 * annualisation of {@link Performance} (`μ·P`, `σ·√P`). Refuses a value that cannot be an annual
 * fraction (|rate| >= 1, volatility >= 5), with the hint that 0.04 means 4 %.
 * @throws EngineError INVALID_INPUT naming `field`.
 * @example
 * perPeriod("riskFreeRate", 0.0504, "rate", 252) // => 0.0002
 */
export function perPeriod(field: string, annual: unknown, kind: "rate" | "volatility", periodsPerYear: number): number {
  if (typeof annual !== "number" || !Number.isFinite(annual)) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must be a finite annual ${kind === "rate" ? "rate" : "volatility"}, got ${String(annual)}`,
      { field },
    );
  }
  if (kind === "rate" && !(Math.abs(annual) < 1)) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} is an annual rate as a fraction (0.04 for 4 %), so it must satisfy -1 < ${field} < 1, got ${annual}`,
      {
        field,
        details: { value: annual },
      },
    );
  }
  if (kind === "volatility" && !(annual > 0 && annual < 5)) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} is an annual volatility as a fraction (0.15 for 15 %), so it must satisfy 0 < ${field} < 5, got ${annual}`,
      {
        field,
        details: { value: annual },
      },
    );
  }
  return kind === "rate" ? annual / periodsPerYear : annual / Math.sqrt(periodsPerYear);
}
