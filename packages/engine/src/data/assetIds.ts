import { closestName, editDistance } from "../_internal/assertKnownKeys.ts";
import { EngineError } from "../errors/EngineError.ts";

/**
 * Checks a list of asset ids (non-empty strings, unique) and returns it frozen, with an index from
 * id to position.
 * @throws EngineError INVALID_INPUT naming `${field}[i]`.
 */
export function readAssetIds(
  field: string,
  ids: unknown,
  expectedLength?: number,
): { assets: readonly string[]; index: ReadonlyMap<string, number> } {
  if (!Array.isArray(ids))
    throw new EngineError("INVALID_INPUT", `${field} must be an array of asset ids (strings)`, { field });
  if (expectedLength !== undefined && ids.length !== expectedLength) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must name ${expectedLength} assets (one per column), got ${ids.length}`,
      { field },
    );
  }
  const index = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (typeof id !== "string" || id.length === 0) {
      throw new EngineError(
        "INVALID_INPUT",
        `${field}[${i}] must be a non-empty string, got ${id === "" ? '""' : typeof id}`,
        { field: `${field}[${i}]` },
      );
    }
    const seen = index.get(id);
    if (seen !== undefined) {
      throw new EngineError(
        "INVALID_INPUT",
        `${field}[${i}] repeats asset id "${id}" (first at ${seen}); ids must be unique`,
        { field: `${field}[${i}]` },
      );
    }
    index.set(id, i);
  }
  return { assets: Object.freeze([...ids] as string[]), index };
}

/** Up to `count` ids of `known` closest to `id` (edit distance, then order). */
export function closestIds(id: string, known: readonly string[], count = 3): string[] {
  if (known.length <= count) return [...known].sort((a, b) => editDistance(id, a) - editDistance(id, b));
  const scored = known.map((name, order) => ({ name, order, d: editDistance(id, name) }));
  scored.sort((a, b) => a.d - b.d || a.order - b.order);
  return scored.slice(0, count).map((s) => s.name);
}

/**
 * Throws INVALID_INPUT for an id that is not among `assets`, naming it and the closest ids.
 * @example
 * unknownAssetError("weights", "A3", ["A01", "A02", "A03"]).message // => 'weights names asset "A3", which is not among the 3 assets (closest: A03, A01, A02)'
 */
export function unknownAssetError(field: string, id: string, assets: readonly string[]): EngineError {
  const closest = assets.length === 0 ? [] : closestIds(id, assets);
  const hint = closest.length === 0 ? "" : ` (closest: ${closest.join(", ")})`;
  return new EngineError(
    "INVALID_INPUT",
    `${field} names asset "${id}", which is not among the ${assets.length} assets${hint}`,
    {
      field,
      details: { id, closest: closest.length > 0 ? closest : [closestName(id, assets.length > 0 ? assets : [id])] },
    },
  );
}

/**
 * Lines `other` up with `assets`: both must name the same set of ids. Returns null when the order is
 * the same, else `position[i]` = where `assets[i]` stands in `other` (so a labelled input in another
 * order is read by id, never by position).
 * @throws EngineError INVALID_INPUT naming the ids that are on one side only.
 */
export function alignAssets(
  field: string,
  assets: readonly string[],
  other: readonly string[],
  otherName: string,
): Int32Array | null {
  if (assets === other) return null;
  let same = assets.length === other.length;
  for (let i = 0; same && i < assets.length; i++) same = assets[i] === other[i];
  if (same) return null;
  const where = new Map<string, number>();
  for (let i = 0; i < other.length; i++) where.set(other[i]!, i);
  const here = new Set(assets);
  const missing = other.filter((id) => !here.has(id));
  const extra = assets.filter((id) => !where.has(id));
  if (missing.length > 0 || extra.length > 0) {
    const list = (ids: string[]) =>
      `${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ` and ${ids.length - 5} more` : ""}`;
    const parts: string[] = [];
    if (extra.length > 0) parts.push(`${list(extra)} not in ${otherName}`);
    if (missing.length > 0) parts.push(`${otherName} has ${list(missing)} not in ${field}`);
    throw new EngineError("INVALID_INPUT", `${field} and ${otherName} must name the same assets: ${parts.join("; ")}`, {
      field,
      details: { extra, missing },
    });
  }
  const position = new Int32Array(assets.length);
  for (let i = 0; i < assets.length; i++) position[i] = where.get(assets[i]!)!;
  return position;
}
