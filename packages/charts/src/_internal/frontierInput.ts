import { meanReturn, volatility } from "@thematic/engine";
import { ChartError } from "../ChartError.ts";
import { checkLabel, displayValue } from "./checkOptions.ts";
import { engineCall } from "./engineCall.ts";

/** An explicit portfolio or asset: annual figures (or per period, with the chart's `periodsPerYear`), an optional name. */
export interface RiskReturnPoint {
  volatility: number;
  expectedReturn: number;
  /** Drawn beside the point. At most 80 characters. */
  label?: string;
}

/** A portfolio result with its annual performance block (the engine's `PortfolioResult` is one). */
export interface PerformanceLike {
  performance: {
    /** Annual expected return. */
    expectedReturn: number | null;
    /** Annual volatility. */
    volatility: number | null;
    sharpeRatio?: number | null;
    /** Annual risk-free rate of the Sharpe ratio. */
    riskFreeRate?: number;
    /** The periods a year of the data the figures were annualised from. */
    periodsPerYear?: number;
  };
  label?: string;
}

/** One point of a frontier chart. */
export type FrontierPoint = RiskReturnPoint | PerformanceLike;

/** Labelled per-period estimates, as the engine's `ExpectedReturns` and `Covariance` carry them. */
export interface LabelledEstimates {
  expectedReturns: {
    readonly assets: readonly string[];
    readonly values: ArrayLike<number>;
    readonly periodsPerYear: number;
  };
  covariance: {
    readonly assets: readonly string[];
    readonly size: number;
    readonly values: ArrayLike<number>;
    readonly periodsPerYear: number;
  };
}

/** Labelled per-period returns, T × N row-major, as the engine's `AssetReturns` carries them. */
export interface LabelledReturns {
  readonly assets: readonly string[];
  readonly returns: ArrayLike<number>;
  readonly periods: number;
  readonly periodsPerYear: number;
}

/** The single assets of a frontier chart: labelled estimates, labelled returns, or explicit named points. */
export type FrontierAssets = LabelledEstimates | LabelledReturns | ReadonlyArray<RiskReturnPoint & { label: string }>;

/** A point with annual figures, as drawn. */
export interface AnnualPoint {
  volatility: number;
  expectedReturn: number;
  label?: string;
  /** The periods a year a portfolio result's figures were annualised from (undefined for explicit figures). */
  periodsPerYear?: number;
  /** The annualised Sharpe ratio (a result's own; return / volatility for explicit figures), when defined. */
  sharpe?: number;
  riskFreeRate: number;
}

const finite = (field: string, v: unknown, min = -Infinity): number => {
  if (typeof v !== "number" || !Number.isFinite(v) || v < min)
    throw new ChartError(field, `must be a finite number${min === 0 ? " >= 0" : ""}, got ${displayValue(v)}`);
  return v;
};

/**
 * A frontier point in annual figures: a result's `performance` block as it is, or explicit
 * figures annualised with `periodsPerYear` (1: annual already): return × P, volatility × √P.
 *
 * @throws ChartError naming `field` and the figure at fault
 * @example
 * frontierPoint("points[0]", { volatility: 0.01, expectedReturn: 0.0004 }, 252).volatility // => 0.15874507866387544
 */
export function frontierPoint(field: string, p: unknown, periodsPerYear: number): AnnualPoint {
  if (p === null || typeof p !== "object")
    throw new ChartError(
      field,
      "must be a portfolio result (with performance) or { volatility, expectedReturn, label? }",
    );
  const label =
    (p as { label?: unknown }).label === undefined
      ? undefined
      : checkLabel(`${field}.label`, (p as { label?: unknown }).label);
  const performance = (p as { performance?: unknown }).performance;
  if (performance !== undefined) {
    if (performance === null || typeof performance !== "object")
      throw new ChartError(
        `${field}.performance`,
        "must be { expectedReturn, volatility, sharpeRatio?, riskFreeRate?, periodsPerYear? }",
      );
    const block = performance as PerformanceLike["performance"];
    if (block.expectedReturn === null || block.volatility === null)
      throw new ChartError(
        `${field}.performance`,
        "has no expected return or no volatility (the method had no estimate): a frontier point needs both",
      );
    const point: AnnualPoint = {
      expectedReturn: finite(`${field}.performance.expectedReturn`, block.expectedReturn),
      volatility: finite(`${field}.performance.volatility`, block.volatility, 0),
      riskFreeRate:
        block.riskFreeRate === undefined ? 0 : finite(`${field}.performance.riskFreeRate`, block.riskFreeRate),
      ...(label === undefined ? {} : { label }),
    };
    if (typeof block.sharpeRatio === "number" && Number.isFinite(block.sharpeRatio)) point.sharpe = block.sharpeRatio;
    if (block.periodsPerYear !== undefined)
      point.periodsPerYear = finite(`${field}.performance.periodsPerYear`, block.periodsPerYear, 0);
    return point;
  }
  const { expectedReturn, volatility: vol } = p as RiskReturnPoint;
  const annual = {
    expectedReturn: finite(`${field}.expectedReturn`, expectedReturn) * periodsPerYear,
    volatility: finite(`${field}.volatility`, vol, 0) * Math.sqrt(periodsPerYear),
    riskFreeRate: 0,
    ...(label === undefined ? {} : { label }),
  };
  return annual.volatility > 0 ? { ...annual, sharpe: annual.expectedReturn / annual.volatility } : annual;
}

