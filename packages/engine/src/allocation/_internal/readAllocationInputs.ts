import { EngineError } from "../../errors/EngineError.ts";
import { closestIds } from "../../data/assetIds.ts";
import { compensatedSum } from "../../_internal/compensatedSum.ts";
import { weightVector, type WeightsInput } from "../../portfolio/weightVector.ts";

/** Prices by id ({ id: price } or a Map), or bare numbers, one per bare weight. */
export type PricesInput = Readonly<Record<string, number>> | ReadonlyMap<string, number> | ArrayLike<number>;

/** The checked weights (normalised to sum 1) and prices, in the weights' order. */
export interface AllocationInputs {
  assets: readonly string[];
  /** Target weights, >= 0, Σ = 1. */
  w: Float64Array;
  /** Price of each asset, > 0; NaN for an asset of weight 0 that has no price (it gets no shares). */
  p: Float64Array;
}

const isNumberArray = (v: unknown): v is ArrayLike<number> =>
  ArrayBuffer.isView(v) ||
  (Array.isArray(v) && (v.length === 0 || typeof v[0] === "number" || typeof v[0] !== "object" || v[0] === null));

/**
 * Reads the weights and prices of a discrete allocation (docs/maths.md#discrete-allocation).
 * Weights are labelled (`{ id: w }`, a Map, `{ id, weight }[]`, a portfolio result: their order is
 * the result's), or bare numbers labelled by position ("0", "1", …; prices must then be bare too,
 * one per weight). Each weight finite and >= 0, Σ = 1 within 1e-6 (then normalised). Prices are
 * read by id: an asset of positive weight without a price is refused, naming it and the closest
 * priced ids; an asset of weight 0 needs none; prices of other ids are ignored. Each price used is
 * finite and > 0.
 * @throws EngineError INVALID_INPUT naming `weights…` or `prices…` and the rule.
 * @example
 * readAllocationInputs({ B: 0.25, A: 0.75 }, { A: 10, B: 20 }).assets // => ["B", "A"]
 */
export function readAllocationInputs(weights: unknown, prices: unknown): AllocationInputs {
  if (weights === null || typeof weights !== "object") {
    throw new EngineError(
      "INVALID_INPUT",
      "weights must be { id: weight }, a Map, { id, weight }[], a portfolio result, or bare numbers",
      { field: "weights" },
    );
  }
  const bare = isNumberArray(weights);
  const assets = bare ? Array.from({ length: weights.length }, (_, i) => String(i)) : labelledIds(weights);
  if (assets.length === 0)
    throw new EngineError("INVALID_INPUT", "weights must name at least 1 asset, got 0", { field: "weights" });
  const w = bare ? bareWeights(weights) : weightVector("weights", weights as WeightsInput, assets);
  for (let i = 0; i < w.length; i++) {
    const at = bare ? `weights[${i}]` : `weights.${assets[i]}`;
    if (!(w[i]! >= 0)) throw new EngineError("INVALID_INPUT", `${at} must be >= 0, got ${w[i]}`, { field: at });
  }
  const total = compensatedSum(w);
  if (!(Math.abs(total - 1) <= 1e-6)) {
    throw new EngineError("INVALID_INPUT", `weights must sum to 1 (within 1e-6), got ${total}`, { field: "weights" });
  }
  for (let i = 0; i < w.length; i++) w[i] = w[i]! / total;
  return {
    assets: Object.freeze(assets),
    w,
    p: bare ? barePrices(prices, w.length) : labelledPrices(prices, assets, w),
  };
}

/** The ids of labelled weights in their order (checked by weightVector afterwards). */
function labelledIds(weights: object): string[] {
  const list =
    weights instanceof Map
      ? [...weights.keys()]
      : Array.isArray(weights)
        ? weights.map((x: { id?: unknown }) => x?.id)
        : "weights" in weights && Array.isArray((weights as { weights: unknown }).weights)
          ? (weights as { weights: Array<{ id?: unknown }> }).weights.map((x) => x?.id)
          : Object.keys(weights);
  return list.map((id, i) => {
    if (typeof id !== "string" || id.length === 0) {
      throw new EngineError("INVALID_INPUT", `weights[${i}].id must be a non-empty string, got ${typeof id}`, {
        field: `weights[${i}].id`,
      });
    }
    return id;
  });
}

function bareWeights(values: ArrayLike<number>): Float64Array {
  const w = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== "number" || !Number.isFinite(v))
      throw new EngineError("INVALID_INPUT", `weights[${i}] must be a finite number, got ${String(v)}`, {
        field: `weights[${i}]`,
      });
    w[i] = v;
  }
  return w;
}

function barePrices(prices: unknown, n: number): Float64Array {
  if (!isNumberArray(prices)) {
    throw new EngineError(
      "INVALID_INPUT",
      "prices must be bare numbers (one per weight) when the weights are: label both, or neither",
      { field: "prices" },
    );
  }
  if (prices.length !== n)
    throw new EngineError(
      "INVALID_INPUT",
      `weights and prices must have the same length, got ${n} and ${prices.length}`,
      { field: "prices" },
    );
  const p = new Float64Array(n);
  for (let i = 0; i < n; i++) p[i] = checkedPrice(`prices[${i}]`, prices[i]);
  return p;
}

function labelledPrices(prices: unknown, assets: readonly string[], w: Float64Array): Float64Array {
  if (prices === null || typeof prices !== "object" || isNumberArray(prices)) {
    throw new EngineError(
      "INVALID_INPUT",
      "prices must be { id: price } or a Map from id to price when the weights are labelled",
      { field: "prices" },
    );
  }
  const byId: ReadonlyMap<string, unknown> = prices instanceof Map ? prices : new Map(Object.entries(prices));
  const p = new Float64Array(assets.length);
  for (let i = 0; i < assets.length; i++) {
    const id = assets[i]!;
    const price = byId.get(id);
    if (price === undefined) {
      if (w[i] === 0) {
        p[i] = Number.NaN;
        continue;
      }
      const closest = closestIds(id, [...byId.keys()]);
      const hint = closest.length === 0 ? "" : ` (closest priced ids: ${closest.join(", ")})`;
      throw new EngineError(
        "INVALID_INPUT",
        `prices.${id} is missing: asset "${id}" has weight ${w[i]} and no price${hint}`,
        { field: `prices.${id}`, details: { id, closest } },
      );
    }
    p[i] = checkedPrice(`prices.${id}`, price);
  }
  return p;
}

function checkedPrice(field: string, v: unknown): number {
  if (typeof v !== "number" || !Number.isFinite(v) || !(v > 0)) {
    throw new EngineError("INVALID_INPUT", `${field} must be a finite price > 0, got ${String(v)}`, { field });
  }
  return v;
}
