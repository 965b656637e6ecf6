import { EngineError } from "../errors/EngineError.ts";
import { unknownAssetError } from "../data/assetIds.ts";
import type { PortfolioResult, Weight } from "./PortfolioResult.ts";

/** Weights a person or a method gives: `{ id: w }`, a Map, `{ id, weight }[]`, or a {@link PortfolioResult}. */
export type WeightsInput =
  | Readonly<Record<string, number>>
  | ReadonlyMap<string, number>
  | ReadonlyArray<Weight>
  | Pick<PortfolioResult, "weights">;

/**
 * Reads labelled weights onto `assets` (an id absent from the input weighs 0). Refuses an id that is
 * not among `assets`, naming it and the closest ids, a repeated id, and a non-finite weight.
 * @throws EngineError INVALID_INPUT naming `${field}.<id>`.
 * @example
 * weightVector("weights", { B: 0.25, A: 0.75 }, ["A", "B", "C"]) // => Float64Array [0.75, 0.25, 0]
 */
export function weightVector(field: string, weights: WeightsInput, assets: readonly string[]): Float64Array {
  const index = new Map<string, number>();
  for (let i = 0; i < assets.length; i++) index.set(assets[i]!, i);
  const out = new Float64Array(assets.length);
  const seen = new Set<string>();
  const put = (id: unknown, w: unknown): void => {
    if (typeof id !== "string")
      throw new EngineError("INVALID_INPUT", `${field} ids must be strings, got ${typeof id}`, { field });
    const i = index.get(id);
    if (i === undefined) throw unknownAssetError(field, id, assets);
    if (seen.has(id))
      throw new EngineError("INVALID_INPUT", `${field} gives asset "${id}" twice`, { field: `${field}.${id}` });
    if (typeof w !== "number" || !Number.isFinite(w))
      throw new EngineError("INVALID_INPUT", `${field}.${id} must be a finite number, got ${String(w)}`, {
        field: `${field}.${id}`,
      });
    seen.add(id);
    out[i] = w;
  };
  if (weights === null || typeof weights !== "object")
    throw new EngineError("INVALID_INPUT", `${field} must be { id: weight }, a Map, or { id, weight }[]`, { field });
  if (weights instanceof Map) for (const [id, w] of weights) put(id, w);
  else if (Array.isArray(weights)) for (const item of weights as ReadonlyArray<Weight>) put(item?.id, item?.weight);
  else if ("weights" in weights && Array.isArray((weights as Pick<PortfolioResult, "weights">).weights)) {
    for (const item of (weights as Pick<PortfolioResult, "weights">).weights) put(item.id, item.weight);
  } else for (const [id, w] of Object.entries(weights)) put(id, w);
  return out;
}