/**
 * The assets of a frontier chart in annual figures, named by their ids, with the periods a year
 * their labelled data carry (undefined for explicit points, annualised with `periodsPerYear`).
 * Estimates are matched by id (the covariance may list the ids in another order; an id on one
 * side only is refused); an asset's dot is (√(Σ_ii·P), μ_i·P), the performance of the portfolio
 * holding it alone (docs/maths.md#portfolio-performance). Labelled returns give each asset's
 * mean return × P and volatility (the engine's `meanReturn`, `volatility`).
 *
 * @throws ChartError naming the field at fault
 */
export function frontierAssets(
  field: string,
  value: unknown,
  periodsPerYear: number,
): { points: AnnualPoint[]; periodsPerYear?: number; source?: string } {
  if (Array.isArray(value)) {
    return {
      points: Array.from(value as ArrayLike<unknown>, (a, i) => {
        const point = frontierPoint(`${field}[${i}]`, a, periodsPerYear);
        if (point.label === undefined)
          throw new ChartError(
            `${field}[${i}].label`,
            "must be a non-empty string (the asset's name, drawn beside it)",
          );
        return point;
      }),
    };
  }
  if (value === null || typeof value !== "object")
    throw new ChartError(
      field,
      "must be { expectedReturns, covariance }, labelled asset returns, or [{ label, volatility, expectedReturn }]",
    );
  if ("expectedReturns" in value || "covariance" in value) return fromEstimates(field, value as LabelledEstimates);
  if ("returns" in value) return fromReturns(field, value as LabelledReturns);
  throw new ChartError(
    field,
    "must be { expectedReturns, covariance }, labelled asset returns { assets, returns, periods, periodsPerYear }, or [{ label, volatility, expectedReturn }]",
  );
}

function ids(field: string, assets: unknown, n?: number): string[] {
  if (!Array.isArray(assets) || assets.length === 0 || (n !== undefined && assets.length !== n))
    throw new ChartError(field, `must list the ${n ?? ""} asset ids`.replace("  ", " "));
  return assets.map((id, i) => checkLabel(`${field}[${i}]`, id));
}

function samplingOf(field: string, p: unknown): number {
  if (typeof p !== "number" || !Number.isFinite(p) || !(p > 0))
    throw new ChartError(field, `must be a number > 0 (the periods a year of the data), got ${displayValue(p)}`);
  return p;
}

function fromEstimates(
  field: string,
  value: LabelledEstimates,
): { points: AnnualPoint[]; periodsPerYear: number; source: string } {
  const { expectedReturns: mu, covariance: sigma } = value;
  if (mu === null || typeof mu !== "object")
    throw new ChartError(
      `${field}.expectedReturns`,
      "must be labelled expected returns { assets, values, periodsPerYear }",
    );
  if (sigma === null || typeof sigma !== "object")
    throw new ChartError(
      `${field}.covariance`,
      "must be a labelled covariance { assets, size, values, periodsPerYear }",
    );
  const muIds = ids(`${field}.expectedReturns.assets`, mu.assets);
  const n = sigma.size;
  if (!Number.isInteger(n) || n < 1 || sigma.values?.length !== n * n)
    throw new ChartError(`${field}.covariance`, "must hold size × size values");
  const sigmaIds = ids(`${field}.covariance.assets`, sigma.assets, n);
  const p = samplingOf(`${field}.expectedReturns.periodsPerYear`, mu.periodsPerYear);
  if (samplingOf(`${field}.covariance.periodsPerYear`, sigma.periodsPerYear) !== p) {
    throw new ChartError(
      `${field}.covariance.periodsPerYear`,
      `is ${sigma.periodsPerYear} but the expected returns' is ${p}: give estimates of one sampling`,
    );
  }
  if (mu.values?.length !== muIds.length)
    throw new ChartError(`${field}.expectedReturns.values`, `must hold one value per asset (${muIds.length})`);
  const where = new Map(sigmaIds.map((id, i) => [id, i]));
  const missing = muIds.filter((id) => !where.has(id));
  const extra = sigmaIds.filter((id) => !muIds.includes(id));
  if (missing.length > 0 || extra.length > 0) {
    throw new ChartError(
      `${field}.covariance.assets`,
      `must name the expected returns' assets: ${missing.length > 0 ? `missing ${missing.slice(0, 5).join(", ")}` : ""}${missing.length > 0 && extra.length > 0 ? "; " : ""}${extra.length > 0 ? `not in the expected returns: ${extra.slice(0, 5).join(", ")}` : ""}`,
    );
  }
  const points = muIds.map((id, i) => {
    const k = where.get(id)!;
    const variance = finite(`${field}.covariance.values[${k * n + k}]`, sigma.values[k * n + k], 0);
    return point(id, finite(`${field}.expectedReturns.values[${i}]`, mu.values[i]) * p, Math.sqrt(variance * p));
  });
  return { points, periodsPerYear: p, source: "the expected returns and covariance" };
}

function fromReturns(
  field: string,
  value: LabelledReturns,
): { points: AnnualPoint[]; periodsPerYear: number; source: string } {
  const names = ids(`${field}.assets`, value.assets);
  const n = names.length;
  const p = samplingOf(`${field}.periodsPerYear`, value.periodsPerYear);
  const t = value.periods;
  if (!Number.isInteger(t) || t < 2 || value.returns?.length !== t * n)
    throw new ChartError(`${field}.returns`, `must hold periods × assets values (at least 2 periods of ${n} returns)`);
  const points = names.map((id, i) => {
    const column = Float64Array.from({ length: t }, (_, k) => value.returns[k * n + i]!);
    return engineCall(() => point(id, meanReturn(column) * p, volatility(column, p)), `${field}.returns`);
  });
  return { points, periodsPerYear: p, source: "the asset returns" };
}

function point(label: string, expectedReturn: number, vol: number): AnnualPoint {
  return { label, expectedReturn, volatility: vol, riskFreeRate: 0 };
}
