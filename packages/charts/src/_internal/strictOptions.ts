import { ChartError } from "../ChartError.ts";

/**
 * Edit distance between two names, case ignored: insertions, deletions, substitutions and the swap
 * of two adjacent letters each count 1 (optimal string alignment). Cost O(|a|·|b|).
 *
 * @example
 * nameDistance("logscale", "logScale") // => 0
 * nameDistance("riksFreeRate", "riskFreeRate") // => 1
 */
export function nameDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  // Three rows suffice: the current one, the one above, and the one above that (for a swap).
  let before = new Array<number>(t.length + 1).fill(0);
  let above = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++) {
      let d = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
    }
    before = above;
    above = row;
  }
  return above[t.length]!;
}

/**
 * The name in `allowed` nearest to `key` by {@link nameDistance} (the first of equals).
 *
 * @example
 * closestName("periodPerYear", ["title", "periodsPerYear", "riskFreeRate"]) // => "periodsPerYear"
 */
export function closestName(key: string, allowed: readonly string[]): string {
  let best = allowed[0] ?? "";
  let bestDistance = Infinity;
  for (const name of allowed) {
    const d = nameDistance(key, name);
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best;
}

/**
 * Reads an options (or input) object strictly: `undefined` gives `{}`; anything but a plain object
 * is refused; so is any own key not in `allowed`, named with the closest valid name (a misspelt
 * option, `logscale` or `colour`, would otherwise be ignored and its default drawn). A key whose
 * value is `undefined` is accepted as absent. One rule for every chart, as the engine's options.
 *
 * Cost: O(k·a·L²) for k keys, a allowed names of length L.
 * @throws ChartError naming `${field}.${key}` with `details` `{ key, closest, allowed }`, or naming `field` when it is not an object
 * @example
 * strictOptions("options", { logscale: true }, ["title", "width", "height", "logScale"])
 * // throws "options.logscale: options has no option logscale (did you mean logScale?); valid: title, width, height, logScale"
 */
export function strictOptions<T extends object>(
  field: string,
  value: unknown,
  allowed: ReadonlyArray<keyof T & string>,
): Partial<T> {
  if (value === undefined) return {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ChartError(
      field,
      `must be an object { ${allowed.join(", ")} }, got ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`,
    );
  }
  for (const key of Object.keys(value)) {
    if ((allowed as readonly string[]).includes(key) || (value as Record<string, unknown>)[key] === undefined) continue;
    const closest = closestName(key, allowed);
    throw new ChartError(
      `${field}.${key}`,
      `${field} has no option ${key} (did you mean ${closest}?); valid: ${allowed.join(", ")}`,
      {
        details: { key, closest, allowed: [...allowed] },
      },
    );
  }
  return value as Partial<T>;
}
