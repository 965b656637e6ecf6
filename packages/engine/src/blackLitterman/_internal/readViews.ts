import { EngineError } from "../../errors/EngineError.ts";
import { assertKnownKeys } from "../../_internal/assertKnownKeys.ts";
import { assertInRange } from "../../_internal/validate.ts";
import { unknownAssetError } from "../../data/assetIds.ts";
import { perPeriod } from "../../portfolio/annualRate.ts";

/** How sure the investor is of a view: one of the two, or neither (He & Litterman's default, c = ½). */
export interface ViewConfidence {
  /**
   * Idzorek's (2005) confidence in (0, 1]: the fraction of the tilt a 100%-certain view would give;
   * `ω = ((1 − c)/c)·p·τΣ·pᵀ`. Exclusive with `variance`.
   */
  confidence?: number;
  /** ω, the variance of the view's annual return (> 0; 0.05² for ±5 % a year), given directly. Exclusive with `confidence`. */
  variance?: number;
}

/** "Asset `asset` will return `return` a year." */
export interface AbsoluteView extends ViewConfidence {
  asset: string;
  /** Annual expected return, a fraction: −1 < x < 1. */
  return: number;
}

/** One leg of a relative view: ids weighted equally (1/m each), or `{ id: weight }`. */
export type ViewLeg = readonly string[] | Readonly<Record<string, number>>;

/** "The `long` leg will beat the `short` leg by `return` a year" (`short` omitted: the long leg alone returns that). */
export interface RelativeView extends ViewConfidence {
  long: ViewLeg;
  short?: ViewLeg;
  /** Annual expected return of long − short, a fraction: −1 < x < 1. */
  return: number;
}

/** One view: an absolute view on one asset, or a relative view of a long leg against a short leg, each with an optional confidence or variance. */
export type BlackLittermanView = AbsoluteView | RelativeView;

/** `{ id: annual return }` (absolute views, default confidence) or a list of views. */
export type BlackLittermanViews = Readonly<Record<string, number>> | ReadonlyArray<BlackLittermanView>;

/** A view read onto the covariance's assets, in the posterior's units. */
export interface ReadView {
  /** p, one weight per asset. */
  portfolio: Float64Array;
  /** q per period: the annual return divided by the periods a year. */
  q: number;
  /** ω per period², when given (the annual variance divided by P²). */
  variance: number | undefined;
  /** c, when ω is not given (default ½). */
  confidence: number;
}

const SHAPE = "{ asset, return, confidence? | variance? } or { long, short?, return, confidence? | variance? }";

function indexOf(field: string, id: unknown, assets: readonly string[], index: ReadonlyMap<string, number>): number {
  if (typeof id !== "string")
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must be an asset id (a string), got ${id === null ? "null" : typeof id}`,
      { field },
    );
  const i = index.get(id);
  if (i === undefined) throw unknownAssetError(field, id, assets);
  return i;
}

/** Adds `sign`·(the leg's weights) to p. */
function addLeg(
  field: string,
  leg: unknown,
  sign: 1 | -1,
  p: Float64Array,
  assets: readonly string[],
  index: ReadonlyMap<string, number>,
): void {
  if (Array.isArray(leg)) {
    if (leg.length === 0) throw new EngineError("INVALID_INPUT", `${field} must name at least one asset`, { field });
    const seen = new Set<string>();
    for (let k = 0; k < leg.length; k++) {
      const i = indexOf(`${field}[${k}]`, leg[k], assets, index);
      if (seen.has(assets[i]!))
        throw new EngineError("INVALID_INPUT", `${field} names asset "${assets[i]}" twice`, {
          field: `${field}[${k}]`,
        });
      seen.add(assets[i]!);
      p[i] = p[i]! + sign / leg.length;
    }
    return;
  }
  if (leg === null || typeof leg !== "object")
    throw new EngineError("INVALID_INPUT", `${field} must be a list of asset ids or { id: weight }`, { field });
  const entries = Object.entries(leg);
  if (entries.length === 0) throw new EngineError("INVALID_INPUT", `${field} must name at least one asset`, { field });
  for (const [id, w] of entries) {
    const i = indexOf(`${field}.${id}`, id, assets, index);
    assertInRange(`${field}.${id}`, w, {});
    p[i] = p[i]! + sign * w;
  }
}

/**
 * Reads views by asset id onto the covariance's order (docs/maths.md#black-litterman-posterior):
 * an unknown id is refused naming it and the closest ids; a view whose legs cancel (no net
 * position) is refused; returns are annual fractions, converted with P.
 * @throws EngineError INVALID_INPUT naming `views[i].<field>` (or `views.<id>`).
 */
export function readViews(views: unknown, assets: readonly string[], periodsPerYear: number): ReadView[] {
  if (views === undefined) return [];
  const index = new Map<string, number>();
  assets.forEach((id, i) => index.set(id, i));
  const n = assets.length;
  const P2 = periodsPerYear * periodsPerYear;
  if (views === null || typeof views !== "object")
    throw new EngineError("INVALID_INPUT", `views must be { id: annual return } or a list of ${SHAPE}`, {
      field: "views",
    });
  if (!Array.isArray(views)) {
    // { A03: 0.25 }: absolute views, each with the default uncertainty.
    return Object.entries(views).map(([id, r]) => {
      const portfolio = new Float64Array(n);
      portfolio[indexOf(`views.${id}`, id, assets, index)] = 1;
      return {
        portfolio,
        q: perPeriod(`views.${id}`, r, "rate", periodsPerYear),
        variance: undefined,
        confidence: 0.5,
      };
    });
  }
  return views.map((view: unknown, v) => {
    const field = `views[${v}]`;
    if (view === null || typeof view !== "object")
      throw new EngineError("INVALID_INPUT", `${field} must be an object ${SHAPE}`, { field });
    const o = view as Partial<AbsoluteView & RelativeView>;
    const portfolio = new Float64Array(n);
    if ("asset" in o) {
      assertKnownKeys(field, o, ["asset", "return", "confidence", "variance"]);
      portfolio[indexOf(`${field}.asset`, o.asset, assets, index)] = 1;
    } else if ("long" in o) {
      assertKnownKeys(field, o, ["long", "short", "return", "confidence", "variance"]);
      addLeg(`${field}.long`, o.long, 1, portfolio, assets, index);
      if (o.short !== undefined) addLeg(`${field}.short`, o.short, -1, portfolio, assets, index);
      let top = 0;
      for (let i = 0; i < n; i++) top = Math.max(top, Math.abs(portfolio[i]!));
      if (top === 0)
        throw new EngineError("INVALID_INPUT", `${field} has no net position: its long and short legs cancel`, {
          field,
        });
    } else {
      throw new EngineError(
        "INVALID_INPUT",
        `${field} must name an asset (absolute view) or a long leg (relative view): ${SHAPE}`,
        { field },
      );
    }
    const q = perPeriod(`${field}.return`, o.return, "rate", periodsPerYear);
    if (o.confidence !== undefined && o.variance !== undefined) {
      throw new EngineError("INVALID_INPUT", `${field}.confidence and ${field}.variance: give one, not both`, {
        field: `${field}.variance`,
      });
    }
    if (o.variance !== undefined) {
      assertInRange(`${field}.variance`, o.variance, { min: 0, minExclusive: true });
      return { portfolio, q, variance: o.variance / P2, confidence: 0.5 };
    }
    const c = o.confidence === undefined ? 0.5 : o.confidence;
    assertInRange(`${field}.confidence`, c, { min: 0, minExclusive: true, max: 1 });
    return { portfolio, q, variance: undefined, confidence: c };
  });
}
