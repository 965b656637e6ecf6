import { EngineError } from "../errors/EngineError.ts";

/**
 * Optimal-string-alignment distance (Levenshtein with adjacent transpositions counted as one edit;
 * Damerau 1964, "A technique for computer detection and correction of spelling errors", CACM 7(3)),
 * case-insensitive. Cost O(|a|·|b|).
 * @example
 * editDistance("maxWieght", "maxWeight") // => 1
 */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const rows = s.length + 1;
  const cols = t.length + 1;
  const d = new Uint16Array(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}

/** The valid name closest to `key` (smallest edit distance, first in `allowed` on ties). */
export function closestName(key: string, allowed: readonly string[]): string {
  let best = allowed[0]!;
  let bestDistance = Infinity;
  for (const name of allowed) {
    const distance = editDistance(key, name);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Throws INVALID_INPUT when the object `value` (an options or input object, named `field`) has an
 * own enumerable key not in `allowed`, naming the key and the closest valid name
 * (docs/maths.md#strict-inputs): a misspelt option would otherwise be ignored silently and its
 * default used. Keys whose value is `undefined` are refused too (they are still not options).
 *
 * Cost: O(k·a·L²) for k keys, a allowed names of length L.
 * @throws EngineError INVALID_INPUT, `field` = `${field}.${key}`, `details` = { key, closest, allowed }
 * @example
 * assertKnownKeys("options", { maxWieght: 0.5 }, ["maxWeight", "minHoldings"]) // throws "options has no option maxWieght (did you mean maxWeight?); valid: maxWeight, minHoldings"
 */
export function assertKnownKeys(field: string, value: object, allowed: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (allowed.includes(key)) continue;
    const closest = closestName(key, allowed);
    throw new EngineError(
      "INVALID_INPUT",
      `${field} has no option ${key} (did you mean ${closest}?); valid: ${allowed.join(", ")}`,
      {
        field: `${field}.${key}`,
        details: { key, closest, allowed: [...allowed] },
      },
    );
  }
}
